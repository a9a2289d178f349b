import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Db } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { containsAny, fetchPage, withinDays, type ListFilter, type Page } from '../../db/lists.js'
import { fromDbId, fromDbTime, toDbTime } from '../../db/values.js'
import { DELETION_OF, type JournalAction, type SubjectType } from './actions.js'
import type { JournalEntry } from './schemas.js'
import { matchesWords, wordsOf } from './search.js'

export interface NewEntry {
  at: Date
  action: JournalAction
  actorId: number | null
  actorLabel: string | null
  actorEmail: string | null
  subjectType: SubjectType | null
  subjectId: number | null
  subjectLabel: string | null
  ownerId: number | null
  ip: string | null
  userAgent: string | null
  searchText: string
}

/** A page of the journal: the list filter of §2 narrowed to one action, actor or owner. */
export interface JournalFilter extends ListFilter {
  action?: JournalAction | undefined
  actorId?: number | undefined
  /** The user whose account or documents the entries are about (a client's activity). */
  ownerId?: number | undefined
  /**
   * With `ownerId`, a member's company (contract §9): its documents' and messages' entries too,
   * not its owner's own account's.
   */
  companyId?: number | undefined
  /**
   * Who reads (contract §9): a staff member reads the entries about their clients and about
   * themselves (their doings, their account); an administrator every entry. Absent: every entry.
   */
  reader?: JournalReader | undefined
  /**
   * `q` over the actor's username, the action and the subject's label only, never an actor's
   * e-mail (a client's activity must not tell which staff address matches). Each word is found
   * inside one of them; only with `ownerId`, whose index bounds the rows read.
   */
  withoutEmails?: boolean | undefined
}

