import type { Generated } from 'kysely'

/**
 * Row shapes as stored. Booleans are 0/1, times are UTC strings 'YYYY-MM-DD HH:MM:SS.mmm'
 * on both dialects; repositories convert them (see ./values.ts).
 */
export interface UsersTable {
  id: Generated<number>
  username: string
  email: string
  entreprise: string
  telephone: string
  password_hash: string
  is_verified: number
  is_accepted: number
  is_admin: number
  profile_photo: string | null
  created_at: string
  updated_at: string
}

/** Rows of users by flags, kept by triggers (migrations/helpers.ts createRowCounts). */
export interface UserCountsTable {
  is_admin: number
  is_accepted: number
  n: number | string
}

export interface SessionsTable {
  id: string
  user_id: number
  created_at: string
  expires_at: string
  /** The last request made with it, written at most once a minute (null: never since migration 0012). */
  last_seen_at: string | null
  ip: string | null
  user_agent: string | null
}

export interface UserTokensTable {
  id: Generated<number>
  user_id: number
  purpose: string
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface UserTwoFactorTable {
  user_id: number
  /** Sealed (src/crypto/sealing.ts); null until enrolment is confirmed. */
  secret: string | null
  pending_secret: string | null
  last_step: number | string | null
  enabled_at: string | null
  updated_at: string
}

export interface RecoveryCodesTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  used_at: string | null
}

export interface PendingLoginsTable {
  /** sha256 of the pending cookie's token. */
  id: string
  user_id: number
  failures: number
  created_at: string
  expires_at: string
}

export interface ContactMessagesTable {
  id: Generated<number>
  name: string
  email: string
  telephone: string
  message: string
  ip: string | null
  created_at: string
}

export interface DocumentTypesTable {
  id: Generated<number>
  type_name: string
  /** fold(type_name): unique, so names differ by more than case and accents. */
  type_key: string
  created_at: string
}

export interface DocumentsTable {
  id: Generated<number>
  user_id: number
  type_id: number
  name: string
  description: string
  original_name: string
  storage_key: string
  mime: string
  size: number | string
  is_viewed: number
  is_archived: number
  created_at: string
  viewed_at: string | null
  archived_at: string | null
}

/** Rows of documents by state, kept by triggers (migrations/0007-document-counts.ts). */
export interface DocumentCountsTable {
  is_archived: number
  is_viewed: number
  n: number | string
}

/** Mails waiting, sent or failed (migrations/0008-outbox.ts, src/jobs/outbox.ts). */
export interface OutboxTable {
  id: Generated<number>
  recipient: string
  subject: string
  /** The sealed mail; null once sent. */
  payload: string | null
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: string
  /** The claim token of the worker sending it, until `claimed_until`. */
  claimed_by: string | null
  claimed_until: string | null
  last_error: string | null
  created_at: string
  sent_at: string | null
}

/** The journal of who did what (migrations/0010-journal.ts, src/modules/journal/): append-only. */
export interface JournalTable {
  id: Generated<number>
  at: string
  action: string
  actor_id: number | null
  actor_label: string | null
  /** The actor's address as it was (searched by `q`, never shown). */
  actor_email: string | null
  subject_type: string | null
  subject_id: number | null
  subject_label: string | null
  /** The user whose account or document the subject is: a client's activity is one index range. */
  owner_id: number | null
  ip: string | null
  user_agent: string | null
  /** fold() of the searched labels; MariaDB's FULLTEXT index covers it (SQLite's is journal_search). */
  search_text: string
}

/** Journal entries counted by action, written with each entry: unfiltered and ?action= totals. */
export interface JournalCountsTable {
  action: string
  n: number | string
}

/** Journal entries counted by actor, kept by the same triggers: ?actorId= totals. */
export interface JournalActorCountsTable {
  actor_id: number
  n: number | string
}

/** The firm's grouped upload mails, per client (migrations/0013-upload-notices.ts). */
export interface UploadNoticesTable {
  user_id: number
  /** When the last mail about this client's uploads went, or is due (a digest waiting). */
  last_mail_at: string
  /** The digest waiting in the outbox, and the first document it lists. */
  digest_outbox_id: number | null
  digest_from_document_id: number | null
}

export interface Database {
  users: UsersTable
  user_counts: UserCountsTable
  sessions: SessionsTable
  user_tokens: UserTokensTable
  user_two_factor: UserTwoFactorTable
  recovery_codes: RecoveryCodesTable
  pending_logins: PendingLoginsTable
  contact_messages: ContactMessagesTable
  document_types: DocumentTypesTable
  documents: DocumentsTable
  document_counts: DocumentCountsTable
  outbox: OutboxTable
  journal: JournalTable
  journal_counts: JournalCountsTable
  journal_actor_counts: JournalActorCountsTable
  upload_notices: UploadNoticesTable
}
