import { Type } from 'typebox'
import { IdSchema } from '../../http/schemas.js'

const Day = Type.String({ format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })

/** An obligation as the API answers it (contract §11). */
export const ObligationSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String({ examples: ['G50'] }),
  label: Type.String({ examples: ['G50'] }),
  frequency: Type.Union([Type.Literal('monthly'), Type.Literal('quarterly'), Type.Literal('yearly')]),
  dueDay: Type.Integer({ minimum: 1, maximum: 31, examples: [20] }),
  dueMonths: Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { examples: [[1, 4, 7, 10]] }),
  appliesTo: Type.Object({ taxRegime: Type.Optional(Type.Union([Type.Literal('reel'), Type.Literal('ifu')])), employer: Type.Optional(Type.Literal(true)) }),
  typeId: Type.Union([Type.Integer(), Type.Null()]),
  leadDays: Type.Integer({ minimum: 0, maximum: 365, examples: [15] }),
  active: Type.Boolean(),
}, { title: 'Obligation' })

// Loose: a wrong value reaches the shared check and gets its French message naming the field.
const Loose = Type.Optional(Type.Unknown())
export const ObligationBodySchema = Type.Object({ code: Loose, label: Loose, dueDay: Loose, dueMonths: Loose, appliesTo: Loose, typeId: Loose, leadDays: Loose, active: Loose }, { title: 'ObligationChange' })

/** One item of the calendar (contract §11). */
export const CalendarItemSchema = Type.Object({
  obligation: Type.Object({ id: Type.Integer(), code: Type.String(), label: Type.String() }),
  period: Type.String({ examples: ['2026-11'] }),
  dueDate: Type.String({ format: 'date', examples: ['2026-11-20'] }),
  user: Type.Object({ id: Type.Integer(), username: Type.String(), entreprise: Type.String() }),
  request: Type.Union([Type.Object({ id: Type.Integer(), status: Type.Union([Type.Literal('open'), Type.Literal('fulfilled'), Type.Literal('cancelled')]) }), Type.Null()]),
  status: Type.Union([Type.Literal('upcoming'), Type.Literal('requested'), Type.Literal('fulfilled'), Type.Literal('overdue')]),
}, { title: 'CalendarItem' })

/** `?from&to` (inclusive days of the due date; default a year back and a year ahead), `?userId` (the firm), and the list's pages. */
export const CalendarQuerySchema = Type.Object({
  from: Type.Optional(Type.Union([Day, Type.Literal('')])),
  to: Type.Optional(Type.Union([Day, Type.Literal('')])),
  userId: Type.Optional(IdSchema),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1 })),
})

export const FeedQuerySchema = Type.Object({
  userId: Type.Optional(IdSchema),
  /** A personal access token (contract §8), for calendar apps that subscribe by address alone. */
  token: Type.Optional(Type.String({ maxLength: 200 })),
})
