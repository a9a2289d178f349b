import type { Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { searchTextOf } from '../../src/modules/journal/search.js'

export interface Row {
  id: number
  action: string
  actor_id: number | null
  actor_label: string | null
  subject_type: string | null
  subject_id: number | null
  subject_label: string | null
  owner_id: number | null
  ip: string | null
  user_agent: string | null
}

/** The journal's rows after `afterId`, oldest first, read straight from the table. */
export async function rowsAfter(db: Db, afterId: number): Promise<Row[]> {
  const rows = await db
    .selectFrom('journal')
    .select(['id', 'action', 'actor_id', 'actor_label', 'subject_type', 'subject_id', 'subject_label', 'owner_id', 'ip', 'user_agent'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, id: Number(r.id), actor_id: r.actor_id === null ? null : Number(r.actor_id), subject_id: r.subject_id === null ? null : Number(r.subject_id), owner_id: r.owner_id === null ? null : Number(r.owner_id) }))
}

/** The id of the newest row (0 when empty): what a test's `rowsAfter` starts from. */
export async function lastId(db: Db): Promise<number> {
  const row = await db.selectFrom('journal').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst()
  return Number(row?.id ?? 0)
}

/** Runs `action` and answers the rows it wrote. */
export async function written(db: Db, action: () => Promise<unknown>): Promise<Row[]> {
  const before = await lastId(db)
  await action()
  return rowsAfter(db, before)
}

export const IP = '198.51.100.23'
export const UA = 'Mozilla/5.0 (journal test)'
export const from = { remoteAddress: IP, headers: { 'user-agent': UA } }

/** Rows written straight to the table at chosen times (the triggers keep the counts and the search index). */
export async function insertAt(db: Db, rows: Array<{ at: string; action: string; actor?: [number, string, string]; subject?: [string, number, string, number | null] }>) {
  for (const r of rows) {
    await db
      .insertInto('journal')
      .values({
        at: toDbTime(new Date(r.at)),
        action: r.action,
        actor_id: r.actor?.[0] ?? null,
        actor_label: r.actor?.[1] ?? null,
        actor_email: r.actor?.[2] ?? null,
        subject_type: r.subject?.[0] ?? null,
        subject_id: r.subject?.[1] ?? null,
        subject_label: r.subject?.[2] ?? null,
        owner_id: r.subject?.[3] ?? null,
        ip: '192.0.2.1',
        user_agent: null,
        search_text: searchTextOf([r.actor?.[1], r.actor?.[2], r.action, r.subject?.[2]]),
      })
      .execute()
  }
}
