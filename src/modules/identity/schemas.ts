import { Type } from '@fastify/type-provider-typebox'
import { IdSchema } from '../../http/schemas.js'

/** Body fields are optional strings: a missing one gets the §5 message from validation.ts, not a validator's text. */
const field = () => Type.Optional(Type.String({ maxLength: 1000 }))

export const SessionUserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  profilePhoto: Type.Union([Type.Object({ url: Type.String() }), Type.Null()]),
  isAccepted: Type.Boolean(),
  isAdmin: Type.Boolean(),
})

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
