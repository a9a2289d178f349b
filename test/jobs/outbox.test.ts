// Issue 14, contract §5: the mail outbox. Mails are rows written with their cause and sent by a
// worker in every instance: once each, retried for at least 24 hours, kept through restarts.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { KyselyPlugin } from 'kysely'
import { SMTPServer } from 'smtp-server'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock, systemClock, type Clock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { transaction } from '../../src/db/transaction.js'
import { fromDbTime, toDbTime } from '../../src/db/values.js'
import { createOutbox, GIVE_UP_AFTER_MS, RETRY_DELAYS_MS, type OutboxOptions } from '../../src/jobs/outbox.js'
import type { Mail } from '../../src/mail/mailer.js'
import { memoryMailer } from '../../src/mail/memory-mailer.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { freshDatabase, settled } from '../helpers/app.js'
import { registration } from '../helpers/identity.js'

type T = { teardown: (fn: () => unknown) => void }

/** Every instance of one portal shares SESSION_SECRET (contract §5): the outbox's rows are sealed with it. */
const SECRET = randomBytes(32).toString('hex')
const HOUR = 3600_000
const silent = { info() {}, warn() {}, error() {} }
const contact = (i: number) => ({ name: `Visiteur ${i}`, email: `visiteur${i}@example.dz`, message: `Message ${i}`, telephone: '0551234567' })
const mailNumber = (i: number): Mail => ({ to: `m${i}@example.dz`, subject: `mail-${i}`, text: `n° ${i}`, html: `<p>n° ${i}</p>`, language: 'fr' })

/**
 * A real SMTP server that can refuse (451 to MAIL FROM, as a provider's outage answers) or be
 * down (not listening), then come back on the same port.
 */
async function controlledSmtp(t: T, delayMs = 0) {
  const received: Array<{ to: string; subject: string }> = []
  let refusing = false
  let refusals = 0
  let server: SMTPServer | undefined
  let port = 0
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        if (!refusing) return callback()
        refusals++
        callback(Object.assign(new Error('Service temporairement indisponible'), { responseCode: 451 }))
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () =>
          setTimeout(() => {
            const raw = Buffer.concat(chunks).toString('utf8')
            received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(','), subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '' })
            callback()
          }, delayMs),
        )
      },
    })
  const up = async () => {
    const next = make()
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve))
    port = (next.server.address() as AddressInfo).port
    server = next
  }
  const down = async () => {
    const current = server
    server = undefined
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }
  await up()
  t.teardown(down)
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on: boolean) => void (refusing = on),
    refusals: () => refusals,
    up,
    down,
  }
}

/** The portal on `database`, as one instance among others: same secret, its own var/, the clock given. */
async function portal(t: T, database: { url: string; db?: Db }, options: { smtpUrl: string; clock?: Clock }) {
  const varDir = mkdtempSync(join(tmpdir(), 'portal-outbox-'))
  const config = loadConfig(
    { NODE_ENV: 'test', DATABASE_URL: database.url, SMTP_URL: options.smtpUrl, SESSION_SECRET: SECRET, PUBLIC_URL: 'http://portail.test', FIRM_EMAIL: 'cabinet@example.dz', UPLOAD_DIR: join(varDir, 'uploads') },
    { varDir },
  )
  // Without a database handed in, the app opens its own pool (or SQLite connection), as a second process would.
  const app = await buildApp(config, { ...(database.db ? { db: database.db } : {}), ...(options.clock ? { clock: options.clock } : {}), logger: false })
  let open = true
  const close = async () => {
    if (!open) return
    open = false
    await app.close()
  }
  t.teardown(async () => {
    await close()
    rmSync(varDir, { recursive: true, force: true })
  })
  await app.ready()
  return { app, close }
}

async function fresh(t: T) {
  const database = await freshDatabase()
  t.teardown(() => database.drop())
  return database
}

