import { Type, type Static } from 'typebox'
import { ListQuerySchema } from '../../http/lists.js'
import { DateTimeSchema } from '../../http/schemas.js'
import { JOURNAL_ACTIONS } from './actions.js'

/** One journal entry (contract §6). */
export const JournalEntrySchema = Type.Object({
  id: Type.Integer(),
  at: DateTimeSchema,
  action: Type.String({ examples: ['document.uploaded'] }),
  actor: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  subject: Type.Union([Type.Object({ type: Type.String(), id: Type.Integer(), label: Type.String() }), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
}, { title: 'JournalEntry' })
export type JournalEntry = Static<typeof JournalEntrySchema>

/** The list query of §2, `?action=` (one action) and `?actorId=` (one person's doings). Blank means no filter (a plain GET form). */
export const JournalQuerySchema = Type.Object({
  ...ListQuerySchema.properties,
  action: Type.Optional(Type.Union([...JOURNAL_ACTIONS.map((action) => Type.Literal(action)), Type.Literal('')])),
  actorId: Type.Optional(Type.String({ pattern: '^([1-9][0-9]{0,9})?$' })),
})
export type JournalQuery = Static<typeof JournalQuerySchema>
