import { Type, type Static } from 'typebox'
import { DateTimeSchema, NullableDateTimeSchema } from '../../http/schemas.js'

/** One of a company's people (contract §9): the owner (the company's own account) or a member. */
export const CompanyMemberSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    companyRole: Type.Union([Type.Literal('owner'), Type.Literal('member')]),
    status: Type.Union([Type.Literal('invited'), Type.Literal('active')]),
    createdAt: DateTimeSchema,
    /** The latest request of their open sessions; null when none is open (never logged in, or logged out). */
    lastSeenAt: NullableDateTimeSchema,
  },
  { title: 'CompanyMember' },
)
export type CompanyMember = Static<typeof CompanyMemberSchema>

/** Checked by identity's `checkInvitation` (a missing field is an empty one, with its French message). */
export const NewMemberBodySchema = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  username: Type.Optional(Type.String({ maxLength: 1000 })),
})
