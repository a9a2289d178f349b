// Issue 13: buildApp is the one place choosing drivers; a test hands its own through `overrides`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { memoryAttemptLimiter } from '../../src/limits/memory-attempts.js'
import { memoryMailer } from '../../src/mail/memory-mailer.js'
import { memoryStorage } from '../../src/storage/memory-storage.js'
import { freshDatabase } from '../helpers/app.js'
import { registration, sessionCookie, STRONG } from '../helpers/identity.js'

const DAY = 24 * 3600_000
const QUARTER = 15 * 60_000

async function appWithPorts(t: { teardown(fn: () => unknown): void }) {
  const database = await freshDatabase()
  const varDir = mkdtempSync(join(tmpdir(), 'portal-ports-'))
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://portail.test', UPLOAD_DIR: join(varDir, 'uploads') }, { varDir })
  const clock = fixedClock('2026-03-01T09:00:00Z')
  const mailer = memoryMailer()
  const attempts = memoryAttemptLimiter({ clock })
  const storage = memoryStorage()
  const app = await buildApp(config, { db: database.db, logger: false, clock, mailer, attempts, storage })
  t.teardown(async () => {
    await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  await app.ready()
  return { app, clock, mailer, attempts, storage, db: database.db }
}

t.test('buildApp uses the mailer, clock, limiter and storage it is handed', async (t) => {
  const { app, clock, mailer, attempts, storage, db } = await appWithPorts(t)
  t.equal(app.ports.mailer, mailer)
  t.equal(app.ports.clock, clock)
  t.equal(app.ports.attempts, attempts)
  t.equal(app.ports.storage, storage)

  // The verification mail goes to the in-memory mailer: nothing is written under var/mail, no SMTP.
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration() })).statusCode, 201)
  const mail = await mailer.next((m) => m.to === 'atlas@example.dz')
  const link = /http:\/\/portail\.test(\/users\/(\d+)\/verify\/([A-Za-z0-9_-]+))/.exec(mail.text)
  t.ok(link, 'the mail holds the verification link')
  t.equal((await app.inject(`/api/auth/${link![2]}/verify/${link![3]}`)).statusCode, 200)

  // The session is opened at the clock's time and ends when the clock passes its 7 days.
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'atlas@example.dz', password: STRONG } })
  t.equal(login.statusCode, 200)
  const cookie = sessionCookie(login)!
  const row = await db.selectFrom('sessions').select(['created_at']).executeTakeFirstOrThrow()
  t.equal(new Date(`${row.created_at.replace(' ', 'T')}Z`).toISOString(), '2026-03-01T09:00:00.000Z', 'opened at the injected time')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie } })).statusCode, 200)
  clock.advance(8 * DAY)
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie } })).statusCode, 401, 'expired by the injected clock')
})

t.test('the login lock counts in the limiter it is handed and ends when its clock moves on', async (t) => {
  const { app, clock } = await appWithPorts(t)
  const wrong = () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.dz', password: 'Wrong#Pass1' } })
  for (let i = 0; i < 10; i++) t.equal((await wrong()).statusCode, 400)
  t.equal((await wrong()).statusCode, 429, 'locked after 10 failures')
  clock.advance(QUARTER + 1000)
  t.equal((await wrong()).statusCode, 400, 'the window passed on the injected clock')
})

t.test('a profile photo lands in the storage it is handed', async (t) => {
  const { app, storage } = await appWithPorts(t)
  const id = await app.services.identity.createAccount({ ...registration(), isVerified: true, isAccepted: true, isAdmin: false })
  const cookie = await app.sessionCookieFor(id)
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
  const boundary = 'x-boundary'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await app.inject({ method: 'POST', url: '/api/users/profile/uplaod-photo', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
  t.equal(res.statusCode, 200, res.body)
  const keys = [...storage.files.keys()]
  t.equal(keys.length, 1)
  t.match(keys[0], /^photos\/[0-9a-f]{32}\.webp$/)
  const served = await app.inject(res.json().profilePhoto.url)
  t.equal(served.statusCode, 200)
  t.same(served.rawPayload, storage.files.get(keys[0]!), 'served from the same storage')
})

t.test('a request carrying the cookie of an ended session is answered, whatever its body', async (t) => {
  const { app } = await appWithPorts(t)
  const id = await app.services.identity.createAccount({ ...registration(), isVerified: true, isAccepted: true, isAdmin: false })
  const cookie = await app.sessionCookieFor(id)
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode, 200)
  const stale = await app.inject({ method: 'GET', url: '/api/users/contact', headers: { cookie, accept: 'text/html', 'content-type': 'application/json' }, payload: '[06| L' })
  t.ok(stale.statusCode >= 400 && stale.statusCode < 500, `answered ${stale.statusCode}`)
  t.match(stale.headers['set-cookie'], /session=;/, 'the stale cookie is cleared')
})
