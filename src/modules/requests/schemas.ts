import { Type, type Static } from 'typebox'
import { ListQuerySchema } from '../../http/lists.js'
import { DateTimeSchema, IdSchema, NullableDateTimeSchema } from '../../http/schemas.js'
import { UploaderSchema } from '../documents/index.js'
import { STATUS_FILTERS } from './texts.js'

/** A request as the API answers it (contract §7); `overdue` is computed (open and due before today, Algiers time). */
export const RequestSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String({ examples: ['Relevés bancaires de mars'] }),
  note: Type.String(),
  dueDate: Type.String({ format: 'date', examples: ['2026-04-30'] }),
  status: Type.Union([Type.Literal('open'), Type.Literal('fulfilled'), Type.Literal('cancelled')]),
  overdue: Type.Boolean(),
  type: Type.Object({ id: Type.Integer(), typeName: Type.String() }),
  user: Type.Object({ id: Type.Integer(), username: Type.String(), entreprise: Type.String() }),
  createdAt: DateTimeSchema,
  fulfilledAt: NullableDateTimeSchema,
  cancelledAt: NullableDateTimeSchema,
  /** The documents that answered it, each with who of the company uploaded it (contract §9; null when the firm sent it). */
  documents: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), uploadedBy: UploaderSchema })),
  /** Made by the firm's calendar (contract §11): its obligation and period `YYYY-MM`; null when asked by hand. */
  obligation: Type.Union([Type.Object({ id: Type.Integer(), code: Type.String({ examples: ['G50'] }), period: Type.String({ examples: ['2026-11'] }) }), Type.Null()]),
}, { title: 'DocumentRequest' })
export type RequestView = Static<typeof RequestSchema>

// Optional and loose: a missing or malformed field reaches the shared check and gets its French message.
const Loose = Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 5000 })]))
export const NewRequestBodySchema = Type.Object({ userId: Loose, typeId: Loose, title: Loose, note: Loose, dueDate: Loose }, { title: 'NewDocumentRequest' })

/** The list parameters of contract §2, and `userId` and `status` (the firm; a client's person sees the company's). */
export const RequestListQuerySchema = Type.Object({
  ...ListQuerySchema.properties,
  userId: Type.Optional(IdSchema),
  status: Type.Optional(Type.Union([...STATUS_FILTERS.map((s) => Type.Literal(s)), Type.Literal('')])),
})
