// Issue 14: instances starting together migrate once. Several migrateToLatest calls, each through
// its own connection pool (as separate instances would), on one fresh SQLite file and, when
// TEST_DATABASE_URL is set, one fresh MariaDB database: all succeed, each migration runs once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { createPool } from 'mysql2/promise'
import t, { type Test } from 'tap'
import { migrations } from '../../migrations/index.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'

const INSTANCES = 4
const names = Object.keys(migrations)

async function migrateTogether(url: string) {
  const dbs: Db[] = Array.from({ length: INSTANCES }, () => createDb(url))
  try {
    const outcomes = await Promise.allSettled(dbs.map((db) => migrateToLatest(db)))
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(dbs[0]!)
    return { outcomes, recorded: rows.rows.map((row) => row.name) }
  } finally {
    await Promise.all(dbs.map((db) => db.destroy()))
  }
}

function check(t: Test, { outcomes, recorded }: Awaited<ReturnType<typeof migrateTogether>>) {
  t.same(outcomes.map((o) => o.status), Array(INSTANCES).fill('fulfilled'), 'every instance starts')
  const applied = outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value : []))
  t.same([...applied].sort(), names, 'each migration applied by exactly one instance')
  t.same(recorded, names, 'each migration recorded once')
}

t.test('one SQLite file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  check(t, await migrateTogether(`sqlite:${join(dir, 'portal.sqlite')}`))
  const again = createDb(`sqlite:${join(dir, 'portal.sqlite')}`)
  t.same(await migrateToLatest(again), [], 'a later start finds nothing to do')
  await again.destroy()
})

t.test('a SQLite lock held elsewhere is waited for, then refused with SQLite’s own error', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const url = `sqlite:${join(dir, 'portal.sqlite')}`
  const holder = createDb(url)
  const waiter = createDb(url)
  t.teardown(() => Promise.all([holder.destroy(), waiter.destroy()]))
  // Another writer holds the lock: the waiter gives up after its wait, with SQLite's own error.
  await holder.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    await t.rejects(migrateToLatest(waiter, { lockWaitSeconds: 0.2 }), { code: 'SQLITE_BUSY' })
    await sql`rollback`.execute(connection)
  })
  t.ok((await migrateToLatest(waiter)).length > 0, 'then migrates once the lock is free')
})

// The MariaDB case belongs to the MariaDB run of the suite (TEST_DATABASE_URL); the SQLite run has its own case above.
if (process.env.TEST_DATABASE_URL?.startsWith('mysql://')) t.test('one MariaDB database', async (t) => {
  const base = process.env.TEST_DATABASE_URL!
  const name = `portal_lock_${randomBytes(6).toString('hex')}`
  const admin = createPool({ uri: base, connectionLimit: 1 })
  await admin.query(`CREATE DATABASE \`${name}\``)
  t.teardown(async () => {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
    await admin.end()
  })
  const url = new URL(base)
  url.pathname = `/${name}`
  check(t, await migrateTogether(url.toString()))

  // A lock held elsewhere (a stuck instance) is waited for, then refused with a clear message.
  const other = await admin.getConnection()
  const [[held]] = (await other.query(`select get_lock('portal_migrations:${name}', 0) as got`)) as unknown as [[{ got: number }]]
  t.equal(Number(held!.got), 1, 'the lock is named after the database: nothing else holds it')
  const db = createDb(url.toString())
  await t.rejects(migrateToLatest(db, { lockWaitSeconds: 1 }), /held the migration lock/)
  await other.query(`select release_lock('portal_migrations:${name}')`)
  other.release()
  t.same(await migrateToLatest(db), [], 'then finds the database up to date')
  await db.destroy()
})
