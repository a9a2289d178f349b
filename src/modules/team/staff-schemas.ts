import { Type, type Static } from 'typebox'
import { DateTimeSchema } from '../../http/schemas.js'

/** A firm person's role (contract §9): `admin` every right, `staff` their assigned clients only. */
export const StaffRoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('staff')], { description: '`admin` : tous les droits ; `staff` : les clients qui lui sont confiés' })

/** One person of the firm, as GET /api/staff lists them (contract §9). */
export const StaffPersonSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String({ examples: ['Yacine Meziane'] }),
    email: Type.String({ examples: ['y.meziane@cabinet.dz'] }),
    role: StaffRoleSchema,
    clients: Type.Integer({ minimum: 0, description: 'Le nombre de clients que la personne suit' }),
    createdAt: DateTimeSchema,
    lastSeenAt: Type.Union([DateTimeSchema, Type.Null()], { description: 'La dernière activité de sa session la plus récente ; null si elle ne s’est jamais connectée' }),
    status: Type.Union([Type.Literal('invited'), Type.Literal('active')]),
  },
  { title: 'StaffPerson' },
)
export type StaffPerson = Static<typeof StaffPersonSchema>
export type StaffRole = StaffPerson['role']

/** Every field optional, so a missing one reaches the shared check and gets its French message. */
const field = (examples: string[]) => Type.Optional(Type.String({ maxLength: 1000, examples }))

/** POST /api/staff: whom to invite, and as what. */
export const NewStaffSchema = Type.Object({ email: field(['y.meziane@cabinet.dz']), username: field(['Yacine Meziane']), role: field(['staff']) }, { title: 'NewStaff' })

/** PATCH /api/staff/:id: the person's new role. */
export const StaffRoleChangeSchema = Type.Object({ role: field(['admin']) }, { title: 'StaffRoleChange' })

/** Someone named in a list: who serves a client. */
export const PersonNameSchema = Type.Object({ id: Type.Integer(), username: Type.String({ examples: ['Nadia Cherif'] }) }, { title: 'PersonName' })

/** PUT /api/users/:id/staff: everyone who serves the client from now on (an empty list: nobody). */
export const AssignmentSchema = Type.Object(
  { staffIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 500, description: 'Les identifiants des personnes du cabinet qui suivent ce client' })) },
  { title: 'Assignment' },
)
