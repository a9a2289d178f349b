import { sql, type Expression, type SqlBool } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import { fetchPage, idIn, textIds, withinDays, type ListFilter, type Page, type SearchIndex } from '../../db/lists.js'
import { fromDbId, fromDbTime, toDbTime } from '../../db/values.js'
import { clientIn, type IdsMatching, type Scope } from '../identity/index.js'
import type { StatusFilter } from './texts.js'

/** What a request is searched by: every column of its index (migration 0022). */
const REQUEST_TEXTS: SearchIndex = { table: 'requests', columns: ['title', 'note'], everyColumn: true }

export type RequestStatus = 'open' | 'fulfilled' | 'cancelled'

/** A request's row; its type's name and its client's name are added by the service. */
export interface RequestRecord {
  id: number
  userId: number
  typeId: number
  title: string
  note: string
  dueDate: string
  status: RequestStatus
  createdAt: Date
  fulfilledAt: Date | null
  cancelledAt: Date | null
  /** The calendar's obligation and period it was made for (contract §11), or null. */
  obligation: RequestObligation | null
}

/** What a request made by the calendar carries (contract §11). */
export interface RequestObligation {
  id: number
  code: string
  period: string
}

export interface NewRequest {
  userId: number
  typeId: number
  title: string
  note: string
  dueDate: string
  createdAt: Date
  obligation?: RequestObligation | undefined
}

/** Which requests a list shows: one client's or all; a state (overdue needs today's day). */
export interface RequestScope {
  userId?: number | undefined
  status?: StatusFilter | undefined
  /** The firm's day `YYYY-MM-DD` (Algiers time). */
  today: string
}

const COLUMNS = ['id', 'user_id', 'type_id', 'title', 'note', 'due_date', 'status', 'created_at', 'fulfilled_at', 'cancelled_at', 'obligation_id', 'obligation_code', 'obligation_period'] as const

type Row = { id: number; user_id: number; type_id: number; title: string; note: string; due_date: string; status: RequestStatus; created_at: string; fulfilled_at: string | null; cancelled_at: string | null; obligation_id: number | null; obligation_code: string | null; obligation_period: string | null }

function toRecord(row: Row): RequestRecord {
  return {
    id: fromDbId(row.id),
    userId: fromDbId(row.user_id),
    typeId: fromDbId(row.type_id),
    title: row.title,
    note: row.note,
    dueDate: row.due_date,
    status: row.status,
    createdAt: fromDbTime(row.created_at),
    fulfilledAt: row.fulfilled_at ? fromDbTime(row.fulfilled_at) : null,
    cancelledAt: row.cancelled_at ? fromDbTime(row.cancelled_at) : null,
    obligation: row.obligation_id !== null ? { id: fromDbId(row.obligation_id), code: row.obligation_code ?? '', period: row.obligation_period ?? '' } : null,
  }
}

export async function insertRequest(db: Db, request: NewRequest): Promise<number> {
  const result = await db
    .insertInto('requests')
    .values({
      user_id: request.userId,
      type_id: request.typeId,
      title: request.title,
      note: request.note,
      due_date: request.dueDate,
      status: 'open',
      created_at: toDbTime(request.createdAt),
      ...(request.obligation ? { obligation_id: request.obligation.id, obligation_code: request.obligation.code, obligation_period: request.obligation.period } : {}),
    })
    .executeTakeFirstOrThrow()
  return fromDbId(result.insertId)
}

/** How many requests were made for the client after `since` (the per-client cap; index requests_user_created). */
export async function countAskedSince(db: Db, userId: number, since: Date): Promise<number> {
  const row = await db.selectFrom('requests').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).where('created_at', '>', toDbTime(since)).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A request of one of the scope's clients (contract §9: another client's is none, as a missing one). */
export async function findRequest(db: Db, within: Scope, id: number): Promise<RequestRecord | undefined> {
  const row = await db.selectFrom('requests').select(COLUMNS).where('id', '=', id).where(clientIn(within, 'requests.user_id')).executeTakeFirst()
  return row && toRecord(row)
}

