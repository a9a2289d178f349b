import type { RequestView } from '../requests/index.js'
import type { ReceivedDocument } from '../documents/index.js'
/** The shapes clients hands to pages, derived from its schemas (types only, so views can import them). */
export type { AccountRow, Counts, Profile } from './schemas.js'
export type { AccessTokenView } from '../identity/index.js'
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

/** The administrators' view of what the firm sent one client (contract §7), and the send form's limit. */
export interface FirmSent {
  items: ReceivedDocument[]
  total: number
  maxBytes: number
  /** The client's open requests, soonest due first: the send form's « En réponse à la demande » (issue 16). */
  openRequests: OpenRequestChoice[]
}

/** An open request as the send form offers it. */
export interface OpenRequestChoice {
  id: number
  title: string
  typeName: string
  dueDate: string
  overdue: boolean
}

/** A client's requests as their page shows them to an administrator, with the « Demander un document » form's choices. */
export interface ClientRequests {
  items: RequestView[]
  total: number
  types: Array<{ id: number; typeName: string }>
  /** The firm's day: the due date's minimum. */
  today: string
}
