import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely'
import { migrations } from '../../migrations/index.js'
import { dialectOf, type Db } from './database.js'

const provider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  },
}

/**
 * How long an instance waits for another one's migrations before giving up: long enough for a
 * migration that builds an index over a large table (the search indexes take minutes at a million
 * documents), so that instances started together never exit on it (contract §5, "without error";
 * it was 60 s until session 13, a review's finding).
 */
const LOCK_WAIT_SECONDS = 30 * 60
/**
 * GET_LOCK's names are the server's, not a database's: the lock is named after the database, so
 * portals (or tests) migrating other databases of one server never wait for each other.
 */
const LOCK_NAME = sql`left(concat('portal_migrations:', database()), 64)`
const SQLITE_RETRY_MS = 50

/**
 * Applies every pending migration; idempotent. Throws on the first failure. Instances starting
 * together take turns on one lock (MySQL's GET_LOCK, SQLite's write lock), so each migration runs
 * once and the others find the database up to date.
 */
export async function migrateToLatest(db: Db, options: { lockWaitSeconds?: number } = {}): Promise<string[]> {
  return locked(db, options.lockWaitSeconds ?? LOCK_WAIT_SECONDS, (migrator) => migrator.migrateToLatest())
}

/** Migrates up or down to `name` (a restore brings the schema to its backup's version first), under the same lock. */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`unknown migration: ${name}`)
  return locked(db, LOCK_WAIT_SECONDS, (migrator) => migrator.migrateTo(name))
}

/** Every migration this code knows, in order. */
export const migrationNames = (): string[] => Object.keys(migrations)

/** The migrations applied to `db`, in order (none on a database never migrated). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const list = await new Migrator({ db, provider }).getMigrations()
  return list.filter((m) => m.executedAt !== undefined).map((m) => m.name)
}

type Run = (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>

function locked(db: Db, waitSeconds: number, run: Run): Promise<string[]> {
  // One connection holds the lock and runs every statement, Kysely's own bookkeeping included.
  return db.connection().execute(async (connection) =>
    dialectOf(db) === 'mysql' ? withMysqlLock(connection, waitSeconds, run) : withSqliteLock(connection, waitSeconds, run),
  )
}

async function migrate(db: Db, run: Run): Promise<string[]> {
  const { error, results } = await run(new Migrator({ db, provider }))
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** GET_LOCK is held by the session: released by us, or by the server if this process dies. */
async function withMysqlLock(connection: Db, waitSeconds: number, run: Run): Promise<string[]> {
  const { rows } = await sql<{ got: number | null }>`select get_lock(${LOCK_NAME}, ${waitSeconds}) as got`.execute(connection)
  if (Number(rows[0]?.got) !== 1) throw new Error(`another instance held the migration lock for more than ${waitSeconds} s`)
  try {
    return await migrate(connection, run)
  } finally {
    await sql`select release_lock(${LOCK_NAME})`.execute(connection)
  }
}

/**
 * BEGIN IMMEDIATE takes SQLite's write lock for the whole run, and DDL is transactional there, so
 * a failed migration leaves nothing half done. Polled with no busy timeout: better-sqlite3 waits
 * synchronously, which would stall this process's other connections (and the event loop).
 */
async function withSqliteLock(connection: Db, waitSeconds: number, run: Run): Promise<string[]> {
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
    const applied = await migrate(connection, run)
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