/** A database that several handles can open at once: a MariaDB database, or an SQLite file. */
async function sharedDatabase(t: T): Promise<{ url: string; db: Db }> {
  if (process.env.TEST_DATABASE_URL?.startsWith('mysql://')) return fresh(t)
  const dir = mkdtempSync(join(tmpdir(), 'portal-outbox-db-'))
  const url = `sqlite:${join(dir, 'portal.db')}`
  const db = createDb(url)
  await migrateToLatest(db)
  t.teardown(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  return { url, db }
}

const rowsOf = (db: Db) => db.selectFrom('outbox').selectAll().orderBy('id').execute()

/** Waits until `check` holds (the database is polled, not a clock). */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

function outboxOn(db: Db, mailer: OutboxOptions['mailer'], clock: Clock = systemClock, extra: Partial<OutboxOptions> = {}) {
  return createOutbox({ db, mailer, clock, log: silent, secret: SECRET, ...extra })
}

t.test('the SMTP server refuses for a while, then accepts: every mail arrives once, and the dashboard shows them waiting meanwhile', async (t) => {
  const database = await fresh(t)
  const smtp = await controlledSmtp(t)
  const clock = fixedClock('2026-03-02T08:00:00Z')
  const { app } = await portal(t, database, { smtpUrl: smtp.url, clock })
  const admin = await seedAccount(app, { admin: true })
  smtp.refuse(true)
  const emails = ['a@example.dz', 'b@example.dz', 'c@example.dz', 'd@example.dz']
  for (const email of emails) t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })).statusCode, 201, 'the registration does not wait for the mail')
  t.equal((await app.inject({ method: 'POST', url: '/api/users/contact', payload: contact(1) })).statusCode, 201, 'nor does the contact form')
  await settled(app)
  t.ok(smtp.refusals() >= 5, 'each mail was tried once and refused')
  t.equal(smtp.received.length, 0)
  const waiting = await rowsOf(database.db)
  t.same(waiting.map((row) => [row.status, Number(row.attempts), row.next_attempt_at]), waiting.map(() => ['pending', 1, toDbTime(new Date(clock.now().getTime() + RETRY_DELAYS_MS[0]))]), 'each retried 30 s later')
  t.ok(waiting.every((row) => row.last_error?.includes('451')), 'the refusal is recorded')
  const page = (await injectAs(app, admin, '/admin-dashboard')).body
  t.match(page, /<dd data-mail="waiting">5<\/dd>/, 'the dashboard shows five mails waiting')
  t.match(page, /<dd data-mail="failed">0<\/dd>/)

  smtp.refuse(false)
  clock.advance(RETRY_DELAYS_MS[0])
  await settled(app)
  t.same(smtp.received.map((mail) => mail.to).sort(), [...emails, 'cabinet@example.dz'].sort(), 'every mail arrived once')
  const sent = await rowsOf(database.db)
  t.ok(sent.every((row) => row.status === 'sent' && Number(row.attempts) === 2 && row.payload === null && row.claimed_by === null), 'marked sent, content dropped')
  // Later passes send nothing again.
  clock.advance(2 * HOUR)
  await settled(app)
  t.equal(smtp.received.length, 5, 'nothing sent twice')
  t.match((await injectAs(app, admin, '/admin-dashboard')).body, /<dd data-mail="waiting">0<\/dd>/)
})

t.test('the SMTP server is down, the portal restarts meanwhile, then the server is back: every mail arrives once', async (t) => {
  const database = await fresh(t)
  const smtp = await controlledSmtp(t)
  await smtp.down()
  const clock = fixedClock('2026-03-02T08:00:00Z')
  const first = await portal(t, database, { smtpUrl: smtp.url, clock })
  for (const email of ['a@example.dz', 'b@example.dz', 'c@example.dz']) t.equal((await first.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })).statusCode, 201)
  for (const i of [1, 2]) t.equal((await first.app.inject({ method: 'POST', url: '/api/users/contact', payload: contact(i) })).statusCode, 201)
  await settled(first.app)
  // Shutdown sends what is due; these were refused and wait for their retry: they stay, unclaimed.
  await first.close()
  const kept = await rowsOf(database.db)
  t.equal(kept.length, 5)
  t.ok(kept.every((row) => row.status === 'pending' && row.claimed_by === null && /ECONNREFUSED/.test(row.last_error ?? '')), 'kept through the restart, unclaimed')

  await smtp.up()
  const second = await portal(t, database, { smtpUrl: smtp.url, clock })
  await settled(second.app)
  t.equal(smtp.received.length, 0, 'not before their retry is due')
  clock.advance(RETRY_DELAYS_MS[0])
  await settled(second.app)
  t.same(smtp.received.map((mail) => mail.to).sort(), ['a@example.dz', 'b@example.dz', 'c@example.dz', 'cabinet@example.dz', 'cabinet@example.dz'])
  t.ok((await rowsOf(database.db)).every((row) => row.status === 'sent'))
  // The verification links sent by the second instance still work: the first instance's rows were read whole.
  const verify = await second.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.dz', password: registration().password } })
  t.equal(verify.statusCode, 403, 'unverified until the link is followed')
})

