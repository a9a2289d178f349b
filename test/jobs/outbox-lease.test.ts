// Issue 34, contract §5: a mail claimed by an instance that dies waits at most a lease (45 s by default,
// renewed while the worker sends), not five minutes. A real process claims the mail and hangs in its SMTP
// send; while it lives it keeps the claim past its first lease; once killed (SIGKILL: no shutdown, no
// release), another instance sends the mail as soon as the last renewal lapses, and once.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { fixedClock } from '../../src/clock/clock.js'
import { ConfigError, loadConfig } from '../../src/config.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { fromDbTime } from '../../src/db/values.js'
import { createOutbox, DEFAULT_LEASE_MS, MIN_LEASE_MS } from '../../src/jobs/outbox.js'
import { memoryMailer } from '../../src/mail/memory-mailer.js'
import { freshDatabase } from '../helpers/app.js'

type T = { teardown: (fn: () => unknown) => void }
const SECRET = randomBytes(32).toString('hex')
const silent = { info() {}, warn() {}, error() {} }

/** A database two processes open at once: a MariaDB database, or an SQLite file. */
async function sharedDatabase(t: T): Promise<{ url: string; db: Db }> {
  if (process.env.TEST_DATABASE_URL?.startsWith('mysql://')) {
    const database = await freshDatabase()
    t.teardown(() => database.drop())
    return database
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-lease-db-'))
  const url = `sqlite:${join(dir, 'portal.db')}`
  const db = createDb(url)
  await migrateToLatest(db)
  t.teardown(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  return { url, db }
}

/** Waits until `check` holds (the database is polled, not a clock). */
async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

t.test('the lease: 45 s by default, renewed while sending; shorter than 30 s refused outside tests', async (t) => {
  t.equal(DEFAULT_LEASE_MS, 45_000)
  t.ok(DEFAULT_LEASE_MS + 1000 <= 60_000, 'a lapsed claim and the next poll: within a minute')
  const base = { NODE_ENV: 'production', SESSION_SECRET: SECRET, PUBLIC_URL: 'https://cabinet.example.dz', DATABASE_URL: 'sqlite::memory:' }
  const varDir = mkdtempSync(join(tmpdir(), 'portal-lease-var-'))
  t.teardown(() => rmSync(varDir, { recursive: true, force: true }))
  t.equal(loadConfig(base, { varDir }).outboxLeaseMs, DEFAULT_LEASE_MS)
  t.equal(loadConfig({ ...base, OUTBOX_LEASE_SECONDS: '30' }, { varDir }).outboxLeaseMs, MIN_LEASE_MS)
  const refused = (() => {
    try {
      loadConfig({ ...base, OUTBOX_LEASE_SECONDS: '10' }, { varDir })
    } catch (error) {
      return error
    }
  })()
  t.ok(refused instanceof ConfigError, 'refused at start')
  t.match((refused as Error).message, /^Invalid OUTBOX_LEASE_SECONDS: .*at least 30/)
  t.equal(loadConfig({ ...base, NODE_ENV: 'test', OUTBOX_LEASE_SECONDS: '2' }, { varDir }).outboxLeaseMs, 2000, 'tests may shorten it')
})

t.test('an instance killed while it holds a mail delays it by one lease at most; alive, it keeps it', async (t) => {
  const { url, db } = await sharedDatabase(t)
  const leaseMs = 3000
  // Instance B, on a clock of its own that the test moves.
  const clock = fixedClock(new Date())
  const mailer = memoryMailer()
  const b = createOutbox({ db, mailer, clock, log: silent, secret: SECRET, leaseMs })
  await b.enqueue(db, { to: 'atlas@example.dz', subject: 'Bilan reçu', text: 'Votre bilan est arrivé.', html: '<p>Votre bilan est arrivé.</p>', language: 'fr' })

  // Instance A: a real process that claims it and hangs in the SMTP send.
  const here = fileURLToPath(import.meta.url)
  const holder = here.replace(/outbox-lease\.test\.(ts|js)$/, 'outbox-holder.$1')
  const a = spawn(process.execPath, [...process.execArgv, holder, url, SECRET, String(leaseMs)], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise((resolve) => a.once('exit', resolve))
  t.teardown(() => {
    if (a.exitCode === null) a.kill('SIGKILL')
  })
  await new Promise<void>((resolve) => a.stdout.once('data', () => resolve()))
  const claimOf = async () => {
    const row = await db.selectFrom('outbox').select(['claimed_by', 'claimed_until', 'status']).executeTakeFirstOrThrow()
    return { ...row, until: row.claimed_until ? fromDbTime(row.claimed_until).getTime() : 0 }
  }
  const first = await claimOf()
  t.ok(first.claimed_by, 'A claimed it and is sending')

  // Past A's first lease by B's clock, A still alive: its renewal holds the mail.
  clock.set(new Date(first.until + 1))
  await until(async () => ((await claimOf()).until > first.until + 1 ? true : undefined))
  t.ok(await b.drain(5000))
  t.equal(mailer.sent.length, 0, 'not taken from a live instance past its first lease')

  // Killed: nothing given back. The mail waits for the last renewal's lease, no longer.
  a.kill('SIGKILL')
  await exited
  const last = await claimOf()
  t.equal(last.status, 'pending')
  clock.set(new Date(last.until - 1))
  t.ok(await b.drain(5000))
  t.equal(mailer.sent.length, 0, 'held until the lease lapses')
  clock.set(new Date(last.until + 1))
  t.ok(await b.drain(5000))
  t.same(mailer.sent.map((mail) => mail.subject), ['Bilan reçu'], 'then sent by the other instance')
  t.equal((await claimOf()).status, 'sent')
  t.ok(await b.drain(5000))
  t.equal(mailer.sent.length, 1, 'once')
})
