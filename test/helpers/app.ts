import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createPool } from 'mysql2/promise'
import { buildApp } from '../../src/app.js'
import { loadConfig, type Config } from '../../src/config.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or its own MariaDB database
 * when TEST_DATABASE_URL=mysql://… is set (so files can run in parallel).
 */
export async function freshDatabase(base = process.env.TEST_DATABASE_URL, options: { seeded?: boolean } = {}): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  // Tests start from no document type (each adds its own); the seeded ones are tested on their own (seeded: true).
  const migrate = async (db: Db) => {
    await migrateToLatest(db)
    if (!options.seeded) await db.deleteFrom('document_types').execute()
  }
  if (!base?.startsWith('mysql://')) {
    const url = 'sqlite::memory:'
    const db = createDb(url)
    await migrate(db)
    return { url, db, drop: () => db.destroy() }
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const admin = createPool({ uri: base, connectionLimit: 1 })
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET latin1`)
  const parsed = new URL(base)
  parsed.pathname = `/${name}`
  const url = parsed.toString()
  const db = createDb(url)
  await migrate(db)
  return {
    url,
    db,
    async drop() {
      await db.destroy()
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
      await admin.end()
    },
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