t.test('two instances on one database: each of 200 mails is sent exactly once', async (t) => {
  const database = await sharedDatabase(t)
  const smtpA = await controlledSmtp(t, 2)
  const smtpB = await controlledSmtp(t, 2)
  // Each instance opens its own pool on the database, as two processes would; each sends through its own server, so the share of each shows.
  const a = await portal(t, { url: database.url }, { smtpUrl: smtpA.url })
  const b = await portal(t, { url: database.url }, { smtpUrl: smtpB.url })
  const started = Date.now()
  // 50 mails enqueued one by one through each instance at once (each wakes its worker), then 100 in one transaction.
  await Promise.all([
    ...Array.from({ length: 50 }, (_, i) => a.app.ports.outbox.enqueue(a.app.ports.db, mailNumber(i))),
    ...Array.from({ length: 50 }, (_, i) => b.app.ports.outbox.enqueue(b.app.ports.db, mailNumber(50 + i))),
  ])
  await transaction(a.app.ports.db, async (trx) => {
    for (let i = 100; i < 200; i++) await a.app.ports.outbox.enqueue(trx, mailNumber(i))
  })
  await until(async () => (await database.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0, 60_000)
  const subjects = [...smtpA.received, ...smtpB.received].map((mail) => mail.subject)
  t.equal(subjects.length, 200, 'every mail sent')
  t.equal(new Set(subjects).size, 200, 'none twice')
  t.ok(smtpA.received.length > 0 && smtpB.received.length > 0, 'both instances sent')
  t.comment(`${process.env.TEST_DATABASE_URL ? 'MariaDB' : 'SQLite'}: instance A sent ${smtpA.received.length}, B ${smtpB.received.length}, in ${Date.now() - started} ms`)
})

t.test('the retries grow from 30 s to an hour apart and end after 24 hours in a failure the dashboard shows', async (t) => {
  const database = await fresh(t)
  const smtp = await controlledSmtp(t)
  smtp.refuse(true)
  const created = new Date('2026-03-02T08:00:00Z')
  const clock = fixedClock(created)
  const { app } = await portal(t, database, { smtpUrl: smtp.url, clock })
  const admin = await seedAccount(app, { admin: true })
  t.equal((await app.inject({ method: 'POST', url: '/api/users/contact', payload: contact(1) })).statusCode, 201)
  const attempts: number[] = []
  for (;;) {
    await settled(app)
    const row = (await rowsOf(database.db))[0]!
    attempts.push(clock.now().getTime())
    t.equal(Number(row.attempts), attempts.length, `attempt ${attempts.length} recorded`)
    if (row.status === 'failed') break
    t.equal(row.status, 'pending')
    clock.set(fromDbTime(row.next_attempt_at))
  }
  const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!)
  t.same(gaps.slice(0, 6), [30_000, 60_000, 120_000, 300_000, 900_000, 1_800_000], 'the first retries within a minute, then growing')
  t.ok(gaps.every((gap) => gap <= HOUR), 'never more than an hour apart')
  t.ok(attempts.at(-1)! - created.getTime() >= GIVE_UP_AFTER_MS, 'tried for at least 24 hours')
  t.ok(attempts.at(-2)! - created.getTime() < GIVE_UP_AFTER_MS, 'and given up on at the first failure after them')
  t.equal(smtp.refusals(), attempts.length, 'each attempt reached the server')
  t.comment(`${attempts.length} attempts over ${((attempts.at(-1)! - created.getTime()) / HOUR).toFixed(2)} h`)
  const page = (await injectAs(app, admin, '/admin-dashboard')).body
  t.match(page, /<dd data-mail="failed">1<\/dd>/, 'the dashboard shows the failed mail')
  t.match(page, /<dd data-mail="waiting">0<\/dd>/)
  t.match(page, /malgré 24 heures d’essais/)
  // Failed is final: the server back, nothing more is tried.
  smtp.refuse(false)
  clock.advance(2 * HOUR)
  await settled(app)
  t.equal(smtp.received.length, 0)
})

