import { Type, type Static } from 'typebox'
import { OwnedDocumentSchema } from '../documents/index.js'
import { AccountSchema } from '../identity/index.js'

/** One row of the new-users and clients lists (spec §3: user lists also carry email), from identity's account. */
const { isAdmin: _admin, ...rowFields } = AccountSchema.properties
export const AccountSummarySchema = Type.Object(rowFields, { title: 'AccountSummary' })
export type AccountRow = Static<typeof AccountSummarySchema>

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

/** Spec §3 Counts: users.unaccepted, users.accepted, documents.unviewed, documents.viewed, types. */
export const CountsSchema = Type.Object({
  users: Type.Object({ unaccepted: Type.Integer(), accepted: Type.Integer() }),
  documents: Type.Object({ unviewed: Type.Integer(), viewed: Type.Integer() }),
  types: Type.Integer(),
}, { title: 'Counts' })
export type Counts = Static<typeof CountsSchema>
