import { Type } from 'typebox'
import { ERROR_CODES } from './errors.js'

/** Every answer that carries only a French message: successes and errors alike (contract §2). */
export const MessageSchema = Type.Object({ message: Type.String({ examples: ['Opération effectuée.'] }) }, { title: 'Message' })

/** An error answer: the French message, its stable code (contract §8) and the form field it belongs to, if any. */
export const ErrorSchema = Type.Object(
  {
    message: Type.String({ examples: ['Veuillez vous connecter.'] }),
    code: Type.Enum(ERROR_CODES, { type: 'string', examples: ['unauthenticated'] }),
    field: Type.Optional(Type.String({ description: 'Le champ du formulaire auquel l’erreur se rapporte (absent : l’erreur du formulaire)', examples: ['password'] })),
  },
  { title: 'Error' },
)

/** The error answers a route may give, each a `{message, code}` (contract §2, §8). */
export const errorResponses = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorSchema]))

/** A moment: a `Date` in the code, an ISO 8601 string in JSON (Fastify's serializer writes `toISOString()`). */
export const DateTimeSchema = Type.Unsafe<Date>({ type: 'string', format: 'date-time' })
export const NullableDateTimeSchema = Type.Union([DateTimeSchema, Type.Null()])

/** A database id in a path: `/…/:id`. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
export const IdParamsSchema = Type.Object({ id: IdSchema })