/** The state filter as a condition: `overdue` is open and due before `today`; `open` includes overdue ones. */
function statusCondition(status: StatusFilter, today: string): Expression<SqlBool> {
  if (status === 'overdue') return sql<SqlBool>`(status = 'open' and due_date < ${today})`
  return sql<SqlBool>`status = ${status}`
}

/**
 * Requests of the scope's clients (a staff member's: an `IN` on their assignments, then
 * requests_user_created), newest first; `q` over the title, the note and the client's name (`clients`).
 */
export async function findRequestsPage(db: Db, within: Scope, scope: RequestScope, filter: ListFilter, clients?: IdsMatching): Promise<Page<RequestRecord>> {
  let query = db.selectFrom('requests').where(clientIn(within, 'requests.user_id')).where(withinDays('created_at', filter.from, filter.to))
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId)
  if (scope.status) query = query.where(statusCondition(scope.status, scope.today))
  if (filter.q) {
    // The title or the note through the index, or the client's requests: two sets of ids, read each
    // through its own index (an `or` of them was tried again for every request on MariaDB: 64 ms at
    // 100,000 requests, BENCHMARKS.md).
    const sets = [await textIds(db, REQUEST_TEXTS, filter.q)]
    if (clients) sets.push(db.selectFrom('requests').select('requests.id').where('requests.user_id', 'in', clients))
    query = query.where(idIn('requests.id', sets))
  }
  const page = await fetchPage(db, query, (q) => q.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'), filter)
  return { total: page.total, items: page.items.map(toRecord) }
}

/** A client's open requests, the soonest due first (their space), when the scope reaches the client. */
export async function findOpenFor(db: Db, within: Scope, userId: number): Promise<RequestRecord[]> {
  const rows = await db.selectFrom('requests').select(COLUMNS).where('user_id', '=', userId).where(clientIn(within, 'requests.user_id')).where('status', '=', 'open').orderBy('due_date').orderBy('id').execute()
  return rows.map(toRecord)
}

/**
 * A company's open requests, locked until the caller's transaction ends (MariaDB; SQLite's writing
 * transaction is alone): read as they are now, a request asked meanwhile included once committed,
 * and none closes before the caller is done (a person joining or leaving the company).
 */
export async function lockOpenOf(db: Db, companyId: number): Promise<RequestRecord[]> {
  let query = db.selectFrom('requests').select(COLUMNS).where('user_id', '=', companyId).where('status', '=', 'open').orderBy('id')
  if (isMysql(db)) query = query.forUpdate()
  return (await query.execute()).map(toRecord)
}

