/**
 * A page of 50 new users at 100,000 users against the same page at 1,000 (issue 6), on SQLite
 * and on MariaDB when it answers. In process (app.inject: routing, guard, session, query,
 * serialisation), on a database seeded in bulk; the ratio of medians is the measure.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPool } from 'mysql2/promise'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import { sessionCookieFor } from '../../src/modules/identity/index.js'
import { appendRow, machine, now, percentile } from './report.js'

const SMALL = 1_000
const LARGE = 100_000
const SAMPLES = 300
const WARMUP = 50
const MARIADB = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test'
// Any valid-looking hash: nobody logs in with these accounts.
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000'

/** Adds users up to `target`, a third of them accepted, one a minute apart going back in time. */
async function seedUsers(db: Db, from: number, target: number): Promise<void> {
  const base = Date.UTC(2026, 0, 1)
  for (let start = from; start < target; start += 1000) {
    const rows = []
    for (let i = start; i < Math.min(target, start + 1000); i++) {
      const time = toDbTime(new Date(base - i * 60_000))
      rows.push({ username: `Client ${i}`, email: `client${i}@bench.dz`, entreprise: `SARL ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: i % 3 === 0 ? 1 : 0, is_admin: 0, profile_photo: null, created_at: time, updated_at: time })
    }
    await db.insertInto('users').values(rows).execute()
  }
}

async function timePage(app: Awaited<ReturnType<typeof buildApp>>, cookie: string): Promise<number> {
  const sample = async () => {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url: '/api/users/users-profile?pageSize=50', headers: { cookie } })
    if (res.statusCode !== 200 || (res.json() as unknown[]).length !== 50) throw new Error(`new users answered ${res.statusCode}`)
    return performance.now() - start
  }
  for (let i = 0; i < WARMUP; i++) await sample()
  const times = []
  for (let i = 0; i < SAMPLES; i++) times.push(await sample())
  return percentile(times, 0.5)
}

async function measure(label: string, url: string, db: Db): Promise<void> {
  await migrateToLatest(db)
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-lists-'))
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url, LOG_LEVEL: 'warn', UPLOAD_DIR: join(dir, 'uploads') }, { varDir: dir })
  const app = await buildApp({ config, db, logger: false })
  await app.ready()
  try {
    const adminId = Number((await db.insertInto('users').values({ username: 'Admin', email: 'admin@bench.dz', entreprise: 'Cabinet', telephone: '0550000000', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 1, profile_photo: null, created_at: toDbTime(new Date()), updated_at: toDbTime(new Date()) }).executeTakeFirstOrThrow()).insertId)
    const cookie = await sessionCookieFor(app, adminId)
    await seedUsers(db, 0, SMALL)
    const small = await timePage(app, cookie)
    await seedUsers(db, SMALL, LARGE)
    const large = await timePage(app, cookie)
    const ratio = large / small
    console.log(`${label}: page of 50 at ${SMALL} users ${small.toFixed(2)} ms, at ${LARGE} users ${large.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'})`)
    appendRow(
      'A page of 50 new users at 100,000 users against 1,000 (`npm run bench`)',
      `GET /api/users/users-profile?pageSize=50 as an administrator, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests, ` +
        `on a database seeded in bulk (a third of the users accepted). Goal: at most 1.5× slower at ${LARGE.toLocaleString('en')} users.`,
      ['date', 'machine', 'database', `median at ${SMALL} (ms)`, `median at ${LARGE} (ms)`, 'ratio'],
      [now(), machine(), label, small.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}×`],
    )
  } finally {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function benchLists(): Promise<void> {
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
  benchLists().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