/** A where clause keeping the rows whose `column` is one of a reader's clients (identity's clientIn, bound to their scope). */
export type ClientsIn = (column: string) => (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>

/**
 * A reader of the journal (contract §9): their id (the entries about them), and `clients`, the
 * clients whose entries they read, from identity's one policy; absent, every client's (an administrator).
 */
export interface JournalReader {
  id: number
  clients?: ClientsIn | undefined
}

/** An entry as pages see it: the contract's shape, and whose account or document it is about. */
export type JournalRow = JournalEntry & { ownerId: number | null }

export async function insertEntry(db: Db, entry: NewEntry): Promise<number> {
  const result = await db
    .insertInto('journal')
    .values({
      at: toDbTime(entry.at),
      action: entry.action,
      actor_id: entry.actorId,
      actor_label: entry.actorLabel?.slice(0, 255) ?? null,
      actor_email: entry.actorEmail?.slice(0, 254) ?? null,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      subject_label: entry.subjectLabel?.slice(0, 255) ?? null,
      owner_id: entry.ownerId,
      ip: entry.ip?.slice(0, 45) ?? null,
      user_agent: entry.userAgent?.slice(0, 512) ?? null,
      search_text: entry.searchText,
    })
    .executeTakeFirstOrThrow()
  return fromDbId(result.insertId)
}

/** Whether `actorId` has an entry of `action` about the subject since `since` (read by the actor's index, its last moments). */
export async function hasEntrySince(db: Db, entry: { action: JournalAction; actorId: number; subjectType: SubjectType; subjectId: number; since: Date }): Promise<boolean> {
  const row = await db
    .selectFrom('journal')
    .select('id')
    .where('actor_id', '=', entry.actorId)
    .where('at', '>=', toDbTime(entry.since))
    .where('action', '=', entry.action)
    .where('subject_type', '=', entry.subjectType)
    .where('subject_id', '=', entry.subjectId)
    .executeTakeFirst()
  return Boolean(row)
}

/**
 * Unfiltered, only by action or only by actor: the kept count (triggers of migration 0010), not a
 * count of up to a million index entries. Undefined when another filter applies (then rows are counted).
 */
function keptTotal(db: Db, filter: JournalFilter, searched: boolean): (() => Promise<number>) | undefined {
  if (searched || filter.from || filter.to || filter.ownerId !== undefined || (filter.action && filter.actorId !== undefined)) return undefined
  if (filter.reader?.clients) return undefined
  const total = sql<number | string>`coalesce(sum(n), 0)`.as('total')
  const { action, actorId } = filter
  const query =
    actorId !== undefined
      ? db.selectFrom('journal_actor_counts').select(total).where('actor_id', '=', actorId)
      : action
        ? db.selectFrom('journal_counts').select(total).where('action', '=', action)
        : db.selectFrom('journal_counts').select(total)
  return async () => Number((await query.executeTakeFirst())?.total ?? 0)
}

/** Every word of `q` inside the actor's name, the action or the subject's label (case and accents ignored). */
function shownWordsMatch(db: Db, q: string): Expression<SqlBool> | undefined {
  const words = wordsOf(q)
  if (!words.length) return undefined
  return sql<SqlBool>`(${sql.join(words.map((word) => containsAny(db, ['journal.actor_label', 'journal.action', 'journal.subject_label'], word)), sql` and `)})`
}

/** Subjects a company's people share (contract §9): its documents and its thread's messages; its owner's account is the owner's. */
const COMPANY_SUBJECTS = ['document', 'message'] as const

/** The entries about `ownerId`'s account and documents, and, for a member, about their company's documents and messages (journal_owner_at). */
function ownedBy(ownerId: number, companyId: number | undefined) {
  return (eb: ExpressionBuilder<Database, 'journal'>) =>
    companyId === undefined || companyId === ownerId
      ? eb('journal.owner_id', '=', ownerId)
      : eb.or([eb('journal.owner_id', '=', ownerId), eb.and([eb('journal.owner_id', '=', companyId), eb('journal.subject_type', 'in', [...COMPANY_SUBJECTS])])])
}

/**
 * What a reader of the firm may read (contract §9): entries about their clients (the policy's `IN`
 * on journal.owner_id), and about the reader: what they did, what was done to their account.
 */
function readableBy(reader: { id: number; clients: ClientsIn }) {
  return (eb: ExpressionBuilder<Database, 'journal'>) =>
    eb.or([
      reader.clients('journal.owner_id')(eb),
      eb('journal.actor_id', '=', reader.id),
      eb('journal.owner_id', '=', reader.id),
      eb.and([eb('journal.subject_type', '=', 'user'), eb('journal.subject_id', '=', reader.id)]),
    ])
}

/** Newest first; each filter has its index (action, actor, owner: each with `at`); `q` goes through the full-text index. */
export async function findEntries(db: Db, filter: JournalFilter): Promise<Page<JournalRow>> {
  let query = db.selectFrom('journal').where(withinDays('journal.at', filter.from, filter.to))
  if (filter.action) query = query.where('journal.action', '=', filter.action)
  if (filter.actorId !== undefined) query = query.where('journal.actor_id', '=', filter.actorId)
  if (filter.ownerId !== undefined) query = query.where(ownedBy(filter.ownerId, filter.companyId))
  const clients = filter.reader?.clients
  if (filter.reader && clients) query = query.where(readableBy({ id: filter.reader.id, clients }))
  const search = !filter.q ? undefined : filter.withoutEmails ? shownWordsMatch(db, filter.q) : await matchesWords(db, filter.q)
  if (search) query = query.where(search)
  const page = await fetchPage(db, 
    query,
    (q) =>
      q
        .select(['journal.id', 'journal.at', 'journal.action', 'journal.actor_id', 'journal.actor_label', 'journal.subject_type', 'journal.subject_id', 'journal.subject_label', 'journal.owner_id', 'journal.ip'])
        .orderBy('journal.at', 'desc')
        .orderBy('journal.id', 'desc'),
    filter,
    keptTotal(db, filter, search !== undefined),
  )
  return {
    total: page.total,
    items: page.items.map((row) => ({
      id: fromDbId(row.id),
      at: fromDbTime(row.at),
      action: row.action,
      actor: row.actor_id === null ? null : { id: fromDbId(row.actor_id), username: row.actor_label ?? '' },
      subject: row.subject_type === null || row.subject_id === null ? null : { type: row.subject_type, id: fromDbId(row.subject_id), label: row.subject_label ?? '' },
      ip: row.ip,
      ownerId: row.owner_id === null ? null : fromDbId(row.owner_id),
    })),
  }
}

/** Of these subjects, the ones a later entry records as deleted (as `type:id`). */
export async function deletedAmong(db: Db, subjects: Array<{ type: SubjectType; id: number }>): Promise<Set<string>> {
  if (!subjects.length) return new Set()
  const byType = new Map<SubjectType, number[]>()
  for (const { type, id } of subjects) byType.set(type, [...(byType.get(type) ?? []), id])
  const rows = await db
    .selectFrom('journal')
    .select(['subject_type', 'subject_id'])
    .where((eb) => eb.or([...byType].map(([type, ids]) => eb.and([eb('subject_type', '=', type), eb('subject_id', 'in', [...new Set(ids)]), eb('action', 'in', DELETION_OF[type])]))))
    .execute()
  return new Set(rows.map((row) => `${row.subject_type}:${fromDbId(row.subject_id ?? 0)}`))
}

/** An entry as a person's export holds it (contract §12): the entry and who it was about. */
export interface PersonEntry extends JournalRow {
  userAgent: string | null
}

/**
 * The entries about one person, oldest first from after `afterId` (their export, page by page): what
 * they did, what was done to their account, and what was done with what they own. Another actor's IP
 * and browser are that actor's, not theirs: left out.
 */
export async function findEntriesAbout(db: Db, personId: number, afterId: number, limit: number): Promise<PersonEntry[]> {
  const rows = await db
    .selectFrom('journal')
    .select(['id', 'at', 'action', 'actor_id', 'actor_label', 'subject_type', 'subject_id', 'subject_label', 'owner_id', 'ip', 'user_agent'])
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('actor_id', '=', personId), eb('owner_id', '=', personId), eb.and([eb('subject_type', '=', 'user'), eb('subject_id', '=', personId)])]))
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => {
    const own = row.actor_id !== null && fromDbId(row.actor_id) === personId
    return {
      id: fromDbId(row.id),
      at: fromDbTime(row.at),
      action: row.action,
      actor: row.actor_id === null ? null : { id: fromDbId(row.actor_id), username: row.actor_label ?? '' },
      subject: row.subject_type === null || row.subject_id === null ? null : { type: row.subject_type, id: fromDbId(row.subject_id), label: row.subject_label ?? '' },
      ip: own ? row.ip : null,
      userAgent: own ? row.user_agent : null,
      ownerId: row.owner_id === null ? null : fromDbId(row.owner_id),
    }
  })
}