/** Open requests past their due date, of the scope's clients. */
export async function countOverdue(db: Db, within: Scope, today: string): Promise<number> {
  const row = await db.selectFrom('requests').select(sql<number | string>`count(*)`.as('n')).where(statusCondition('overdue', today)).where(clientIn(within, 'requests.user_id')).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Moves an open request to `status`, by its own conditions (the row stays locked until the
 * transaction ends): false when it was not open, or not one of the scope's clients'.
 */
export async function closeRequest(db: Db, within: Scope, id: number, status: 'fulfilled' | 'cancelled', at: Date): Promise<boolean> {
  const result = await db
    .updateTable('requests')
    .set(status === 'fulfilled' ? { status, fulfilled_at: toDbTime(at) } : { status, cancelled_at: toDbTime(at) })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where(clientIn(within, 'requests.user_id'))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function addDocument(db: Db, requestId: number, documentId: number, name: string): Promise<void> {
  await db.insertInto('request_documents').values({ request_id: requestId, document_id: documentId, name }).execute()
}

/** The documents of each request, by request id. */
export async function documentsOf(db: Db, requestIds: number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const found = new Map<number, Array<{ id: number; name: string }>>()
  if (requestIds.length === 0) return found
  const rows = await db.selectFrom('request_documents').select(['request_id', 'document_id', 'name']).where('request_id', 'in', requestIds).orderBy('document_id').execute()
  for (const row of rows) {
    const id = fromDbId(row.request_id)
    found.set(id, [...(found.get(id) ?? []), { id: fromDbId(row.document_id), name: row.name }])
  }
  return found
}

export async function addReminders(db: Db, requestId: number, outboxIds: number[]): Promise<void> {
  if (outboxIds.length === 0) return
  await db.insertInto('request_reminders').values(outboxIds.map((outboxId) => ({ request_id: requestId, outbox_id: outboxId }))).execute()
}

/** Forgets the reminders of the requests matched by `where` and answers their outbox ids (to discard in the same transaction). */
async function takeReminders(db: Db, requestIds: number[]): Promise<number[]> {
  if (requestIds.length === 0) return []
  const rows = await db.selectFrom('request_reminders').select('outbox_id').where('request_id', 'in', requestIds).execute()
  await db.deleteFrom('request_reminders').where('request_id', 'in', requestIds).execute()
  return rows.map((row) => fromDbId(row.outbox_id))
}

export const takeRemindersOf = (db: Db, requestId: number) => takeReminders(db, [requestId])

/** The outbox ids of these requests' reminders, read as they are now (locked on MariaDB until the transaction ends, as `lockOpenOf`). */
export async function lockRemindersOf(db: Db, requestIds: number[]): Promise<number[]> {
  if (requestIds.length === 0) return []
  let query = db.selectFrom('request_reminders').select('outbox_id').where('request_id', 'in', requestIds)
  if (isMysql(db)) query = query.forUpdate()
  return (await query.execute()).map((row) => fromDbId(row.outbox_id))
}

/** Forgets these reminders of these requests (a person's, who left the company: found by the primary key); their mails are discarded in the same transaction. */
export async function forgetReminders(db: Db, requestIds: number[], outboxIds: number[]): Promise<void> {
  if (requestIds.length === 0 || outboxIds.length === 0) return
  await db.deleteFrom('request_reminders').where('request_id', 'in', requestIds).where('outbox_id', 'in', outboxIds).execute()
}

/** The ids of a client's, or a type's, requests still open (their reminders wait in the outbox). */
export async function openIdsWhere(db: Db, column: 'user_id' | 'type_id', value: number): Promise<number[]> {
  const rows = await db.selectFrom('requests').select('id').where(column, '=', value).where('status', '=', 'open').execute()
  return rows.map((row) => fromDbId(row.id))
}

/** Deletes a client's, or a type's, requests; answers the outbox ids of their reminders. */
export async function deleteWhere(db: Db, column: 'user_id' | 'type_id', value: number): Promise<number[]> {
  const outboxIds = await takeReminders(db, await openIdsWhere(db, column, value))
  await db.deleteFrom('requests').where(column, '=', value).execute()
  return outboxIds
}

/** The companies that have a request of this obligation and period already (index requests_obligation_period): the calendar's run skips them. */
export async function companiesWithPeriod(db: Db, obligationId: number, period: string): Promise<Set<number>> {
  const rows = await db.selectFrom('requests').select('user_id').where('obligation_id', '=', obligationId).where('obligation_period', '=', period).execute()
  return new Set(rows.map((row) => fromDbId(row.user_id)))
}

/** The calendar's requests of the scope's clients due within `from`–`to` (one client's with `userId`), for the calendar's items. */
export async function findObligationRequests(db: Db, within: Scope, range: { from: string; to: string; userId?: number | undefined; obligationIds?: number[] }): Promise<Array<{ id: number; userId: number; obligationId: number; period: string; dueDate: string; status: RequestStatus }>> {
  let query = db
    .selectFrom('requests')
    .select(['id', 'user_id', 'obligation_id', 'obligation_period', 'due_date', 'status'])
    .where('obligation_id', 'is not', null)
    .where('due_date', '>=', range.from)
    .where('due_date', '<=', range.to)
    .where(clientIn(within, 'requests.user_id'))
  if (range.userId !== undefined) query = query.where('user_id', '=', range.userId)
  if (range.obligationIds) query = range.obligationIds.length ? query.where('obligation_id', 'in', range.obligationIds) : query.where(sql<SqlBool>`1 = 0`)
  const rows = await query.execute()
  return rows.map((row) => ({ id: fromDbId(row.id), userId: fromDbId(row.user_id), obligationId: fromDbId(row.obligation_id!), period: row.obligation_period ?? '', dueDate: row.due_date, status: row.status }))
}
