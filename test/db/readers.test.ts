// Issue 16: SQLite's lists are read on a worker thread, so that a long search never holds the event
// loop; what they answer is what the main connection would answer, committed writes included, and
// inside a transaction its own writes (read on its connection).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import t, { type Test } from 'tap'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { readRows } from '../../src/db/readers.js'
import { toDbTime } from '../../src/db/values.js'
import { findAccountsPage } from '../../src/modules/identity/accounts.js'

async function fileDatabase(t: Test, readers?: number): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-readers-'))
  const db = createDb(`sqlite:${join(dir, 'portal.db')}`, readers === undefined ? {} : { readers })
  t.teardown(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  await migrateToLatest(db)
  return db
}

function addUser(db: Db, username: string, i: number) {
  const at = toDbTime(new Date(Date.UTC(2026, 2, 1, 10, i)))
  return db
    .insertInto('users')
    .values({ username, email: `u${i}@x.dz`, entreprise: 'SARL', telephone: '0551234567', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at, updated_at: at })
    .execute()
}

const page = (q: string) => ({ q, page: 1, pageSize: 20 })
const names = async (db: Db, q: string) => (await findAccountsPage(db, true, page(q))).items.map((user) => user.username)

t.test('a list read by the worker finds what was just committed, accents folded there too', async (t) => {
  const db = await fileDatabase(t)
  await addUser(db, 'Élodie Benaïssa', 1)
  t.same(await names(db, 'ELO'), ['Élodie Benaïssa'], 'fold() is known to the worker’s connection')
  await addUser(db, 'Elodie Kaci', 2)
  t.same(await names(db, 'elod'), ['Elodie Kaci', 'Élodie Benaïssa'], 'the next read sees the commit')
  const { total } = await findAccountsPage(db, true, page('kaci'))
  t.equal(total, 1, 'the count is read there too')
  const beyond = await findAccountsPage(db, true, { q: 'elod', page: 3, pageSize: 1 })
  t.same([beyond.total, beyond.items.length], [2, 0], 'a page past the total: the total, no rows')
  const second = await findAccountsPage(db, true, { q: 'elod', page: 2, pageSize: 1 })
  t.same([second.total, second.items.map((user) => user.username)], [2, ['Élodie Benaïssa']], 'the count and the page in one trip')
})

t.test('a database that has only read lists closes its readers when destroyed', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-readers-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'portal.db')
  const migrating = createDb(`sqlite:${path}`)
  await migrateToLatest(migrating)
  await migrating.destroy()
  const db = createDb(`sqlite:${path}`)
  // No query on its own connection: Kysely's destroy skipped the driver it never opened, and the readers with it.
  t.same(await names(db, 'x'), [])
  await db.destroy()
  t.equal(await names(db, 'x').then(() => 'answered', (error: Error) => error.message), 'the database is closed', 'its readers are closed')
})

t.test('inside a transaction a list reads on the transaction’s connection: its own writes, uncommitted', async (t) => {
  const db = await fileDatabase(t)
  await db
    .transaction()
    .execute(async (trx) => {
      await addUser(trx, 'Nadia Haddad', 1)
      t.same(await names(trx, 'nadia'), ['Nadia Haddad'], 'seen inside')
      throw new Error('rolled back')
    })
    .catch(() => {})
  t.same(await names(db, 'nadia'), [], 'gone after the rollback')
})

t.test('the event loop turns while the worker reads; an error in the worker is the caller’s', async (t) => {
  const db = await fileDatabase(t)
  let turns = 0
  const spin = setInterval(() => turns++, 0)
  // A query of some hundreds of milliseconds on the worker.
  const long = db.selectNoFrom(sql<number>`(with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) from n)`.as('n'))
  const [row] = await readRows(db, long)
  clearInterval(spin)
  t.equal(Number(row?.n), 3_000_000)
  t.ok(turns > 0, `timers ran ${turns} times during the read`)
  const failure = (query: Parameters<typeof readRows>[1]) => readRows(db, query).then(() => 'no error', (error: Error) => `${error.name}: ${error.message}`)
  t.match(await failure(db.selectFrom('no_such_table' as 'users').selectAll()), /^SqliteError: no such table/, 'SQLite’s error, as the main connection would give it')
  t.match(await failure(db.insertInto('users').values({ username: 'x' } as never).returningAll()), /readonly/i, 'the worker writes nothing')
})

t.test('without workers (readers: 0) the same lists read on the main connection', async (t) => {
  const db = await fileDatabase(t, 0)
  await addUser(db, 'Élodie Benaïssa', 1)
  t.same(await names(db, 'elo'), ['Élodie Benaïssa'])
})

t.test('the read worker runs below the event loop’s priority: its thread’s nice value is 10, the main thread’s unchanged', async (t) => {
  const db = await fileDatabase(t)
  await addUser(db, 'Nadia Priorité', 1)
  t.same(await names(db, 'nadia'), ['Nadia Priorité'], 'a read started the worker')
  // Linux: each thread's nice value is the 19th field of /proc/self/task/<tid>/stat.
  const niceOf = (tid: string) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  }
  const threads = readdirSync('/proc/self/task').map((tid) => ({ tid, nice: niceOf(tid) }))
  t.equal(niceOf(String(process.pid)), 0, 'the event loop’s thread keeps its priority')
  t.ok(threads.some((thread) => thread.nice === 10), 'a thread of the process runs at nice 10: the reader')
})