t.test('a mail scheduled later (a reminder) is retried for 24 hours from when it is due, not from when it was written', async (t) => {
  const { db } = await fresh(t)
  const written = new Date('2026-03-02T08:00:00Z')
  const due = new Date(written.getTime() + 10 * 24 * HOUR)
  const clock = fixedClock(written)
  const refusing = {
    async send(): Promise<void> {
      throw Object.assign(new Error('451 Service temporairement indisponible'), { code: 'EENVELOPE' })
    },
  }
  const outbox = outboxOn(db, refusing, clock)
  const reminder = await outbox.enqueueAt(db, mailNumber(1), due)
  t.ok(await outbox.drain(5000))
  const statusOf = async (id: number) => {
    const row = (await rowsOf(db)).find((r) => r.id === id)!
    return [row.status, Number(row.attempts)]
  }
  t.same(await statusOf(reminder), ['pending', 0], 'not tried before it is due')

  clock.set(due)
  // Due at once, written when the reminder is due: the window of a mail due at once is unchanged.
  await outbox.enqueue(db, mailNumber(2))
  const atOnce = Math.max(...(await rowsOf(db)).map((row) => row.id))
  t.ok(await outbox.drain(5000))
  t.same(await statusOf(reminder), ['pending', 1], 'refused at its due time, ten days after it was written: retried')
  t.same(await statusOf(atOnce), ['pending', 1])

  clock.set(new Date(due.getTime() + 23 * HOUR))
  t.ok(await outbox.drain(5000))
  t.same(await statusOf(reminder), ['pending', 2], 'still retried 23 hours after it was due')
  t.same(await statusOf(atOnce), ['pending', 2])

  clock.set(new Date(due.getTime() + GIVE_UP_AFTER_MS))
  t.ok(await outbox.drain(5000))
  t.same(await statusOf(reminder), ['failed', 3], 'failed at the first refusal 24 hours after it was due')
  t.same(await statusOf(atOnce), ['failed', 3])
})

t.test('sent and failed mails are kept 7 and 30 days from when they were sent or given up, however long before they were written', async (t) => {
  const { db } = await fresh(t)
  const written = new Date('2026-03-02T08:00:00Z')
  const due = new Date(written.getTime() + 40 * 24 * HOUR)
  const clock = fixedClock(written)
  const mailer = {
    async send(mail: Mail): Promise<void> {
      if (mail.subject === 'mail-1') throw Object.assign(new Error('451 Service temporairement indisponible'), { code: 'EENVELOPE' })
    },
  }
  const outbox = outboxOn(db, mailer, clock)
  const refused = await outbox.enqueueAt(db, mailNumber(1), due)
  const sent = await outbox.enqueueAt(db, mailNumber(2), due)
  const kept = async () => (await rowsOf(db)).map((row) => [row.id, row.status])
  const after = async (ms: number) => {
    clock.set(new Date(due.getTime() + ms))
    t.ok(await outbox.drain(5000))
  }
  await after(0)
  await after(GIVE_UP_AFTER_MS)
  t.same(await kept(), [[refused, 'failed'], [sent, 'sent']], 'one given up, one sent, forty days after they were written')
  await after(GIVE_UP_AFTER_MS + 2 * HOUR)
  t.same(await kept(), [[refused, 'failed'], [sent, 'sent']], 'both kept by the next sweep')
  await after(8 * 24 * HOUR)
  t.same(await kept(), [[refused, 'failed']], 'the sent one goes 7 days after it was sent')
  await after(GIVE_UP_AFTER_MS + 29 * 24 * HOUR)
  t.same(await kept(), [[refused, 'failed']], 'the failed one is still shown 29 days after it was given up')
  await after(GIVE_UP_AFTER_MS + 31 * 24 * HOUR)
  t.same(await kept(), [], 'and goes after 30')
})

