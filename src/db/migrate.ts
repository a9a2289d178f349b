import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely'
import { migrations } from '../../migrations/index.js'
import { dialectOf, type Db } from './database.js'

const provider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  },
}

/** How long an instance waits for another one's migrations before giving up. */
const LOCK_WAIT_SECONDS = 60
const LOCK_NAME = 'portal_migrations'
const SQLITE_RETRY_MS = 50

/**
 * Applies every pending migration; idempotent. Throws on the first failure. Instances starting
 * together take turns on one lock (MySQL's GET_LOCK, SQLite's write lock), so each migration runs
 * once and the others find the database up to date.
 */
export async function migrateToLatest(db: Db, options: { lockWaitSeconds?: number } = {}): Promise<string[]> {
  const waitSeconds = options.lockWaitSeconds ?? LOCK_WAIT_SECONDS
  // One connection holds the lock and runs every statement, Kysely's own bookkeeping included.
  return db.connection().execute(async (connection) =>
    dialectOf(db) === 'mysql' ? withMysqlLock(connection, waitSeconds) : withSqliteLock(connection, waitSeconds),
  )
}

async function migrate(db: Db): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** GET_LOCK is held by the session: released by us, or by the server if this process dies. */
async function withMysqlLock(connection: Db, waitSeconds: number): Promise<string[]> {
  const { rows } = await sql<{ got: number | null }>`select get_lock(${LOCK_NAME}, ${waitSeconds}) as got`.execute(connection)
  if (Number(rows[0]?.got) !== 1) throw new Error(`another instance held the migration lock for more than ${waitSeconds} s`)
  try {
    return await migrate(connection)
  } finally {
    await sql`select release_lock(${LOCK_NAME})`.execute(connection)
  }
}

/**
 * BEGIN IMMEDIATE takes SQLite's write lock for the whole run, and DDL is transactional there, so
 * a failed migration leaves nothing half done. Polled with no busy timeout: better-sqlite3 waits
 * synchronously, which would stall this process's other connections (and the event loop).
 */
async function withSqliteLock(connection: Db, waitSeconds: number): Promise<string[]> {
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection)
  const busyTimeout = Number(rows[0]?.timeout ?? 0)
  await sql`pragma busy_timeout = 0`.execute(connection)
  try {
    const deadline = Date.now() + waitSeconds * 1000
    for (;;) {
      try {
        await sql`begin immediate`.execute(connection)
        break
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error
        await new Promise((resolve) => setTimeout(resolve, SQLITE_RETRY_MS))
      }
    }
  } finally {
    await sql`pragma busy_timeout = ${sql.raw(String(busyTimeout))}`.execute(connection)
  }
  try {
    const applied = await migrate(connection)
    await sql`commit`.execute(connection)
    return applied
  } catch (error) {
    await sql`rollback`.execute(connection).catch(() => {})
    throw error
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
}
