import { Type, type Static } from 'typebox'
import { ListQuerySchema } from '../../http/lists.js'
import { OwnedDocumentSchema } from '../documents/index.js'
import { AccountSchema } from '../identity/index.js'

/** A person of the firm as a client list names them (contract §9). */
export const StaffNameSchema = Type.Object({ id: Type.Integer(), username: Type.String({ examples: ['Karim Benali'] }) }, { title: 'StaffName' })

/**
 * One row of the new-users and clients lists (spec §3: user lists also carry email), from identity's
 * account, with the firm's people serving the client (contract §9; none for a user not yet accepted).
 */
const { isAdmin: _admin, ...rowFields } = AccountSchema.properties
export const AccountSummarySchema = Type.Object({ ...rowFields, staff: Type.Array(StaffNameSchema) }, { title: 'AccountSummary' })
export type AccountRow = Static<typeof AccountSummarySchema>

/** The clients list's query (contract §9): the list parameters of §2 and `staffId`, one person's clients (blank: everyone's, a plain GET form). */
export const ClientListQuerySchema = Type.Object({
  ...ListQuerySchema.properties,
  staffId: Type.Optional(Type.String({ pattern: '^([1-9][0-9]{0,9})?$', examples: ['12'] })),
})
export type ClientListQuery = Static<typeof ClientListQuerySchema>

/** The person `?staffId=` names, if any. */
export function staffIdOf(query: { staffId?: unknown }): number | undefined {
  return typeof query.staffId === 'string' && /^[1-9][0-9]{0,9}$/.test(query.staffId) ? Number(query.staffId) : undefined
}

/** Spec §3 Profile: the account and a page of its documents (`documentsTotal` of them in all). */
const { isVerified: _verified, ...profileFields } = AccountSchema.properties
export const ProfileSchema = Type.Object({
  ...profileFields,
  documents: Type.Array(OwnedDocumentSchema),
  documentsTotal: Type.Integer(),
  /** The space the documents take, of CLIENT_QUOTA_MB (issue 15). */
  storage: Type.Object({ usedBytes: Type.Integer({ examples: [183_204] }), quotaBytes: Type.Integer({ examples: [524_288_000] }) }),
}, { title: 'Profile' })
export type Profile = Static<typeof ProfileSchema>

/**
 * Spec §3 Counts: users.unaccepted, users.accepted, documents.unviewed, documents.viewed, types;
 * contract §9 adds users.staff (the firm's staff people, invited or active). A staff member's
 * counts are over their clients.
 */
export const CountsSchema = Type.Object({
  users: Type.Object({ unaccepted: Type.Integer(), accepted: Type.Integer(), staff: Type.Integer() }),
  documents: Type.Object({ unviewed: Type.Integer(), viewed: Type.Integer() }),
  types: Type.Integer(),
}, { title: 'Counts' })
export type Counts = Static<typeof CountsSchema>

/** A company's identifiers (contract §11); null where not given. */
export const CompanyIdentifiersSchema = Type.Object({
  nif: Type.Union([Type.String({ examples: ['000216001234567'] }), Type.Null()]),
  nis: Type.Union([Type.String({ examples: ['000216010012345'] }), Type.Null()]),
  rc: Type.Union([Type.String({ examples: ['16/00-1234567B21'] }), Type.Null()]),
  articleImposition: Type.Union([Type.String({ examples: ['16012345678'] }), Type.Null()]),
  legalForm: Type.Union([Type.String({ enum: ['EURL', 'SARL', 'SPA', 'SNC', 'SCS', 'EI', 'autre'] }), Type.Null()]),
  taxRegime: Type.Union([Type.String({ enum: ['reel', 'ifu'] }), Type.Null()]),
  employer: Type.Union([Type.Boolean(), Type.Null()]),
}, { title: 'CompanyIdentifiers' })

// Loose: a wrong value reaches the shared check and gets its French message naming the field.
const LooseField = Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Boolean(), Type.Integer(), Type.Null()]))
export const CompanyIdentifiersBodySchema = Type.Object({
  nif: LooseField, nis: LooseField, rc: LooseField, articleImposition: LooseField, legalForm: LooseField, taxRegime: LooseField, employer: LooseField,
}, { title: 'CompanyIdentifiersChange' })
