import { sql, type SqlBool } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import { fetchPage, textIds, textMatches, withinDays, type ListFilter, type Page, type SearchIndex } from '../../db/lists.js'
import { fromDbBool, fromDbId, fromDbTime, toDbTime } from '../../db/values.js'
import type { MailBatch } from '../../jobs/batched-mail.js'
import { clientIn, type IdsMatching, type Scope } from '../identity/index.js'

/** A message as stored; the service adds its author's name. */
export interface MessageRow {
  id: number
  at: Date
  authorId: number | null
  fromFirm: boolean
  text: string
  readAt: Date | null
}

/** Which side writes or reads: the client company of the thread (its people), or the firm (its people). */
export type Side = 'client' | 'firm'

const COLUMNS = ['id', 'created_at', 'author_id', 'from_firm', 'text', 'read_at'] as const

/** A message's text, through its index (migration 0020). */
const MESSAGE_TEXTS: SearchIndex = { table: 'messages', columns: ['text'], everyColumn: true }

function toRow(row: { id: number; created_at: string; author_id: number | null; from_firm: number; text: string; read_at: string | null }): MessageRow {
  return {
    id: fromDbId(row.id),
    at: fromDbTime(row.created_at),
    authorId: row.author_id === null ? null : fromDbId(row.author_id),
    fromFirm: fromDbBool(row.from_firm),
    text: row.text,
    readAt: row.read_at === null ? null : fromDbTime(row.read_at),
  }
}

const fromFirmOf = (side: Side) => (side === 'firm' ? 1 : 0)

export async function insertMessage(db: Db, message: { userId: number; authorId: number; side: Side; text: string; at: Date }): Promise<MessageRow> {
  const values = { user_id: message.userId, author_id: message.authorId, from_firm: fromFirmOf(message.side), text: message.text, created_at: toDbTime(message.at), read_at: null }
  const result = await db.insertInto('messages').values(values).executeTakeFirstOrThrow()
  return { id: fromDbId(result.insertId), at: message.at, authorId: message.authorId, fromFirm: message.side === 'firm', text: message.text, readAt: null }
}

/**
 * One page of a thread, oldest first within the page, pages counted from the newest: page 1 is the
 * latest `pageSize` messages (docs/decisions/055-messages.md). `q` looks in the text.
 */
export async function findThreadPage(db: Db, userId: number, filter: ListFilter): Promise<Page<MessageRow>> {
  let query = db.selectFrom('messages').where('user_id', '=', userId).where(withinDays('created_at', filter.from, filter.to))
  if (filter.q) query = query.where(await textMatches(db, MESSAGE_TEXTS, filter.q))
  const page = await fetchPage(db, query, (q) => q.select(COLUMNS).orderBy('id', 'desc'), filter)
  return { total: page.total, items: page.items.reverse().map(toRow) }
}

/** Marks read every message of the thread written by the other side of `reader`; answers how many. */
export async function markRead(db: Db, userId: number, reader: Side, at: Date): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ read_at: toDbTime(at) })
    .where('user_id', '=', userId)
    .where('from_firm', '=', reader === 'firm' ? 0 : 1)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * How many messages `reader` has not read, in one thread (a company's scope, one range of
 * messages_thread_unread), a staff member's clients' (a range per client) or, for an administrator,
 * in all of them (one range of messages_unread), counted
 * up to `cap` only: the navigation's badge shows « 99+ » past 99, and counting every unread message
 * of a busy firm (50,000 in the bench) took 5 ms of the event loop on each of its pages.
 */
