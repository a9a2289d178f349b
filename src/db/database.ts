import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Kysely, MysqlDialect, SqliteDialect, sql } from 'kysely'
import { mysqlOptions } from './mysql-options.js'
import { attachReadPool, mysqlReadPool, sqliteReadPool, type ReadPool } from './readers.js'
import type { Database } from './schema.js'
import { openSqlite, withStatementCache } from './sqlite-connection.js'

export { withStatementCache }

/** One list is read at a time, by one worker thread on either dialect, leaving the other core to the event loop (BENCHMARKS.md). */
const DEFAULT_READERS = 1

const require = createRequire(import.meta.url)

export type Db = Kysely<Database>
export type Dialect = 'sqlite' | 'mysql'

/** Which dialect a DATABASE_URL names (the config has already checked its form). */
export function dialectOfUrl(url: string): Dialect {
  return url.startsWith('mysql://') ? 'mysql' : 'sqlite'
}

/**
 * The dialect createDb chose, kept by the database's adapter: the one object a transaction, a
 * connection or `withPlugin` shares with the database it comes from.
 */
const dialects = new WeakMap<object, Dialect>()

/** The dialect of a database made by createDb (or of a transaction or connection of one). */
export function dialectOf(db: Pick<Kysely<never>, 'getExecutor'>): Dialect {
  const dialect = dialects.get(db.getExecutor().adapter)
  if (!dialect) throw new Error('dialectOf: this database was not made by createDb')
  return dialect
}

/** True for a MySQL/MariaDB database (for the few places below repositories that differ). */
export function isMysql(db: Pick<Kysely<never>, 'getExecutor'>): boolean {
  return dialectOf(db) === 'mysql'
}

/**
 * The single factory: SQLite through better-sqlite3, or MySQL/MariaDB through a mysql2 pool.
 * `readonly` (SQLite): a file opened as it is, changed in nothing (a backup's copy). `readers`: how
 * many lists are read at once (db/readers.ts): worker threads, each with a connection of its own
 * (0: the lists are read on this thread, on the database's own connections). `image` (tests only,
 * test/helpers/app.ts): an in-memory SQLite database starts as a copy of this serialized one (the
 * migrated schema, made once per test process, instead of 30 migrations per app); the app never
 * passes one.
 */
export function createDb(url: string, options: { readonly?: boolean; readers?: number; image?: Buffer } = {}): Db {
  const dialect = dialectOfUrl(url)
  if (options.image && url !== 'sqlite::memory:') throw new Error('createDb: an image is for an in-memory SQLite database only')
  const db =
    dialect === 'mysql'
      ? createMysql(url, options.readers ?? DEFAULT_READERS)
      : createSqlite(url.slice('sqlite:'.length), { readonly: options.readonly === true, readers: options.readers ?? DEFAULT_READERS, image: options.image })
  dialects.set(db.getExecutor().adapter, dialect)
  return db
}

/** A folder only the portal's user can enter (var/: the database, the session secret, the mail spool). */
export function makePrivateDir(path: string) {
  mkdirSync(path, { recursive: true, mode: 0o700 })
  chmodIfOurs(path, 0o700)
}

/** Files of another user (a mounted volume) are left as they are; SQLite says so if it cannot write. */
function chmodIfOurs(path: string, mode: number) {
  try {
    chmodSync(path, mode)
  } catch {}
}

/**
 * The database holds the clients' data: the file is created 0600 before SQLite opens it, so its
 * -wal and -shm, which SQLite creates with the database's mode, are private too (issue 9). Files
 * made readable by an older version are narrowed.
 */
function makePrivateFiles(path: string) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  closeSync(openSync(path, 'a', 0o600))
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodIfOurs(file, 0o600)
}

function createSqlite(path: string, options: { readonly: boolean; readers: number; image?: Buffer | undefined }): Db {
  const memory = path === ':memory:'
  if (!memory && !options.readonly) makePrivateFiles(path)
  const connection = withStatementCache(openSqlite(path, { readonly: options.readonly, ...(options.image ? { image: options.image } : {}) }))
  // Lists read on workers (db/readers.ts); an in-memory database has no file for them to open.
  const readers = memory || options.readonly || options.readers < 1 ? undefined : sqliteReadPool(path, options.readers)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) })
  if (readers) attachReadPool(db, readers)
  return closingReaders(db, readers)
}

function createMysql(url: string, readers: number): Db {
  // Loaded when DATABASE_URL names MySQL only: a SQLite process (and each test file) never pays for the driver.
  const { createPool } = require('mysql2') as typeof import('mysql2')
  const options = mysqlOptions(url)
  const pool = createPool({ ...options, connectionLimit: 10 })
  // /healthz asks on a connection of its own: behind ten long searches holding the pool, it waited
  // for one of them to end (2.7 s, BENCHMARKS.md). Opened on the first ping.
  let pinger: ReturnType<typeof createPool> | undefined
  // Lists read on workers (db/readers.ts), each with its own connection.
  const reading = readers > 0 ? mysqlReadPool(url, readers) : undefined
  // Once the database is closed, a late /healthz answers 503 rather than open a pinger nobody closes.
  let closed = false
  const ends = (target: { end(callback: (error?: unknown) => void): void }) => new Promise<void>((resolve) => target.end(() => resolve()))
  const db = new Kysely<Database>({
    dialect: new MysqlDialect({
      pool: {
        getConnection: (callback) => pool.getConnection(callback),
        end: (callback) => {
          closed = true
          void Promise.all([ends(pool), pinger && ends(pinger)]).then(() => callback(undefined as never))
        },
      },
    }),
  })
  pings.set(db.getExecutor().adapter, async () => {
    if (closed) throw new Error('the database is closed')
    pinger ??= createPool({ ...options, connectionLimit: 1 })
    // COM_PING: the protocol's own question, one OK packet back (a `select 1` is a result set to parse, on both sides).
    const ask = async () => {
      const connection = await pinger!.promise().getConnection()
      try {
        await connection.ping()
      } finally {
        connection.release()
      }
    }
    // A connection the server closed while idle fails once, and the pool drops it: ask again.
    await ask().catch(ask)
  })
  if (reading) attachReadPool(db, reading)
  return closingReaders(db, reading)
}

/**
 * The read pool closes with the database, after the driver: here rather than in the driver's own
 * close, which Kysely's `destroy` calls only once a query has opened the driver (a database that had
 * only read lists kept the pool's workers, and on MariaDB their connections).
 */
function closingReaders(db: Db, readers: ReadPool | undefined): Db {
  if (!readers) return db
  const destroy = db.destroy.bind(db)
  db.destroy = async () => {
    await destroy()
    await readers.close()
  }
  return db
}

/** MariaDB: the ping of each database, on its own connection. */
const pings = new WeakMap<object, () => Promise<void>>()

/** True when the database answers a trivial query (used by /healthz). */
export async function ping(db: Db): Promise<boolean> {
  try {
    const own = pings.get(db.getExecutor().adapter)
    if (own) await own()
    else await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
