// Migration 0019 (issue 16) on a database holding documents: up keeps every row and recounts the
// kept counts by direction; type_id takes a null; down (a restore of an older backup goes through
// it) drops what the firm sent and gives 0013's schema back; up again works.
import { sql } from 'kysely'
import t from 'tap'
import type { Db } from '../../src/db/database.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { nowDb } from '../../src/db/values.js'
import { freshDatabase } from '../helpers/app.js'

const BEFORE = '0013-upload-notices'

const { db, drop } = await freshDatabase()
t.teardown(drop)

async function counts(db: Db) {
  const rows = await sql<Record<string, number | string>>`select * from document_counts`.execute(db)
  return rows.rows.filter((row) => Number(row.n) > 0).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])))
}

t.test('up and down with documents in place', async (t) => {
  await migrateTo(db, BEFORE)
  const user = Number((await db.insertInto('users').values({ username: 'Atlas', email: 'atlas@example.dz', entreprise: 'SARL', telephone: '0551', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, created_at: nowDb(), updated_at: nowDb() } as never).executeTakeFirstOrThrow()).insertId)
  const type = Number((await db.insertInto('document_types').values({ type_name: 'Bilan', type_key: 'bilan', created_at: nowDb() }).executeTakeFirstOrThrow()).insertId)
  const doc = (key: string, viewed: number) => ({ user_id: user, type_id: type, name: key, description: '', original_name: `${key}.pdf`, storage_key: `documents/${key}`, mime: 'application/pdf', size: 10, is_viewed: viewed, is_archived: 0, created_at: nowDb(), viewed_at: null, archived_at: null })
  for (const [key, viewed] of [['a', 0], ['b', 1], ['c', 0]] as const) await db.insertInto('documents').values(doc(key, viewed) as never).execute()
  await db.deleteFrom('documents').where('storage_key', '=', 'documents/c').execute()

  await migrateToLatest(db)
  t.same(await counts(db), [{ from_firm: 0, is_archived: 0, is_viewed: 0, n: 1 }, { from_firm: 0, is_archived: 0, is_viewed: 1, n: 1 }], 'the kept counts, by direction')
  const sent = { ...doc('d', 0), type_id: null, from_firm: 1, sent_by: null, downloaded_at: null }
  await db.insertInto('documents').values(sent as never).execute()
  const ids = (await db.selectFrom('documents').select('id').orderBy('id').execute()).map((row) => Number(row.id))
  t.equal(ids.at(-1), 4, 'ids go on after the last one ever given (a deleted one is not reused)')
  t.equal((await counts(db)).length, 3, 'the firm-sent one is counted apart')

  await migrateTo(db, BEFORE)
  t.same((await db.selectFrom('documents').select('storage_key').orderBy('id').execute()).map((row) => row.storage_key), ['documents/a', 'documents/b'], 'what clients sent stays')
  t.same(await counts(db), [{ is_archived: 0, is_viewed: 0, n: 1 }, { is_archived: 0, is_viewed: 1, n: 1 }])
  await t.rejects(db.insertInto('documents').values({ ...doc('e', 0), type_id: null } as never).execute(), 'type_id is required again')

  await migrateToLatest(db)
  t.same(await counts(db), [{ from_firm: 0, is_archived: 0, is_viewed: 0, n: 1 }, { from_firm: 0, is_archived: 0, is_viewed: 1, n: 1 }], 'up again')
  await db.updateTable('documents').set({ is_viewed: 1 }).where('storage_key', '=', 'documents/a').execute()
  t.same(await counts(db), [{ from_firm: 0, is_archived: 0, is_viewed: 1, n: 2 }], 'the triggers keep counting')
})