export async function countUnread(db: Db, reader: Side, cap: number, scope: Scope): Promise<number> {
  // Within the reader's scope (contract §9): a company's thread, a staff member's clients' (an IN on client_staff's key), or every one.
  const unread = db.selectFrom('messages').where('from_firm', '=', reader === 'firm' ? 0 : 1).where('read_at', 'is', null).where(clientIn(scope, 'messages.user_id'))
  const some = unread.select(sql<number>`1`.as('one')).limit(cap).as('some')
  const row = await db.selectFrom(some).select(sql<number | string>`count(*)`.as('n')).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A thread's state for its grouped mails, both sides. */
export interface ThreadState {
  firm: MailBatch
  client: MailBatch
}

/**
 * The thread's row, created if missing and locked until the caller's transaction ends (on SQLite a
 * writing transaction is alone already): a thread's posts, and their mails, go one at a time.
 */
export async function lockThread(trx: Db, userId: number, at: Date): Promise<ThreadState> {
  const never = toDbTime(new Date(0))
  const fresh = { user_id: userId, last_message_at: toDbTime(at), last_message_id: null, firm_mail_at: never, firm_mail_id: null, client_mail_at: never, client_mail_id: null }
  if (isMysql(trx)) await trx.insertInto('message_threads').values(fresh).onDuplicateKeyUpdate({ last_message_at: toDbTime(at) }).execute()
  else await trx.insertInto('message_threads').values(fresh).onConflict((oc) => oc.column('user_id').doUpdateSet({ last_message_at: toDbTime(at) })).execute()
  let query = trx.selectFrom('message_threads').select(['firm_mail_at', 'firm_mail_id', 'client_mail_at', 'client_mail_id']).where('user_id', '=', userId)
  if (isMysql(trx)) query = query.forUpdate()
  const row = await query.executeTakeFirstOrThrow()
  const id = (value: number | null) => (value === null ? null : fromDbId(value))
  return {
    firm: { lastMailAt: fromDbTime(row.firm_mail_at), pendingId: id(row.firm_mail_id) },
    client: { lastMailAt: fromDbTime(row.client_mail_at), pendingId: id(row.client_mail_id) },
  }
}

/** Saves the batch of the side `to` that was mailed. */
export async function saveThreadMail(trx: Db, userId: number, to: Side, batch: MailBatch): Promise<void> {
  const at = toDbTime(batch.lastMailAt)
  const set = to === 'firm' ? { firm_mail_at: at, firm_mail_id: batch.pendingId } : { client_mail_at: at, client_mail_id: batch.pendingId }
  await trx.updateTable('message_threads').set(set).where('user_id', '=', userId).execute()
}

/** Who wrote the thread's latest message of the client's side (the person a firm's answer is mailed to), if anyone. */
export async function lastClientAuthor(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('messages').select('author_id').where('user_id', '=', userId).where('from_firm', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirst()
  return row?.author_id === null || row === undefined ? undefined : fromDbId(row.author_id)
}

/** The thread's latest message, once written in the thread's transaction (the list's preview and search). */
export async function setLastMessage(trx: Db, userId: number, messageId: number): Promise<void> {
  await trx.updateTable('message_threads').set({ last_message_id: messageId }).where('user_id', '=', userId).execute()
}

/** A thread in the firm's list: its client, its last message, what the firm has not read. */
export interface ThreadRow {
  userId: number
  lastMessageAt: Date
  /** The last message's text ('' for a thread from before migration 0028 without messages). */
  lastMessage: string
  unread: number
}

/**
 * Threads within the scope (contract §9: a staff member's clients'), the most recently written first
 * (index message_threads_last), with the firm's unread counts. `q` finds a thread by its client (`clients`: name, e-mail, company, through the users'
 * index) or by its last message (through the messages' index, that message only); `from`/`to`, the
 * day of the last message.
 */
export async function findThreadsPage(db: Db, scope: Scope, filter: ListFilter, clients?: IdsMatching): Promise<Page<ThreadRow>> {
  let query = db.selectFrom('message_threads').where(withinDays('message_threads.last_message_at', filter.from, filter.to)).where(clientIn(scope, 'message_threads.user_id'))
  if (filter.q) {
    const texts = await textIds(db, MESSAGE_TEXTS, filter.q)
    const byText = sql<SqlBool>`message_threads.last_message_id in ${texts}`
    query = query.where((eb) => (clients ? eb.or([eb('message_threads.user_id', 'in', clients), byText]) : byText))
  }
  // One read for the page: its last messages' texts (joined) and the firm's unread in each (one range
  // of messages_thread_unread per row), not a query for each.
  const page = await fetchPage(db, query, (q) =>
    q
      .leftJoin('messages as last', 'last.id', 'message_threads.last_message_id')
      .select((eb) => [
        'message_threads.user_id',
        'message_threads.last_message_at',
        'last.text',
        eb
          .selectFrom('messages')
          .select(sql<number | string>`count(*)`.as('n'))
          .whereRef('messages.user_id', '=', 'message_threads.user_id')
          .where('messages.from_firm', '=', 0)
          .where('messages.read_at', 'is', null)
          .as('unread'),
      ])
      .orderBy('message_threads.last_message_at', 'desc')
      .orderBy('message_threads.user_id', 'desc'),
  filter)
  const items = page.items.map((row) => ({
    userId: fromDbId(row.user_id),
    lastMessageAt: fromDbTime(row.last_message_at),
    lastMessage: row.text ?? '',
    unread: Number(row.unread ?? 0),
  }))
  return { total: page.total, items }
}

/**
 * A person's messages, oldest first after `afterId` (their export, contract §12): a company's person
 * their company's whole thread (it is theirs, contract §9), the firm's people what they wrote.
 */
export async function findPersonalMessages(db: Db, person: { id: number; companyId: number | null; isFirm: boolean }, afterId: number, limit: number): Promise<Array<MessageRow & { threadId: number }>> {
  let query = db.selectFrom('messages').select(['id', 'user_id', 'created_at', 'author_id', 'from_firm', 'text', 'read_at']).where('id', '>', afterId)
  query = person.isFirm ? query.where('author_id', '=', person.id) : query.where('user_id', '=', person.companyId ?? person.id)
  const rows = await query.orderBy('id').limit(limit).execute()
  return rows.map((row) => ({ ...toRow(row), threadId: fromDbId(row.user_id) }))
}