t.test('an action that fails leaves no mail: neither when its insert fails, nor when it fails after its mail was written', async (t) => {
  const database = await fresh(t)
  const smtp = await controlledSmtp(t)
  let refuseUsers = false
  const failing: KyselyPlugin = {
    transformQuery(args) {
      const node = args.node as { kind: string; into?: { table?: { identifier?: { name?: string } } } }
      if (refuseUsers && node.kind === 'InsertQueryNode' && node.into?.table?.identifier?.name === 'users') throw new Error('insert refused')
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  const { app } = await portal(t, { url: database.url, db: database.db.withPlugin(failing) }, { smtpUrl: smtp.url })
  refuseUsers = true
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration() })).statusCode, 500, 'the account cannot be written')
  refuseUsers = false

  // The contact message and its mail are written, then the transaction fails before its commit.
  const enqueue = app.ports.outbox.enqueue
  app.ports.outbox.enqueue = async (trx, mail) => {
    await enqueue(trx, mail)
    throw new Error('connection lost before the commit')
  }
  t.equal((await app.inject({ method: 'POST', url: '/api/users/contact', payload: contact(1) })).statusCode, 500)
  app.ports.outbox.enqueue = enqueue
  await settled(app)
  t.equal((await database.db.selectFrom('users').select('id').execute()).length, 0, 'no account')
  t.equal((await database.db.selectFrom('user_tokens').select('id').execute()).length, 0, 'no link')
  t.equal((await database.db.selectFrom('contact_messages').select('id').execute()).length, 0, 'no message')
  t.equal((await rowsOf(database.db)).length, 0, 'no mail row')
  t.equal(smtp.received.length, 0, 'no mail')

  // The same actions, when they succeed, write their mail and send it.
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration() })).statusCode, 201)
  t.equal((await app.inject({ method: 'POST', url: '/api/users/contact', payload: contact(2) })).statusCode, 201)
  await settled(app)
  t.same(smtp.received.map((mail) => mail.to).sort(), ['atlas@example.dz', 'cabinet@example.dz'])
})

t.test('shutdown sends what its grace allows; the rest is left unclaimed and another instance sends it, once', async (t) => {
  const { db } = await fresh(t)
  const sent: string[] = []
  // A send takes 400 ms and the grace is 1 s: 40 mails four at a time never fit, and a send under way
  // has a second of its own to be recorded, which a loaded CI machine's database needs (250 ms did not).
  const slow = {
    async send(mail: Mail) {
      await new Promise((resolve) => setTimeout(resolve, 400))
      sent.push(mail.subject)
    },
  }
  const first = outboxOn(db, slow)
  first.start()
  await transaction(db, async (trx) => {
    for (let i = 0; i < 40; i++) await first.enqueue(trx, mailNumber(i))
  })
  await new Promise((resolve) => setTimeout(resolve, 400))
  t.equal(await first.stop(1000), false, 'not everything fitted in the grace')
  const sentByFirst = sent.length
  t.ok(sentByFirst > 0 && sentByFirst < 40, `${sentByFirst} sent before the grace ended`)
  const left = await db.selectFrom('outbox').select(['claimed_by']).where('status', '=', 'pending').execute()
  t.equal(left.length, 40 - sentByFirst, 'the sends under way were waited for and recorded')
  t.ok(left.every((row) => row.claimed_by === null), 'the rest is given back, unclaimed')

  const second = outboxOn(db, slow)
  second.start()
  await until(async () => (await db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute()).length === 0, 30_000)
  await second.stop(5000)
  t.equal(sent.length, 40)
  t.equal(new Set(sent).size, 40, 'none twice')
})

