// Issue 16: /healthz's question to the database never waits behind the lists: on MariaDB it has a
// connection of its own (ten long searches held the pool's ten), on SQLite the lists read on a worker.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import t, { type Test } from 'tap'
import { createDb, isMysql, ping, type Db } from '../../src/db/database.js'
import { readRows } from '../../src/db/readers.js'
import { freshDatabase } from '../helpers/app.js'

/** The dialect under test: its own MariaDB database, or a SQLite file (an in-memory one has no workers). */
async function database(t: Test): Promise<Db> {
  if (process.env.TEST_DATABASE_URL?.startsWith('mysql://')) {
    const { db, drop } = await freshDatabase()
    t.teardown(drop)
    return db
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-ping-'))
  const db = createDb(`sqlite:${join(dir, 'portal.db')}`)
  t.teardown(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  return db
}

t.test('the database answers /healthz while the lists are being read', async (t) => {
  const db = await database(t)
  // Longer than any wait for a free connection could be: the reads are still running when the ping answers.
  const slow = isMysql(db)
    ? db.selectNoFrom(sql<number>`sleep(2)`.as('n'))
    : db.selectNoFrom(sql<number>`(with recursive n(i) as (select 1 union all select i + 1 from n where i < 4000000) select count(*) from n)`.as('n'))
  let done = 0
  // Two reads: one running, one waiting its turn (one list is read at a time on both dialects).
  const reads = Array.from({ length: 2 }, () => readRows(db, slow).then(() => done++))
  // Give the first read its connection first.
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.equal(await ping(db), true, 'the ping answers')
  t.equal(done, 0, 'before any of the reads has ended')
  await Promise.all(reads)
})

t.test('once the database is closed, a ping answers false and opens nothing', async (t) => {
  const db = await database(t)
  await sql`select 1`.execute(db)
  // Closed before any /healthz: MariaDB's pinger would be opened by the first one, and never closed.
  await db.destroy()
  t.equal(await ping(db), false, 'closed: /healthz says 503')
  t.equal(await ping(db), false, 'and again, with no connection left open to keep the process alive')
})
