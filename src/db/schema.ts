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
  /** 1 for the firm's people (`admin` and `staff`): the back-office's flag, kept beside `role`. */
  is_admin: number
  /** `admin` | `staff` | `client` (migrations/0031-teams.ts). */
  role: Generated<'admin' | 'staff' | 'client'>
  /** A company's member: the company's id (the account that registered it); null for its owner and the firm. */
  company_id: number | null
  /** 1 when company_id is set: the client lists and their counts leave members out. */
  is_member: Generated<number>
  /** `invited` until the invitation is accepted; `removed`: kept for the journal, reaches nothing. */
  status: Generated<'invited' | 'active' | 'removed'>
  profile_photo: string | null
  /** `fr` | `ar` (migrations/0045-user-language.ts): the person's pages and mails. */
  language: Generated<'fr' | 'ar'>
  created_at: string
  updated_at: string
}

/** Who serves which client (contract §9): a staff member's scope. */
export interface ClientStaffTable {
  client_id: number
  staff_id: number
  created_at: string
}

/** Rows of users by flags, kept by triggers (migrations/helpers.ts createRowCounts). */
export interface UserCountsTable {
  is_admin: number
  is_member: number
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
  /** 1 when the session was proven with a second factor (migration 0014). */
  second_factor: Generated<number>
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

/** Personal access tokens (migrations/0021-access-tokens.ts): only the token's SHA-256 is kept. */
export interface AccessTokensTable {
  id: Generated<number>
  user_id: number
  name: string
  token_hash: string
  created_at: string
  /** The last request made with it, written at most once a minute; null until its first use. */
  last_used_at: string | null
  expires_at: string
  /** 1 when the session that created it was proven with a second factor (REQUIRE_ADMIN_2FA). */
  second_factor: Generated<number>
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
  /** The owner: the client whose space holds it, whichever side sent it. */
  user_id: number
  /** Null for a document the firm sent (migrations/0019-firm-documents.ts). */
  type_id: number | null
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
  /** 1: the firm sent it to the client (contract §7); 0: the client sent it. */
  from_firm: Generated<number>
  /** The administrator who sent it (null when the client did, or once that account is deleted). */
  sent_by: number | null
  /** The client's first download of a firm-sent document. */
  downloaded_at: string | null
  /** The company's person who sent it (null for the firm's documents). */
  uploaded_by: number | null
}

/** A document on legal hold (migrations/0040-legal-holds.ts): nobody deletes it, retention skips it. */
export interface DocumentHoldsTable {
  document_id: number
  /** The administrator who put it on hold (null once that account is gone). */
  held_by: number | null
  created_at: string
}

/** A purged document's file, until storage has removed it (migrations/0050-retention.ts, decision 163). */
export interface PurgedFilesTable {
  storage_key: string
  purged_at: string
}

/** A job one instance runs at a time (src/jobs/lease.ts): who holds it, until when. */
export interface JobLeasesTable {
  name: string
  holder: string | null
  claimed_until: string
}

/** Rows of documents by direction and state, kept by triggers (migrations 0007 and 0019). */
export interface DocumentCountsTable {
  from_firm: number
  is_archived: number
  is_viewed: number
  n: number | string
}

/** Each client's documents by direction and state, kept by triggers (migration 0033): a staff member's totals. */
export interface ClientDocumentCountsTable {
  user_id: number
  from_firm: number
  is_archived: number
  is_viewed: number
  n: number | string
}

/** An entry per staff member and document their clients sent, kept by triggers (migration 0034): a staff member's lists. */
export interface StaffDocumentsTable {
  staff_id: number
  is_archived: number
  is_viewed: number
  created_at: string
  document_id: number
  client_id: number
}

/** Mails waiting, sent or failed (migrations/0008-outbox.ts, src/jobs/outbox.ts). */
export interface OutboxTable {
  id: Generated<number>
  recipient: string
  subject: string
  /** The sealed mail; null once sent. */
  payload: string | null
  /** `dropped`: discarded while a worker held it (a reminder no longer wanted), never sent. */
  status: 'pending' | 'sent' | 'failed' | 'dropped'
  attempts: number
  next_attempt_at: string
  /** When it was first due (its retries end 24 h after); null in rows written before migration 0030 ran. */
  due_at: string | null
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

/** One client's thread: a message of either side (migrations/0018-messages.ts, src/modules/messages/). */
export interface MessagesTable {
  id: Generated<number>
  /** The client whose thread it is. */
  user_id: number
  author_id: number | null
  /** 1: written by an administrator (the firm), 0: by the client. */
  from_firm: number
  text: string
  created_at: string
  /** When the other side first read it. */
  read_at: string | null
}

/** Per thread: the last message, and each side's grouped mails about new messages. */
export interface MessageThreadsTable {
  user_id: number
  last_message_at: string
  /** The thread's latest message (migration 0028): the list's preview, and what its `q` reads. */
  last_message_id: number | null
  /** When the firm's last mail about this thread went (or is due), and the one waiting. */
  firm_mail_at: string
  firm_mail_id: number | null
  /** The same for the client's mails. */
  client_mail_at: string
  client_mail_id: number | null
}

/** What the firm asks a client for (migrations/0016-requests.ts, src/modules/requests/). */
export interface RequestsTable {
  id: Generated<number>
  user_id: number
  type_id: number
  title: string
  note: string
  /** The firm's day `YYYY-MM-DD`. */
  due_date: string
  status: 'open' | 'fulfilled' | 'cancelled'
  created_at: string
  fulfilled_at: string | null
  cancelled_at: string | null
  /** A request the calendar made: its obligation, code and period `YYYY-MM` (migrations/0036-obligations.ts); null otherwise. */
  obligation_id: number | null
  obligation_code: string | null
  obligation_period: string | null
}

/** A client company's identifiers (migrations/0035-company-identifiers.ts, src/modules/identity/). */
export interface CompanyIdentifiersTable {
  user_id: number
  nif: string | null
  nis: string | null
  rc: string | null
  article_imposition: string | null
  legal_form: string | null
  tax_regime: string | null
  employer: number | null
  updated_at: string
}

/** The firm's recurring declarations (migrations/0036-obligations.ts, src/modules/calendar/). */
export interface ObligationsTable {
  id: Generated<number>
  code: string
  label: string
  due_day: number
  /** `1,4,7,10` */
  due_months: string
  tax_regime: string | null
  employer: number | null
  type_id: number | null
  lead_days: number
  active: number
  created_at: string
  updated_at: string
}

/** The documents that answered a request, with their names as uploaded. */
export interface RequestDocumentsTable {
  request_id: number
  document_id: number
  name: string
}

/** A request's reminder mails waiting in the outbox. */
export interface RequestRemindersTable {
  request_id: number
  outbox_id: number
}

export interface Database {
  users: UsersTable
  user_counts: UserCountsTable
  client_staff: ClientStaffTable
  sessions: SessionsTable
  user_tokens: UserTokensTable
  access_tokens: AccessTokensTable
  user_two_factor: UserTwoFactorTable
  recovery_codes: RecoveryCodesTable
  pending_logins: PendingLoginsTable
  contact_messages: ContactMessagesTable
  document_types: DocumentTypesTable
  documents: DocumentsTable
  document_holds: DocumentHoldsTable
  purged_files: PurgedFilesTable
  job_leases: JobLeasesTable
  document_counts: DocumentCountsTable
  client_document_counts: ClientDocumentCountsTable
  staff_documents: StaffDocumentsTable
  outbox: OutboxTable
  journal: JournalTable
  journal_counts: JournalCountsTable
  journal_actor_counts: JournalActorCountsTable
  upload_notices: UploadNoticesTable
  messages: MessagesTable
  message_threads: MessageThreadsTable
  requests: RequestsTable
  request_documents: RequestDocumentsTable
  request_reminders: RequestRemindersTable
  company_identifiers: CompanyIdentifiersTable
  obligations: ObligationsTable
}
