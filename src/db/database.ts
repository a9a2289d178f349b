import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, MysqlDialect, SqliteDialect, sql } from 'kysely'
import { createPool } from 'mysql2'
import { fold } from '../shared/fold.js'
import type { Database } from './schema.js'

export type Db = Kysely<Database>
export type Dialect = 'sqlite' | 'mysql'

/** Which dialect a DATABASE_URL names (the config has already checked its form). */
export function dialectOf(url: string): Dialect {
  return url.startsWith('mysql://') ? 'mysql' : 'sqlite'
}

/** True for a MySQL/MariaDB database (for the few places below repositories that differ). */
export function isMysql(db: Kysely<unknown> | Db): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('mysql')
}

/** The single factory: SQLite through better-sqlite3, or MySQL/MariaDB through a mysql2 pool. */
export function createDb(url: string): Db {
  return dialectOf(url) === 'mysql' ? createMysql(url) : createSqlite(url.slice('sqlite:'.length))
}

function createSqlite(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const database = new SQLite(path)
  database.pragma('journal_mode = WAL')
  database.pragma('busy_timeout = 5000')
  database.pragma('foreign_keys = ON')
  database.pragma('synchronous = NORMAL')
  // Searches ignore case and accents on both dialects; MySQL does it by collation (db/lists.ts).
  database.function('fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : value))
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) })
}

function createMysql(url: string): Db {
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
