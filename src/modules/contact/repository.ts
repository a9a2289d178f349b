import type { Db } from '../../db/database.js'
import { fetchPage, indexedTotal, textMatches, withinDays, type ListFilter, type Page } from '../../db/lists.js'
import { fromDbId, fromDbTime, nowDb } from '../../db/values.js'
import type { StoredMessage } from './schemas.js'
import type { ContactMessage } from './validation.js'

export type { StoredMessage }

/** Stores one message and answers its id. */
export async function insertMessage(db: Db, { name, email, telephone, message }: ContactMessage, ip: string | null): Promise<number> {
  const result = await db
    .insertInto('contact_messages')
    .values({ name, email, telephone, message, ip: ip ? ip.slice(0, 45) : null, created_at: nowDb() })
    .executeTakeFirstOrThrow()
  return fromDbId(result.insertId)
}

const COLUMNS = ['id', 'name', 'email', 'telephone', 'message', 'created_at'] as const

function storedOf(row: { id: number | bigint | string; name: string; email: string; telephone: string; message: string; created_at: string }): StoredMessage {
  return { id: fromDbId(row.id), name: row.name, email: row.email, telephone: row.telephone, message: row.message, createdAt: fromDbTime(row.created_at) }
}

/** What the inbox is searched by: every column of its index (migration 0020). */
const MESSAGE_TEXTS = { table: 'contact_messages', columns: ['name', 'email', 'message'], everyColumn: true }

/** Newest first; `q` over name, e-mail and message. */
export async function findMessages(db: Db, filter: ListFilter): Promise<Page<StoredMessage>> {
  let query = db.selectFrom('contact_messages').where(withinDays('created_at', filter.from, filter.to))
  if (filter.q) query = query.where(await textMatches(db, MESSAGE_TEXTS, filter.q))
  // q alone: its total counted in the index (12,500 matches among 100,000 messages, BENCHMARKS.md).
  const total = filter.q && !filter.from && !filter.to ? indexedTotal(db, MESSAGE_TEXTS, filter.q) : undefined
  const page = await fetchPage(db, query, (q) => q.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'), filter, total)
  return {
    total: page.total,
    items: page.items.map(storedOf),
  }
}

/** One message as the inbox lists it (its confirmation page without JavaScript). */
export async function findStoredMessage(db: Db, id: number): Promise<StoredMessage | undefined> {
  const row = await db.selectFrom('contact_messages').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && storedOf(row)
}

/** Who sent a message, or undefined. */
export async function findMessage(db: Db, id: number): Promise<{ name: string; email: string } | undefined> {
  return db.selectFrom('contact_messages').select(['name', 'email']).where('id', '=', id).executeTakeFirst()
}

/** False when no such message exists. */
export async function deleteMessageRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}
