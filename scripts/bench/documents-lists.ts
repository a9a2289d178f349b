/**
 * A page of 50 New documents with 100,000 users and 1,000,000 documents against the same page at
 * 10,000 documents (issue 7), on SQLite and on MariaDB when it answers. In process (app.inject:
 * routing, guard, session, query, identity's summaries, serialisation) on a database seeded in
 * bulk; the ratio of medians is the measure (goal ≤ 2×).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPool } from 'mysql2/promise'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { sql } from 'kysely'
import { createDb, isMysql, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import { sessionCookieFor } from '../../src/modules/identity/index.js'
import { appendRow, machine, now, percentile } from './report.js'

const USERS = 100_000
const SMALL = 10_000
const LARGE = 1_000_000
const TYPES = 20
const SAMPLES = 200
const WARMUP = 30
const BATCH = 1000
const MARIADB = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test'
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000'
const BASE = Date.UTC(2026, 0, 1)

async function seedUsersAndTypes(db: Db): Promise<number> {
  for (let start = 0; start < USERS; start += BATCH) {
    const rows = []
    for (let i = start; i < Math.min(USERS, start + BATCH); i++) {
      const time = toDbTime(new Date(BASE - i * 60_000))
      rows.push({ username: `Client ${i}`, email: `client${i}@bench.dz`, entreprise: `SARL ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: time, updated_at: time })
    }
    await db.insertInto('users').values(rows).execute()
  }
  const types = Array.from({ length: TYPES }, (_, i) => ({ type_name: `Type ${i}`, type_key: `type ${i}`, created_at: toDbTime(new Date(BASE)) }))
  await db.insertInto('document_types').values(types).execute()
  const admin = await db
    .insertInto('users')
    .values({ username: 'Admin', email: 'admin@bench.dz', entreprise: 'Cabinet', telephone: '0550000000', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 1, profile_photo: null, created_at: toDbTime(new Date()), updated_at: toDbTime(new Date()) })
    .executeTakeFirstOrThrow()
  return Number(admin.insertId)
}

/**
 * Documents `from`…`target`, newest first going back 30 s each, spread over every user and type:
 * 10 % new, 60 % viewed, 30 % archived (the firm views what arrives).
 */
async function seedDocuments(db: Db, from: number, target: number, firstUser: number, firstType: number): Promise<void> {
  for (let start = from; start < target; start += BATCH * 20) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(target, start + BATCH * 20); batch += BATCH) {
        const rows = []
        for (let i = batch; i < Math.min(target, batch + BATCH); i++) {
          const state = i % 10
          rows.push({
            user_id: firstUser + (i % USERS), type_id: firstType + (i % TYPES), name: `document-${i}.pdf`, description: `Pièce ${i} du dossier annuel`,
            original_name: `document-${i}.pdf`, storage_key: `documents/${i.toString(16).padStart(32, '0')}.pdf`, mime: 'application/pdf', size: 1024,
            is_viewed: state === 0 ? 0 : 1, is_archived: state >= 7 ? 1 : 0, created_at: toDbTime(new Date(BASE - i * 30_000)), viewed_at: null, archived_at: null,
          })
        }
        await trx.insertInto('documents').values(rows).execute()
      }
    })
  }
}

/** Fresh statistics after a bulk load, as a database in service has them (InnoDB recomputes them late). */
async function analyze(db: Db): Promise<void> {
  if (isMysql(db)) await sql`analyze table users, document_types, documents`.execute(db)
  else await sql`analyze`.execute(db)
}

async function timePage(app: Awaited<ReturnType<typeof buildApp>>, cookie: string): Promise<number> {
  const sample = async () => {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url: '/api/documents/new-documents?pageSize=50', headers: { cookie } })
    if (res.statusCode !== 200 || (res.json() as unknown[]).length !== 50) throw new Error(`new documents answered ${res.statusCode}`)
    return performance.now() - start
  }
  for (let i = 0; i < WARMUP; i++) await sample()
  const times = []
  for (let i = 0; i < SAMPLES; i++) times.push(await sample())
  return percentile(times, 0.5)
}

async function measure(label: string, url: string, db: Db): Promise<void> {
  await migrateToLatest(db)
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-documents-'))
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url, LOG_LEVEL: 'warn', UPLOAD_DIR: join(dir, 'uploads') }, { varDir: dir })
  const app = await buildApp({ config, db, logger: false })
  await app.ready()
  try {
    const seeding = performance.now()
    const adminId = await seedUsersAndTypes(db)
    const firstUser = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
    const firstType = Number((await db.selectFrom('document_types').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
    const cookie = await sessionCookieFor(app, adminId)
    await seedDocuments(db, 0, SMALL, firstUser, firstType)
    await analyze(db)
    const small = await timePage(app, cookie)
    await seedDocuments(db, SMALL, LARGE, firstUser, firstType)
    await analyze(db)
    console.log(`${label}: seeded ${USERS} users and ${LARGE} documents in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
    const large = await timePage(app, cookie)
    const ratio = large / small
    console.log(`${label}: New documents page of 50 at ${SMALL} documents ${small.toFixed(2)} ms, at ${LARGE} ${large.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'})`)
    appendRow(
      'A page of 50 New documents at 1,000,000 documents against 10,000 (`npm run bench`)',
      `GET /api/documents/new-documents?pageSize=50 as an administrator, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests, ` +
        `with ${USERS.toLocaleString('en')} users and ${TYPES} types; documents seeded in bulk (10 % new, 60 % viewed, 30 % archived). Goal: at most 2× slower at ${LARGE.toLocaleString('en')} documents.`,
      ['date', 'machine', 'database', `median at ${SMALL.toLocaleString('en')} (ms)`, `median at ${LARGE.toLocaleString('en')} (ms)`, 'ratio'],
      [now(), machine(), label, small.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}×`],
    )
  } finally {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function benchDocumentLists(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-sqlite-'))
  const sqliteUrl = `sqlite:${join(dir, 'bench.sqlite')}`
  const sqlite = createDb(sqliteUrl)
  try {
    await measure('SQLite', sqliteUrl, sqlite)
  } finally {
    await sqlite.destroy()
    rmSync(dir, { recursive: true, force: true })
  }

  const admin = createPool({ uri: MARIADB, connectionLimit: 1 })
  const name = `portal_bench_${randomBytes(4).toString('hex')}`
  try {
    await admin.query(`CREATE DATABASE \`${name}\``)
  } catch (error) {
    console.log(`MariaDB skipped (${(error as Error).message})`)
    await admin.end()
    return
  }
  const url = new URL(MARIADB)
  url.pathname = `/${name}`
  const mysql = createDb(url.toString())
  try {
    await measure('MariaDB', url.toString(), mysql)
  } finally {
    await mysql.destroy()
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
    await admin.end()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchDocumentLists().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
