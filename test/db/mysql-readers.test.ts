// MariaDB's lists are read on a worker thread with a connection of its own (docs/decisions/011-lists-off-the-event-loop.md):
// what they answer is what the main pool would answer,
// committed writes included, one read at a time; a transaction reads on its own connection; the
// driver's errors come back as they were thrown; closing the database closes the worker's connection.
// On a MariaDB database of its own, whatever the leg (MariaDB runs beside every CI run).
import { sql } from 'kysely'
import t from 'tap'
import { createDb, type Db } from '../../src/db/database.js'
import { readRows } from '../../src/db/readers.js'
import { findAccountsPage } from '../../src/modules/identity/accounts.js'
import { freshDatabase } from '../helpers/app.js'
import { toDbTime } from '../../src/db/values.js'

const MARIADB = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? process.env.TEST_DATABASE_URL : 'mysql://root@127.0.0.1:3306/test'
const { db, drop } = await freshDatabase(MARIADB)
t.teardown(drop)

function addUser(db: Db, username: string, email: string) {
  const at = toDbTime(new Date())
  return db
    .insertInto('users')
    .values({ username, email, entreprise: 'SARL', telephone: '0551234567', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at, updated_at: at })
    .execute()
}

const connectionId = sql<{ id: number | string }>`select connection_id() as id`
const idOf = async (read: Promise<Array<{ id: number | string }>>) => Number((await read)[0]!.id)

t.test('a list is read on the worker’s own connection, and finds what was just committed', async (t) => {
  const main = await idOf(connectionId.execute(db).then((result) => result.rows))
  const worker = await idOf(readRows(db, db.selectNoFrom(sql<number | string>`connection_id()`.as('id'))))
  t.not(worker, main, 'not a connection of the main pool')
  t.equal(await idOf(readRows(db, db.selectNoFrom(sql<number | string>`connection_id()`.as('id')))), worker, 'the same connection the next time')

  await addUser(db, 'Élodie Benaïssa', 'elodie@example.dz')
  const page = await findAccountsPage(db, true, { q: 'ELO', page: 1, pageSize: 20 })
  t.same(page.items.map((user) => user.username), ['Élodie Benaïssa'], 'committed on the main pool, read by the worker, accents ignored')
  t.equal(page.total, 1)
})

t.test('one read at a time: ten lists at once share the worker’s one connection', async (t) => {
  const query = db.selectNoFrom([sql<number | string>`connection_id()`.as('id'), sql<number>`sleep(0.05)`.as('slept')])
  const ids = await Promise.all(Array.from({ length: 10 }, () => idOf(readRows(db, query))))
  t.equal(new Set(ids).size, 1, 'one connection answered them all')
})

t.test('a transaction reads on its own connection: its own writes, not yet committed', async (t) => {
  await db.transaction().execute(async (trx) => {
    await addUser(trx, 'Transaction Seule', 'seule@example.dz')
    const page = await findAccountsPage(trx, true, { q: 'seule', page: 1, pageSize: 20 })
    t.same(page.items.map((user) => user.username), ['Transaction Seule'], 'seen inside')
    t.equal((await findAccountsPage(db, true, { q: 'seule', page: 1, pageSize: 20 })).total, 0, 'not outside, before the commit')
    await trx.deleteFrom('users').where('email', '=', 'seule@example.dz').execute()
  })
})

t.test('the driver’s error comes back as it was thrown', async (t) => {
  const error = await readRows(db, db.selectFrom('no_such_table' as never).selectAll()).catch((thrown: unknown) => thrown)
  t.match(error, { name: 'Error', code: 'ER_NO_SUCH_TABLE', message: /no_such_table/ })
  t.equal(await idOf(readRows(db, db.selectNoFrom(sql<number | string>`connection_id()`.as('id')))) > 0, true, 'and the worker reads on')
})

// Closed whether or not a query had opened the database's own connections: with none, Kysely's
// destroy skipped the driver it never opened, and the read pool with it.
for (const queried of [true, false]) {
  t.test(`closing the database closes the worker’s connection (the server sees it quit, not aborted)${queried ? '' : ', when it has only read lists'}`, async (t) => {
    const { url, drop: dropOther } = await freshDatabase(MARIADB)
    t.teardown(dropOther)
    const other = createDb(url)
    if (queried) await sql`select 1`.execute(other)
    const worker = await idOf(readRows(other, other.selectNoFrom(sql<number | string>`connection_id()`.as('id'))))
    await other.destroy()
    let open = true
    for (let i = 0; i < 50 && open; i++) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from information_schema.processlist where id = ${worker}`.execute(db)
      open = Number(rows[0]!.n) > 0
      if (open) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    t.notOk(open, 'its connection is gone')
    t.equal(await readRows(other, other.selectNoFrom(sql<number>`1`.as('one'))).then(() => 'answered', (error: Error) => error.message), 'the database is closed', 'a later read is refused')
  })
}

t.test('closing while lists are read: each read asked before is answered, a later one refused', async (t) => {
  const { url, drop: dropOther } = await freshDatabase(MARIADB)
  t.teardown(dropOther)
  const other = createDb(url)
  await sql`select 1`.execute(other)
  const query = other.selectNoFrom([sql<number>`sleep(0.05)`.as('slept'), sql<number>`1`.as('one')])
  // Five reads queued behind one another on the worker, the database closed meanwhile: before, the
  // worker's farewell could close its connection under a read, whose answer, arriving once the pool
  // was gone, crashed the process; and a read asked after the close started a new worker.
  const asked = Array.from({ length: 5 }, () => readRows(other, query))
  // Once the first has answered, the four others wait on the worker.
  await asked[0]
  const closing = other.destroy()
  const late = await readRows(other, query).then(() => 'answered', (error: Error) => error.message)
  t.same(await Promise.all(asked), Array.from({ length: 5 }, () => [{ slept: 0, one: 1 }]), 'the reads asked before the close are answered')
  await closing
  t.equal(late, 'the database is closed', 'a read asked after the close is refused')
})
