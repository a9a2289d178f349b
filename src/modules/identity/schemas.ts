import { Type, type Static } from '@fastify/type-provider-typebox'
import { DateTimeSchema, IdSchema } from '../../http/schemas.js'

/** Body fields are optional strings: a missing one gets the §5 message from validation.ts, not a validator's text. */
const field = (examples?: string[]) => Type.Optional(Type.String({ maxLength: 1000, ...(examples ? { examples } : {}) }))

export const RoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('staff'), Type.Literal('client')], { title: 'Role' })

/** Contract §2: `profilePhoto` is an object `{url}` everywhere it is returned, or null. */
export const PhotoSchema = Type.Union([Type.Object({ url: Type.String({ examples: ['/uploads/photos/5d41402abc4b2a76b9719d911017c592.webp'] }) }), Type.Null()], { title: 'ProfilePhoto' })

/** Contract §10: the portal's two languages. */
export const LanguageSchema = Type.Union([Type.Literal('fr'), Type.Literal('ar')], { title: 'Language', description: 'What the person reads the portal and their mails in (contract §10).' })

export const SessionUserSchema = Type.Object(
  {
    id: Type.Integer({ examples: [7] }),
    username: Type.String({ examples: ['Amina Haddad'] }),
    profilePhoto: PhotoSchema,
    isAccepted: Type.Boolean(),
    isAdmin: Type.Boolean({ description: 'True for the firm\'s people, admin and staff (contract §9).' }),
    role: RoleSchema,
    companyId: Type.Union([Type.Integer(), Type.Null()], { description: 'The company a client\'s person acts for; null for the firm\'s people.' }),
    companyRole: Type.Union([Type.Literal('owner'), Type.Literal('member'), Type.Null()]),
    language: LanguageSchema,
  },
  { title: 'SessionUser' },
)

/** Login's answer: the user (session opened), or the second step to take when two-factor is on (contract §6). */
export const LoginAnswerSchema = Type.Union([SessionUserSchema, Type.Object({ twoFactorRequired: Type.Literal(true) }, { title: 'TwoFactorRequired' })], { title: 'LoginAnswer' })

/** An account as identity hands it to other modules: the source of the type and of every list's row. */
export const AccountSchema = Type.Object({
  id: Type.Integer({ examples: [7] }),
  username: Type.String({ examples: ['Amina Haddad'] }),
  email: Type.String({ examples: ['amina.haddad@example.dz'] }),
  entreprise: Type.String({ examples: ['Haddad Import-Export SARL'] }),
  telephone: Type.String({ examples: ['0551234567'] }),
  isVerified: Type.Boolean(),
  isAccepted: Type.Boolean(),
  isAdmin: Type.Boolean(),
  createdAt: DateTimeSchema,
  profilePhoto: PhotoSchema,
})
export type AccountSummary = Static<typeof AccountSchema>

export const RegisterBodySchema = Type.Object(
  {
    username: field(['Amina Haddad']),
    email: field(['amina.haddad@example.dz']),
    entreprise: field(['Haddad Import-Export SARL']),
    telephone: field(['0551234567']),
    password: field(),
    confirmPassword: field(),
  },
  { title: 'Registration' },
)

export const LoginBodySchema = Type.Object({ email: field(['amina.haddad@example.dz']), password: field() }, { title: 'Login' })
export const ForgotBodySchema = Type.Object({ email: field(['amina.haddad@example.dz']) }, { title: 'ForgotPassword' })
export const ResetBodySchema = Type.Object({ newPassword: field(), confirmPassword: field() }, { title: 'ResetPassword' })
export const ChangePasswordBodySchema = Type.Object({ oldPassword: field(), newPassword: field() }, { title: 'ChangePassword' })

const UserId = IdSchema
const Token = Type.String({ minLength: 1, maxLength: 200 })

export const UserTokenParamsSchema = Type.Object({ userId: UserId, token: Token })
export const TokenParamsSchema = Type.Object({ token: Token })
export const UserIdParamsSchema = Type.Object({ userId: UserId })

/** Contract §6: a session as its user sees it; `id` is a hash prefix, never the cookie's secret. */
export const SessionSchema = Type.Object(
  {
    id: Type.String({ examples: ['3f9a1c0d2b7e'] }),
    createdAt: DateTimeSchema,
    lastSeenAt: DateTimeSchema,
    ip: Type.Union([Type.String(), Type.Null()]),
    userAgent: Type.Union([Type.String(), Type.Null()]),
    current: Type.Boolean(),
  },
  { title: 'Session' },
)
export const SessionParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })

/** Accepting an invitation (contract §9): the name shown to others, the password twice. */
export const InvitationAnswerSchema = Type.Object({ username: field(['Karim Benali']), password: field(), confirmPassword: field() }, { title: 'InvitationAnswer' })