t.test('mails claimed by an instance that died wait for its claim to lapse, then go once', async (t) => {
  const { db } = await fresh(t)
  const clock = fixedClock('2026-03-02T08:00:00Z')
  const mailer = memoryMailer()
  const outbox = outboxOn(db, mailer, clock)
  await outbox.enqueue(db, mailNumber(1))
  // As a worker that crashed holding it would have left it.
  await db.updateTable('outbox').set({ claimed_by: 'crashed:1.x', claimed_until: toDbTime(new Date(clock.now().getTime() + 5 * 60_000)) }).execute()
  outbox.start()
  t.teardown(() => outbox.stop(1000))
  t.ok(await outbox.drain(5000))
  t.equal(mailer.sent.length, 0, 'not while the claim holds')
  clock.advance(5 * 60_000 + 1)
  t.ok(await outbox.drain(5000))
  t.same(mailer.sent.map((mail) => mail.subject), ['mail-1'])
  t.equal((await rowsOf(db))[0]!.status, 'sent')
})

t.test('a mail enqueued in a transaction wakes the worker once committed, not at its next poll', async (t) => {
  const { db } = await fresh(t)
  const mailer = memoryMailer()
  const outbox = outboxOn(db, mailer, systemClock, { pollMs: 60_000 })
  outbox.start()
  t.teardown(() => outbox.stop(1000))
  await outbox.drain(5000)
  const at = Date.now()
  await transaction(db, (trx) => outbox.enqueue(trx, mailNumber(1)))
  const arrived = await Promise.race([mailer.next((mail) => mail.subject === 'mail-1'), new Promise<undefined>((resolve) => setTimeout(resolve, 3000))])
  t.ok(arrived, 'sent without waiting for the poll')
  t.comment(`sent ${Date.now() - at} ms after the commit`)
})

t.test('a stored mail is sealed: its links are not readable in the database, nor by an instance with another secret', async (t) => {
  const { db } = await fresh(t)
  const clock = fixedClock('2026-03-02T08:00:00Z')
  const link = `http://portail.test/reset-password/1/${randomBytes(32).toString('base64url')}`
  const mailer = memoryMailer()
  const stranger = createOutbox({ db, mailer, clock, log: silent, secret: randomBytes(32).toString('hex') })
  await stranger.enqueue(db, { to: 'atlas@example.dz', subject: 'Réinitialisation', text: link, html: `<a href="${link}">lien</a>`, language: 'fr' })
  const [row] = await rowsOf(db)
  t.notOk(row!.payload!.includes(link.split('/').pop()!), 'the token is not stored readable')
  t.equal(row!.recipient, 'atlas@example.dz')

  const ours = outboxOn(db, mailer, clock)
  ours.start()
  t.ok(await ours.drain(5000))
  await ours.stop(1000)
  const refused = (await rowsOf(db))[0]!
  t.equal(mailer.sent.length, 0, 'another secret cannot open it')
  t.equal(refused.status, 'pending', 'left for an instance that can')
  t.match(refused.last_error, /another SESSION_SECRET/)
  stranger.start()
  t.teardown(() => stranger.stop(1000))
  clock.advance(RETRY_DELAYS_MS[0])
  await until(async () => mailer.sent.length === 1)
  t.equal(mailer.sent[0]!.text, link, 'the instance with the right secret sends it whole')
})

