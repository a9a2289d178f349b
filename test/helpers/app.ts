// First: before Fastify loads (its response serializers, compiled once per process; see the file).
import './serializer-cache.js'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { createPool } from 'mysql2/promise'
import { buildApp } from '../../src/app.js'
import { loadConfig, type Config } from '../../src/config.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or its own MariaDB database
 * when TEST_DATABASE_URL=mysql://… is set (so files can run in parallel). A MariaDB database is made
 * from the schema the migrations gave once per test run (`mariadbSchema`), not by migrating again.
 */
export async function freshDatabase(base = process.env.TEST_DATABASE_URL, options: { seeded?: boolean } = {}): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  // Tests start from no document type (each adds its own); the seeded ones are tested on their own (seeded: true).
  const unseed = async (db: Db) => {
    if (!options.seeded) await db.deleteFrom('document_types').execute()
  }
  if (base === process.env.TEST_DATABASE_URL) legDatabaseOpened()
  if (!base?.startsWith('mysql://')) {
    const url = 'sqlite::memory:'
    const db = createDb(url, { image: await sqliteImage(options.seeded === true) })
    return { url, db, drop: () => db.destroy() }
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const admin = createPool({ uri: base, connectionLimit: 1, multipleStatements: true })
  const schema = await mariadbSchema(base)
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET latin1; USE \`${name}\`; ${schema}`)
  const parsed = new URL(base)
  parsed.pathname = `/${name}`
  const url = parsed.toString()
  const db = createDb(url)
  await unseed(db)
  return {
    url,
    db,
    async drop() {
      try {
        await db.destroy()
        await dropDatabase(admin, name)
      } finally {
        await admin.end()
      }
    },
  }
}

/**
 * Tells the test worker running this file (scripts/test-worker.mjs) that the file opened the leg's
 * database: scripts/run-tests.mjs then fails it unless it is on test/mariadb-leg.txt or
 * test/skip-on-mariadb-leg.txt (scripts/mariadb-leg.mjs), so that no file using the database drops
 * out of the MariaDB leg unseen. Nothing outside a worker.
 */
export function legDatabaseOpened(): void {
  const worker = (globalThis as Record<symbol, { legDatabase?: () => void } | undefined>)[Symbol.for('portal test worker')]
  worker?.legDatabase?.()
}

/**
 * DROP DATABASE, tried again when InnoDB still holds a file of it for a moment (error 1010, "can't
 * rmdir … Directory not empty", seen once on a busy machine: a full-text index's files are removed in
 * the background): a test database left behind has a name no one reuses, so the last refusal is only
 * reported.
 */
async function dropDatabase(admin: AdminPool, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
      return
    } catch (error) {
      if ((error as { errno?: number }).errno !== 1010) throw error
      if (attempt === 5) {
        console.error(`# ${name} left behind: ${(error as Error).message}`)
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
    }
  }
}

const sqliteImages = new Map<boolean, Promise<Buffer>>()

/**
 * SQLite: a database as `migrateToLatest` leaves it (without the seeded document types unless
 * `seeded`), serialized once per process (VACUUM INTO a file, read back): each fresh in-memory
 * database starts as a copy of it (createDb's `image`), a millisecond instead of 30 migrations
 * (about 30 ms of CPU per app, and a test worker builds hundreds). The migrations themselves run
 * here once per process, and in the tests of migrations.
 */
function sqliteImage(seeded: boolean): Promise<Buffer> {
  let image = sqliteImages.get(seeded)
  if (!image) {
    image = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-image-'))
      const db = createDb('sqlite::memory:')
      try {
        await migrateToLatest(db)
        if (!seeded) await db.deleteFrom('document_types').execute()
        const file = join(dir, 'migrated.sqlite')
        await sql`vacuum into ${file}`.execute(db)
        return readFileSync(file)
      } finally {
        await db.destroy()
        rmSync(dir, { recursive: true, force: true })
      }
    })()
    sqliteImages.set(seeded, image)
  }
  return image
}

/** Where each test run keeps its MariaDB schema script, by run. */
const SCHEMAS = 'portal_test_schemas'

let schemaOfProcess: Promise<string> | undefined

/**
 * MariaDB: the statements that make a database as `migrateToLatest` leaves it (its tables, the rows
 * the migrations wrote, then its triggers), made once per test run (TEST_RUN_ID, set by
 * scripts/run-tests.mjs; one per process otherwise) by migrating a database of its own and reading
 * it back, and kept in the server for the run's other processes. A file's database is then one
 * trip of about 60 statements instead of 27 migrations' 120 DDL statements and their bookkeeping:
 * 1.5 s instead of 15 s with the CI's three runs side by side (docs/decisions/060-how-the-tests-run.md). The migrations themselves run once per run here, and in the tests of migrations.
 */
