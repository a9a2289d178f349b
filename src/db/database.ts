import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, MysqlDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely'
import { fold } from '../shared/fold.js'
import { Lru } from '../shared/lru.js'
import type { Database } from './schema.js'

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
 * `readonly` (SQLite): a file opened as it is, changed in nothing (a backup's copy).
 */
export function createDb(url: string, options: { readonly?: boolean } = {}): Db {
  const dialect = dialectOfUrl(url)
  const db = dialect === 'mysql' ? createMysql(url) : createSqlite(url.slice('sqlite:'.length), options.readonly === true)
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

function createSqlite(path: string, readonly: boolean): Db {
  if (path !== ':memory:' && !readonly) makePrivateFiles(path)
  const database = new SQLite(path, { readonly, fileMustExist: readonly })
  // Waits before anything else: instances opening one fresh file together contend for WAL's switch.
  database.pragma('busy_timeout = 5000')
  if (!readonly) {
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = NORMAL')
  }
  database.pragma('foreign_keys = ON')
  // Searches ignore case and accents on both dialects; MySQL does it by collation (db/lists.ts).
  database.function('fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : value))
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) })
}

/** Prepared statements kept for reuse, the least recently used dropped first. */
const STATEMENT_CACHE_SIZE = 256

/**
 * Kysely's SQLite driver prepares every query afresh; compiling the SQL was a tenth of a logged-in
 * page's time (issue 8). The same text reuses its statement, unless that one is still being iterated
 * (a streamed query), which better-sqlite3 would refuse.
 */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Lru<SQLite.Statement>(size)
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const kept = statements.get(sql)
      if (kept && !kept.busy) return kept
      const statement = database.prepare(sql)
      if (!kept) statements.set(sql, statement)
      return statement
    },
  }
}

function createMysql(url: string): Db {
  // Loaded when DATABASE_URL names MySQL only: a SQLite process (and each test file) never pays for the driver.
  const { createPool } = require('mysql2') as typeof import('mysql2')
  const pool = createPool({
    uri: url,
    connectionLimit: 10,
    connectTimeout: 10_000,
    // Times travel as the same UTC strings SQLite stores; no driver-side Date conversion.
    dateStrings: true,
    timezone: 'Z',
    charset: 'utf8mb4',
    supportBigNumbers: true,
  })
  return new Kysely<Database>({ dialect: new MysqlDialect({ pool }) })
}

/** True when the database answers a trivial query (used by /healthz). */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
