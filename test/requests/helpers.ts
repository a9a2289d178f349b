import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig, type Config } from '../../src/config.js'
import type { Db } from '../../src/db/database.js'
import { injectAs, type SeededAccount } from '../helpers/accounts.js'
import { freshDatabase } from '../helpers/app.js'

export const FIRM = 'cabinet@example.dz'

export interface RequestsApp {
  app: FastifyInstance
  db: Db
  config: Config
  clock: ReturnType<typeof fixedClock>
}

/** The real app on a fresh database with a clock the test moves (Algiers is UTC+1 all year). */
export async function requestsApp(t: { teardown: (fn: () => unknown) => void }, options: { start?: string; env?: Record<string, string> } = {}): Promise<RequestsApp> {
  const database = await freshDatabase()
  const varDir = mkdtempSync(join(tmpdir(), 'portal-var-'))
  const clock = fixedClock(options.start ?? '2026-03-02T09:00:00Z')
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, UPLOAD_DIR: join(varDir, 'uploads'), FIRM_EMAIL: FIRM, PUBLIC_URL: 'http://portail.test', ...options.env }, { varDir })
  const app = await buildApp(config, { db: database.db, clock, logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  await app.ready()
  return { app, db: database.db, config, clock }
}

/** The id of a document type by name. */
export async function typeIdOf(db: Db, typeName: string): Promise<number> {
  const row = await db.selectFrom('document_types').select('id').where('type_name', '=', typeName).executeTakeFirstOrThrow()
  return Number(row.id)
}

/** POST /api/requests as `admin`; answers the response. */
export function ask(app: FastifyInstance, admin: SeededAccount | null, payload: Record<string, unknown>) {
  return injectAs(app, admin, { method: 'POST', url: '/api/requests', payload })
}

/** Asks and answers the created request's id (throws unless 201). */
export async function askFor(app: FastifyInstance, admin: SeededAccount, payload: Record<string, unknown>): Promise<number> {
  const res = await ask(app, admin, payload)
  if (res.statusCode !== 201) throw new Error(`ask: ${res.statusCode} ${res.body}`)
  return res.json().id as number
}
