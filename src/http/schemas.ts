import { Type } from 'typebox'

/** Every answer that carries only a French message: successes and errors alike (contract §2). */
export const MessageSchema = Type.Object({ message: Type.String() })

/** The error answers a route may give, each a `{message}` (contract §2). */
export const errorResponses = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, MessageSchema]))

/** A database id in a path: `/…/:id`. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
export const IdParamsSchema = Type.Object({ id: IdSchema })