function mariadbSchema(base: string): Promise<string> {
  schemaOfProcess ??= (async () => {
    const run = (process.env.TEST_RUN_ID ?? `pid-${process.pid}-${Date.now()}`).slice(0, 64)
    const admin = createPool({ uri: base, connectionLimit: 1 })
    try {
      await admin.query(`CREATE DATABASE IF NOT EXISTS ${SCHEMAS}`)
      await admin.query(`CREATE TABLE IF NOT EXISTS ${SCHEMAS}.scripts (run_id varchar(64) PRIMARY KEY, script longtext NOT NULL, created_at datetime NOT NULL)`)
      const [[locked]] = (await admin.query(`SELECT GET_LOCK(?, 600) AS got`, [`${SCHEMAS}.${run}`])) as unknown as [[{ got: number }]]
      if (locked?.got !== 1) throw new Error('the test schema lock was not granted within 600 s')
      try {
        const [[kept]] = (await admin.query(`SELECT script FROM ${SCHEMAS}.scripts WHERE run_id = ?`, [run])) as unknown as [[{ script: string } | undefined]]
        if (kept) return kept.script
        const script = await migratedSchema(base, admin)
        await admin.query(`DELETE FROM ${SCHEMAS}.scripts WHERE created_at < NOW() - INTERVAL 1 DAY`)
        await admin.query(`INSERT INTO ${SCHEMAS}.scripts (run_id, script, created_at) VALUES (?, ?, NOW())`, [run, script])
        return script
      } finally {
        await admin.query(`SELECT RELEASE_LOCK(?)`, [`${SCHEMAS}.${run}`])
      }
    } finally {
      await admin.end()
    }
  })()
  return schemaOfProcess
}

type AdminPool = ReturnType<typeof createPool>

/** Migrates a database of its own, reads back its tables, rows and triggers as statements, and drops it. */
async function migratedSchema(base: string, admin: AdminPool): Promise<string> {
  const name = `portal_schema_${randomBytes(6).toString('hex')}`
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET latin1`)
  try {
    const parsed = new URL(base)
    parsed.pathname = `/${name}`
    const db = createDb(parsed.toString())
    try {
      await migrateToLatest(db)
    } finally {
      await db.destroy()
    }
    const rowsOf = async <T>(query: string, values: unknown[] = []) => ((await admin.query(query, values)) as unknown as [T[]])[0]
    const tables = await rowsOf<{ name: string; kind: string }>(`SELECT table_name AS name, table_type AS kind FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name`, [name])
    const routines = await rowsOf<{ n: number }>(`SELECT COUNT(*) AS n FROM information_schema.routines WHERE routine_schema = ?`, [name])
    const other = tables.filter((table) => table.kind !== 'BASE TABLE').map((table) => table.name)
    if (other.length || Number(routines[0]?.n)) throw new Error(`the test schema copies tables and triggers only: ${other.join(', ')} ${routines[0]?.n ?? 0} routines`)
    const statements = ['SET FOREIGN_KEY_CHECKS = 0']
    for (const { name: table } of tables) statements.push((await rowsOf<Record<string, string>>(`SHOW CREATE TABLE \`${name}\`.\`${table}\``))[0]!['Create Table']!)
    // The rows the migrations wrote (their own bookkeeping, the seeded types), before the triggers that would index them twice.
    for (const { name: table } of tables) {
      const rows = await rowsOf<Record<string, unknown>>(`SELECT * FROM \`${name}\`.\`${table}\``)
      if (rows.length) statements.push(`INSERT INTO \`${table}\` VALUES ${rows.map((row) => `(${Object.values(row).map((value) => admin.escape(value)).join(', ')})`).join(', ')}`)
    }
    const triggers = await rowsOf<{ name: string }>(`SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = ? ORDER BY action_order, trigger_name`, [name])
    for (const { name: trigger } of triggers) {
      const [shown] = await rowsOf<Record<string, string>>(`SHOW CREATE TRIGGER \`${name}\`.\`${trigger}\``)
      // Created as the migrations created it: by the connecting user, in the sql_mode it was made in.
      statements.push(`SET SESSION sql_mode = ${admin.escape(shown!.sql_mode)}`)
      statements.push(shown!['SQL Original Statement']!.replace(/^CREATE\s+DEFINER=`[^`]*`@`[^`]*`\s+TRIGGER/i, 'CREATE TRIGGER'))
    }
    statements.push('SET FOREIGN_KEY_CHECKS = 1', 'SET SESSION sql_mode = DEFAULT')
    return statements.join(';\n')
  } finally {
    await dropDatabase(admin, name)
  }
}

export interface TestApp {
  app: FastifyInstance
  db: Db
  config: Config
}

/** Builds the real app on a fresh database; closes both when the test ends. */
export async function buildTestApp(
  t: { teardown: (fn: () => unknown) => void },
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const database = await freshDatabase()
  const varDir = mkdtempSync(join(tmpdir(), 'portal-var-'))
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, UPLOAD_DIR: join(varDir, 'uploads'), ...env }, { varDir, ...overrides })
  const app = await buildApp(config, { db: database.db, logger: false })
  // Registered before ready(): an app that fails to start still gives its database back.
  t.teardown(async () => {
    await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  await app.ready()
  return { app, db: database.db, config }
}

/**
 * Waits for what the app does after its answers: its jobs, then every mail of the outbox that is
 * due (sent, or failed and set to be retried later), then every send under way. After it, a mail
 * that was not sent will not be, unless the clock reaches a retry.
 */
export async function settled(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  if (!(await app.ports.jobs.drain(timeoutMs))) throw new Error(`jobs still running after ${timeoutMs} ms`)
  if (!(await app.ports.outbox.drain(timeoutMs))) throw new Error(`mails still due after ${timeoutMs} ms`)
  if (!(await app.ports.mailer.drain(timeoutMs))) throw new Error(`mails still being sent after ${timeoutMs} ms`)
}
