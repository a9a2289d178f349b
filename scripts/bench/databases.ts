/**
 * The databases and the in-process app the list benchmarks measure: a temporary SQLite file, then a
 * temporary MariaDB database (created and dropped; skipped when MariaDB does not answer), each with
 * the app built on it and an administrator's session.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPool } from 'mysql2/promise'
import { sql } from 'kysely'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { createDb, isMysql, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import { percentile } from './report.js'

/** MariaDB's server, where each run creates (and drops) a database of its own. */
export const MARIADB = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test'
/** Any valid-looking hash: nobody logs in with the benchmarks' accounts. */
export const HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000'

export type App = Awaited<ReturnType<typeof buildApp>>

export type Dialect = 'sqlite' | 'mariadb'

/** Runs `measure` on a fresh SQLite file, then on a fresh MariaDB database when MariaDB answers (`on`: only those). */
export async function onEachDatabase(measure: (label: string, url: string, db: Db) => Promise<void>, on: Dialect[] = ['sqlite', 'mariadb']): Promise<void> {
  if (on.includes('sqlite')) await onSqlite(measure)
  if (on.includes('mariadb')) await onMariadb(measure)
}

async function onSqlite(measure: (label: string, url: string, db: Db) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-sqlite-'))
  const sqliteUrl = `sqlite:${join(dir, 'bench.sqlite')}`
  const sqlite = createDb(sqliteUrl)
  try {
    await measure('SQLite', sqliteUrl, sqlite)
  } finally {
    await sqlite.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function onMariadb(measure: (label: string, url: string, db: Db) => Promise<void>): Promise<void> {
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

/**
 * Migrates `db`, builds the production app on it (uploads in a temporary directory named after
 * `prefix`), runs `use` and closes the app and removes the directory whatever happens.
 */
export async function withApp(url: string, db: Db, prefix: string, use: (app: App) => Promise<void>): Promise<void> {
  await migrateToLatest(db)
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url, LOG_LEVEL: 'warn', UPLOAD_DIR: join(dir, 'uploads') }, { varDir: dir })
  const app = await buildApp(config, { db, logger: false })
  await app.ready()
  try {
    await use(app)
  } finally {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Adds the administrator the benchmarks act as; answers its id. */
export async function insertAdmin(db: Db): Promise<number> {
  const admin = await db
    .insertInto('users')
    .values({ username: 'Admin', email: 'admin@bench.dz', entreprise: 'Cabinet', telephone: '0550000000', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 1, role: 'admin', profile_photo: null, created_at: toDbTime(new Date()), updated_at: toDbTime(new Date()) })
    .executeTakeFirstOrThrow()
  return Number(admin.insertId)
}

/** A GET the benchmarks time: as whom, and what it must answer (200 and a page of 50). */
export interface Timed {
  url: string
  cookie: string
}

/**
 * The medians of `samples` GETs of `control` and of `measured`, taken in turns (control, measured,
 * control…) after `warmup` of each: a machine busy with other work slows both alike, and their ratio
 * is the measure.
 */
export async function timePair(app: App, what: string, control: Timed, measured: Timed, warmup: number, samples: number): Promise<{ control: number; measured: number }> {
  const sample = async (timed: Timed) => {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url: timed.url, headers: { cookie: timed.cookie } })
    const took = performance.now() - start
    if (res.statusCode !== 200 || (res.json() as unknown[]).length !== 50) throw new Error(`${what}: ${timed.url} answered ${res.statusCode}`)
    return took
  }
  for (let i = 0; i < warmup; i++) {
    await sample(control)
    await sample(measured)
  }
  const times = { control: [] as number[], measured: [] as number[] }
  for (let i = 0; i < samples; i++) {
    // Which goes first alternates too, so that neither always follows the other's work.
    if (i % 2 === 0) {
      times.control.push(await sample(control))
      times.measured.push(await sample(measured))
    } else {
      times.measured.push(await sample(measured))
      times.control.push(await sample(control))
    }
  }
  return { control: percentile(times.control, 0.5), measured: percentile(times.measured, 0.5) }
}

/** The median of `samples` GETs of `url` as `cookie` after `warmup` ones; each must answer 200 with a page of 50. */
export async function timePage(app: App, cookie: string, url: string, what: string, warmup: number, samples: number): Promise<number> {
  const sample = async () => {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url, headers: { cookie } })
    if (res.statusCode !== 200 || (res.json() as unknown[]).length !== 50) throw new Error(`${what} answered ${res.statusCode}`)
    return performance.now() - start
  }
  for (let i = 0; i < warmup; i++) await sample()
  const times = []
  for (let i = 0; i < samples; i++) times.push(await sample())
  return percentile(times, 0.5)
}

/**
 * MariaDB: `seed` runs without the search indexes' insert triggers `names` (migrations 0024, 0055),
 * then `fill` indexes what it wrote set-based and the triggers are made again exactly as they were:
 * with a trigger running for each row, seeding a million documents set-based still took 737 s (the
 * index's 37 million rows, not the round trips); filled after, 20,000 documents took 16 s instead of 27.
 * SQLite: `seed` alone, through the triggers.
 */
export async function withoutInsertTriggers(db: Db, names: string[], seed: () => Promise<void>, fill: () => Promise<void>): Promise<void> {
  if (!isMysql(db)) return seed()
  const statements = []
  for (const name of names) {
    const { rows } = await sql<Record<string, string>>`show create trigger ${sql.raw(name)}`.execute(db)
    const statement = rows[0]?.['SQL Original Statement']
    if (!statement) throw new Error(`${name}: no such trigger`)
    await sql`drop trigger ${sql.raw(name)}`.execute(db)
    statements.push(statement)
  }
  await seed()
  await fill()
  for (const statement of statements) await sql.raw(statement).execute(db)
}