t.test('a mail discarded while a worker holds it (a reminder whose request was fulfilled meanwhile) is not sent, nor brought back', async (t) => {
  const { db } = await fresh(t)
  const clock = fixedClock('2026-03-02T08:00:00Z')
  // The first send waits until the test lets it go: the second mail is claimed in the same batch, not started yet.
  let release!: (outcome: 'accept' | 'refuse') => void
  const firstHeld = new Promise<'accept' | 'refuse'>((resolve) => (release = resolve))
  let started!: () => void
  const firstStarted = new Promise<void>((resolve) => (started = resolve))
  const sent: string[] = []
  const mailer = {
    async send(mail: Mail) {
      if (mail.subject === 'mail-1') {
        started()
        if ((await firstHeld) === 'refuse') throw Object.assign(new Error('Service temporairement indisponible'), { responseCode: 451 })
      }
      sent.push(mail.subject)
    },
  }
  const outbox = outboxOn(db, mailer, clock, { concurrency: 1 })
  for (const i of [1, 2, 3]) await outbox.enqueue(db, mailNumber(i))
  const [, second, third] = (await rowsOf(db)).map((row) => Number(row.id))
  outbox.start()
  t.teardown(() => outbox.stop(1000))
  await firstStarted
  t.equal(await outbox.discardPending(db, [second!]), 1, 'counted as gone')
  release('accept')
  t.ok(await outbox.drain(5000))
  t.same(sent, ['mail-1', 'mail-3'], 'the worker checked before sending it')

  // Held again, and the held send refused: the batch's others are given back, the dropped one stays dropped.
  let heldAgain!: (outcome: 'accept' | 'refuse') => void
  const secondHold = new Promise<'accept' | 'refuse'>((resolve) => (heldAgain = resolve))
  let startedAgain!: () => void
  const secondStart = new Promise<void>((resolve) => (startedAgain = resolve))
  mailer.send = async (mail: Mail) => {
    if (mail.subject === 'mail-1') {
      startedAgain()
      if ((await secondHold) === 'refuse') throw Object.assign(new Error('Service temporairement indisponible'), { responseCode: 451 })
    }
    sent.push(mail.subject)
  }
  // (Both written in one transaction: one wake of the worker, one batch.)
  await transaction(db, async (trx) => {
    for (const i of [1, 4]) await outbox.enqueue(trx, mailNumber(i))
  })
  const [again, fourth] = (await rowsOf(db)).slice(-2).map((row) => Number(row.id))
  await secondStart
  t.equal(await outbox.discardPending(db, [fourth!]), 1)
  heldAgain('refuse')
  await until(async () => (await rowsOf(db)).find((row) => Number(row.id) === again)?.attempts === 1)
  clock.advance(HOUR)
  mailer.send = async (mail: Mail) => void sent.push(mail.subject)
  t.ok(await outbox.drain(5000))
  clock.advance(HOUR)
  t.ok(await outbox.drain(5000))
  t.same(sent, ['mail-1', 'mail-3', 'mail-1'], 'the refused one is retried; the dropped one never goes')
  const rows = await rowsOf(db)
  t.same(rows.filter((row) => [second, third, fourth].includes(Number(row.id))).map((row) => [Number(row.id), row.status, row.payload]), [[second, 'dropped', null], [third, 'sent', null], [fourth, 'dropped', null]])
})

t.test('a mail first tried long after it was due (no instance ran meanwhile) still gets its 24 hours of retries', async (t) => {
  const { db } = await fresh(t)
  const due = new Date('2026-03-07T08:00:00Z')
  const clock = fixedClock(due)
  const refusing = {
    async send(): Promise<void> {
      throw Object.assign(new Error('421 Trop de connexions'), { code: 'EENVELOPE' })
    },
  }
  const outbox = outboxOn(db, refusing, clock)
  await outbox.enqueue(db, mailNumber(1))
  // Every instance down from Saturday to Monday: the backlog goes on Monday's start, and the relay refuses one.
  const monday = new Date(due.getTime() + 48 * HOUR)
  clock.set(monday)
  t.ok(await outbox.drain(5000))
  const status = async () => (({ status, attempts }) => [status, Number(attempts)])((await rowsOf(db))[0]!)
  t.same(await status(), ['pending', 1], 'retried, not failed at its first refusal')
  clock.set(new Date(monday.getTime() + 23 * HOUR))
  t.ok(await outbox.drain(5000))
  t.same(await status(), ['pending', 2], 'still retried 23 hours after its first try')
  clock.set(new Date(monday.getTime() + GIVE_UP_AFTER_MS))
  t.ok(await outbox.drain(5000))
  t.same(await status(), ['failed', 3], 'failed 24 hours after its first try')
})
