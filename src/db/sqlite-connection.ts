import SQLite from 'better-sqlite3'
import { fold } from '../shared/fold.js'
import { Lru } from '../shared/lru.js'

/**
 * One better-sqlite3 connection set up as every connection of the portal is: it waits for a busy
 * file, checks foreign keys and knows `fold` (searches ignore case and accents; MySQL does it by
 * collation, db/lists.ts). `readonly`: a file opened as it is (a backup's copy). `queryOnly`: a
 * connection of the read workers (db/readers.ts), which writes nothing.
 */
export function openSqlite(path: string, options: { readonly?: boolean; queryOnly?: boolean; image?: Buffer } = {}): SQLite.Database {
  const readonly = options.readonly === true
  // `image` (tests only, see createDb): an in-memory database made from a serialized one.
  const database = new SQLite(options.image ?? path, { readonly, fileMustExist: readonly || options.queryOnly === true })
  // Waits before anything else: instances opening one fresh file together contend for WAL's switch.
  database.pragma('busy_timeout = 5000')
  if (!readonly && !options.queryOnly) {
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = NORMAL')
  }
  if (options.queryOnly) database.pragma('query_only = 1')
  database.pragma('foreign_keys = ON')
  database.function('fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : value))
  return database
}

/** Prepared statements kept for reuse, the least recently used dropped first. */
const STATEMENT_CACHE_SIZE = 256

/**
 * Kysely's SQLite driver prepares every query afresh; compiling the SQL was a tenth of a logged-in
 * page's time (issue 8). The same text reuses its statement, unless that one is still being iterated
 * (a streamed query), which better-sqlite3 would refuse.
 */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE): { close(): void; prepare(sql: string): SQLite.Statement } {
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
