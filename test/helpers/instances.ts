import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildOverrides } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { createDb } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { freshDatabase, legDatabaseOpened } from './app.js'

type T = { teardown: (fn: () => unknown) => void }

export interface Instances {
  a: FastifyInstance
  b: FastifyInstance
  /** Builds one more instance on the same database, secret and upload folder. */
  another(env?: Record<string, string>, overrides?: BuildOverrides): Promise<FastifyInstance>
}

/**
 * Two portal instances as two processes would be: each its own app, its own database connection
 * and caches, on one database (a SQLite file, or a fresh MariaDB database when TEST_DATABASE_URL
 * names one), one SESSION_SECRET and one upload folder; `env` adds REDIS_URL and the like.
 */
export async function twoInstances(t: T, env: Record<string, string> = {}, overrides: BuildOverrides = {}): Promise<Instances> {
  const another = await instances(t, env, overrides)
  return { a: await another(), b: await another(), another }
}

/** A maker of instances on one database, secret and upload folder (see `twoInstances`); each is closed at teardown. */
export async function instances(t: T, env: Record<string, string> = {}, overrides: BuildOverrides = {}): Promise<Instances['another']> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-instances-'))
  let databaseUrl: string
  let drop: () => Promise<void>
  if (process.env.TEST_DATABASE_URL?.startsWith('mysql://')) {
    const database = await freshDatabase()
    databaseUrl = database.url
    drop = database.drop
  } else {
    // The leg's database (a SQLite file here): the file belongs on the MariaDB leg's lists.
    legDatabaseOpened()
    databaseUrl = `sqlite:${join(dir, 'portal.sqlite')}`
    const db = createDb(databaseUrl)
    await migrateToLatest(db)
    await db.destroy()
    drop = async () => {}
  }
  const base = { NODE_ENV: 'test', DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString('hex'), UPLOAD_DIR: join(dir, 'uploads'), PUBLIC_URL: 'http://portail.test' }
  const apps: FastifyInstance[] = []
  t.teardown(async () => {
    for (const app of apps) await app.close()
    await drop()
    rmSync(dir, { recursive: true, force: true })
  })
  const another = async (more: Record<string, string> = {}, moreOverrides: BuildOverrides = {}) => {
    const varDir = mkdtempSync(join(dir, 'var-'))
    const app = await buildApp(loadConfig({ ...base, ...env, ...more }, { varDir }), { logger: false, ...overrides, ...moreOverrides })
    apps.push(app)
    await app.ready()
    return app
  }
  return another
}
