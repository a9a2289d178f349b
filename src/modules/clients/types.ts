/** The shapes clients hands to pages, derived from its schemas (types only, so views can import them). */
export type { AccountRow, Counts, Profile } from './schemas.js'
/** The dashboard's mail panel (the outbox's counts). */
export type { MailCounts } from '../../jobs/outbox.js'
