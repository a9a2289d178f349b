import type { OwnedDocument } from '../documents/types.js'
import type { AccountSummary } from '../identity/accounts.js'

/** The shapes clients hands to pages: types only, so views can import them without the module. */

/** Spec §3 Profile, with the documents table. */
export interface Profile extends Omit<AccountSummary, 'isVerified'> {
  documents: OwnedDocument[]
}

/** Spec §3 Counts. */
export interface Counts {
  users: { unaccepted: number; accepted: number }
  documents: { unviewed: number; viewed: number }
  types: number
}
