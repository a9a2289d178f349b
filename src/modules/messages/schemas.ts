import { Type, type Static } from 'typebox'
import { DateTimeSchema, IdSchema, NullableDateTimeSchema } from '../../http/schemas.js'
import { TEXT_MAX } from './texts.js'

export const ThreadParamsSchema = Type.Object({ userId: IdSchema })

/** Optional, so that a missing text gets the French message of validation.ts, not a schema's. */
export const PostBodySchema = Type.Object({
  // Only a bound on the payload: the rule (5,000 once cleaned) and its message are validation.ts's.
  text: Type.Optional(Type.String({ maxLength: TEXT_MAX * 4, examples: ['Bonjour, voici le relevé demandé.'] })),
}, { title: 'NewThreadMessage' })

/**
 * One message of a thread (contract §7): its author is the person who wrote it, a company's owner
 * or member, or the firm's admin or staff (`role`, contract §9). `author.id` and `role` are null for a
 * firm's account since deleted (« Le cabinet »).
 */
export const ThreadMessageSchema = Type.Object({
  id: Type.Integer(),
  at: DateTimeSchema,
  author: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()]),
    username: Type.String(),
    isAdmin: Type.Boolean(),
    role: Type.Union([Type.Literal('admin'), Type.Literal('staff'), Type.Literal('client'), Type.Null()]),
  }),
  text: Type.String(),
  readAt: NullableDateTimeSchema,
}, { title: 'ThreadMessage' })
export type ThreadMessage = Static<typeof ThreadMessageSchema>

/** One client's thread in the firm's list (administrators): the client, the last message, the firm's unread count. */
export const ThreadSummarySchema = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  entreprise: Type.String(),
  lastMessageAt: DateTimeSchema,
  lastMessage: Type.String(),
  unread: Type.Integer({ minimum: 0 }),
}, { title: 'ThreadSummary' })
