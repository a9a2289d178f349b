import { Type, type Static } from '@fastify/type-provider-typebox'
import { IdSchema } from '../../http/schemas.js'

/** Body fields are optional strings: a missing one gets the §5 message from validation.ts, not a validator's text. */
const field = () => Type.Optional(Type.String({ maxLength: 1000 }))

const DateTime = Type.Unsafe<Date>({ type: 'string', format: 'date-time' })
/** Contract §2: `profilePhoto` is an object `{url}` everywhere it is returned, or null. */
export const PhotoSchema = Type.Union([Type.Object({ url: Type.String() }), Type.Null()])

export const SessionUserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  profilePhoto: PhotoSchema,
  isAccepted: Type.Boolean(),
  isAdmin: Type.Boolean(),
})

/** Login's answer: the user (session opened), or the second step to take when two-factor is on (contract §6). */
export const LoginAnswerSchema = Type.Union([SessionUserSchema, Type.Object({ twoFactorRequired: Type.Literal(true) })])

/** An account as identity hands it to other modules: the source of the type and of every list's row. */
export const AccountSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  entreprise: Type.String(),
  telephone: Type.String(),
  isVerified: Type.Boolean(),
  isAccepted: Type.Boolean(),
  isAdmin: Type.Boolean(),
  createdAt: DateTime,
  profilePhoto: PhotoSchema,
})
export type AccountSummary = Static<typeof AccountSchema>

export const RegisterBodySchema = Type.Object({
  username: field(),
  email: field(),
  entreprise: field(),
  telephone: field(),
  password: field(),
  confirmPassword: field(),
})

export const LoginBodySchema = Type.Object({ email: field(), password: field() })
export const ForgotBodySchema = Type.Object({ email: field() })
export const ResetBodySchema = Type.Object({ newPassword: field(), confirmPassword: field() })
export const ChangePasswordBodySchema = Type.Object({ oldPassword: field(), newPassword: field() })

const UserId = IdSchema
const Token = Type.String({ minLength: 1, maxLength: 200 })

export const UserTokenParamsSchema = Type.Object({ userId: UserId, token: Token })
export const TokenParamsSchema = Type.Object({ token: Token })
export const UserIdParamsSchema = Type.Object({ userId: UserId })

/** Contract §6: a session as its user sees it; `id` is a hash prefix, never the cookie's secret. */
export const SessionSchema = Type.Object({
  id: Type.String(),
  createdAt: DateTime,
  lastSeenAt: DateTime,
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
})
export const SessionParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })
