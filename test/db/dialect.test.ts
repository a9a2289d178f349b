// Issue 13: the dialect is what createDb chose, not guessed from a class name; a transaction, a
// connection and a plugged instance of the database say the same. Runs on MariaDB too when
// TEST_DATABASE_URL is set.
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, WithSchemaPlugin } from 'kysely'
import t from 'tap'
import { createDb, dialectOf, isMysql } from '../../src/db/database.js'
import { freshDatabase } from '../helpers/app.js'

t.test('a database made by createDb carries its dialect into its transactions and connections', async (t) => {
  const { db, url, drop } = await freshDatabase()
  t.teardown(drop)
  const expected = url.startsWith('mysql://') ? 'mysql' : 'sqlite'
  t.equal(dialectOf(db), expected)
  t.equal(isMysql(db), expected === 'mysql')
  t.equal(dialectOf(db.withPlugin(new WithSchemaPlugin('x'))), expected)
  t.equal(await db.transaction().execute(async (trx) => dialectOf(trx)), expected)
  t.equal(await db.connection().execute(async (connection) => dialectOf(connection)), expected)
})

t.test('two databases of different dialects keep their own', async (t) => {
  const sqlite = createDb('sqlite::memory:')
  t.teardown(() => sqlite.destroy())
  t.equal(dialectOf(sqlite), 'sqlite')
  if (process.env.TEST_DATABASE_URL?.startsWith('mysql://')) {
    const mysql = createDb(process.env.TEST_DATABASE_URL)
    t.teardown(() => mysql.destroy())
    t.equal(dialectOf(mysql), 'mysql')
    t.equal(dialectOf(sqlite), 'sqlite')
  }
})

t.test('a database made elsewhere has no dialect to guess', async (t) => {
  const db = new Kysely<object>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) })
  t.teardown(() => db.destroy())
  t.throws(() => dialectOf(db), /not made by createDb/)
})
