/** The shapes clients hands to pages, derived from its schemas (types only, so views can import them). */
export type { AccountRow, Counts, Profile } from './schemas.js'
/** The dashboard's mail panel (the outbox's counts). */
export type { MailCounts } from '../../jobs/outbox.js'
/** A session as the owner's profile lists it: the browser summarised in words. */
export interface DeviceSession {
  id: string
  device: string
  ip: string | null
  createdAt: Date
  lastSeenAt: Date
  current: boolean
}
