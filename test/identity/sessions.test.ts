// Issue 15 (contract §6): a user sees their sessions and ends one or all others; an ended session
// stops working on every instance at its next request.
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { SEED_PASSWORD, seedAccount } from '../helpers/accounts.js'
import { freshDatabase } from '../helpers/app.js'
import { sessionCookie } from '../helpers/identity.js'
import { twoInstances } from '../helpers/instances.js'
import { islandProps } from '../helpers/html.js'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

interface Session {
  id: string
  createdAt: string
  lastSeenAt: string
  ip: string | null
  userAgent: string | null
  current: boolean
}

async function appWithClock(t: { teardown: (fn: () => unknown) => void }, clock = fixedClock('2026-03-02T09:00:00Z')) {
  const database = await freshDatabase()
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }), { db: database.db, clock, logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
  })
  await app.ready()
  return { app, clock, db: database.db }
}

async function loginFrom(app: Awaited<ReturnType<typeof appWithClock>>['app'], email: string, userAgent: string, ip = '127.0.0.1') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: SEED_PASSWORD }, headers: { 'user-agent': userAgent }, remoteAddress: ip })
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`)
  return sessionCookie(res)!
}

t.test('GET /api/auth/sessions lists the user’s sessions with their device, the current one marked, never the secret', async (t) => {
  const { app, clock } = await appWithClock(t)
  const account = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const firefox = await loginFrom(app, account.email, FIREFOX, '10.0.0.7')
  clock.advance(5 * 60_000)
  const chrome = await loginFrom(app, account.email, CHROME, '10.0.0.8')
  await loginFrom(app, other.email, CHROME)

  const res = await app.inject({ url: '/api/auth/sessions', headers: { cookie: chrome, 'user-agent': CHROME }, remoteAddress: '10.0.0.8' })
  t.equal(res.statusCode, 200)
  const sessions = res.json<Session[]>()
  // The seeded session (opened by the helper, no device) and the two logins; none of the other user's.
  t.equal(sessions.length, 3)
  t.match(sessions[0], { current: true, userAgent: CHROME, ip: '10.0.0.8', createdAt: '2026-03-02T09:05:00.000Z' }, 'most recently used first')
  t.match(sessions.find((s) => s.userAgent === FIREFOX), { current: false, userAgent: FIREFOX, ip: '10.0.0.7', createdAt: '2026-03-02T09:00:00.000Z', lastSeenAt: '2026-03-02T09:00:00.000Z' })
  t.equal(sessions.filter((s) => s.current).length, 1)
  for (const cookie of [firefox, chrome, account.cookie]) {
    const secret = JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[1]!, 'base64url').toString()).sid as string
    t.notOk(res.body.includes(secret), 'no session secret in the list')
  }
  t.equal((await app.inject('/api/auth/sessions')).statusCode, 401, 'visitors: 401')
})

t.test('the last use is written at most once a minute, with the address and browser of that use', async (t) => {
  const { app, clock, db } = await appWithClock(t)
  const account = await seedAccount(app, { accepted: true })
  const cookie = await loginFrom(app, account.email, FIREFOX, '10.0.0.7')
  const lastSeen = async () => (await db.selectFrom('sessions').select(['last_seen_at', 'ip', 'user_agent']).where('user_agent', 'is not', null).executeTakeFirstOrThrow())
  const before = await lastSeen()
  clock.advance(59_000)
  await app.inject({ url: '/api/auth/status', headers: { cookie, 'user-agent': CHROME }, remoteAddress: '10.0.0.9' })
  t.same(await lastSeen(), before, 'within the minute: nothing written')
  clock.advance(1_000)
  await app.inject({ url: '/api/auth/status', headers: { cookie, 'user-agent': CHROME }, remoteAddress: '10.0.0.9' })
  const after = await lastSeen()
  t.match(after, { ip: '10.0.0.9', user_agent: CHROME })
  t.match(String(after.last_seen_at), /^2026-03-02 09:01:00/)
})

t.test('DELETE /api/auth/sessions/:id ends one session of one’s own; another user’s id is not found', async (t) => {
  const { app } = await appWithClock(t)
  const account = await seedAccount(app, { accepted: true })
  const intruder = await seedAccount(app, { accepted: true })
  const laptop = await loginFrom(app, account.email, FIREFOX)
  const phone = await loginFrom(app, account.email, CHROME)
  const list = (await app.inject({ url: '/api/auth/sessions', headers: { cookie: phone } })).json<Session[]>()
  const target = list.find((s) => s.userAgent === FIREFOX)!

  const stolen = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: { cookie: intruder.cookie } })
  t.equal(stolen.statusCode, 404, 'another user cannot end it')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: laptop } })).statusCode, 200)

  const ended = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: { cookie: phone } })
  t.equal(ended.statusCode, 200)
  t.equal(ended.json().message, 'Appareil déconnecté.')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: laptop } })).statusCode, 401, 'the ended session is refused')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: phone } })).statusCode, 200, 'the current one stays')
  const again = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: { cookie: phone } })
  t.equal(again.statusCode, 404)
  t.equal(again.json().message, 'Session introuvable.')
  // The journal: one entry for the session ended, none for the refused attempts (contract §6).
  const revoked = await app.ports.db.selectFrom('journal').select(['actor_id', 'subject_id', 'ip']).where('action', '=', 'session.revoked').execute()
  t.same(revoked.map((e) => [Number(e.actor_id), Number(e.subject_id), e.ip]), [[account.id, account.id, '127.0.0.1']])

  // Ending the current one is a logout: its cookie is cleared.
  const current = (await app.inject({ url: '/api/auth/sessions', headers: { cookie: phone } })).json<Session[]>().find((s) => s.current)!
  const self = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${current.id}`, headers: { cookie: phone } })
  t.equal(self.statusCode, 200)
  t.ok(self.cookies.some((c) => /session$/.test(c.name) && c.value === ''), 'cookie cleared')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: phone } })).statusCode, 401)
})

t.test('DELETE /api/auth/sessions ends every other session and keeps the current one', async (t) => {
  const { app } = await appWithClock(t)
  const account = await seedAccount(app, { accepted: true })
  const laptop = await loginFrom(app, account.email, FIREFOX)
  const phone = await loginFrom(app, account.email, CHROME)
  const res = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: { cookie: phone } })
  t.equal(res.statusCode, 200)
  t.equal(res.json().message, 'Les autres appareils ont été déconnectés.')
  for (const cookie of [laptop, account.cookie]) t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie } })).statusCode, 401)
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: phone } })).statusCode, 200)
  t.equal((await app.inject({ url: '/api/auth/sessions', headers: { cookie: phone } })).json<Session[]>().length, 1)
  const crossSite = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: { cookie: phone, 'sec-fetch-site': 'cross-site' } })
  t.equal(crossSite.statusCode, 403, 'another site cannot end them')
})

t.test('a session ended through one instance stops working on the other at once', async (t) => {
  const { a, b } = await twoInstances(t)
  const account = await seedAccount(a, { accepted: true })
  const laptop = await loginFrom(a, account.email, FIREFOX)
  const phone = await loginFrom(b, account.email, CHROME)
  // Both instances have checked (and kept) the laptop's token.
  for (const app of [a, b]) t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: laptop } })).statusCode, 200)
  const target = (await b.inject({ url: '/api/auth/sessions', headers: { cookie: phone } })).json<Session[]>().find((s) => s.userAgent === FIREFOX)!
  t.equal((await b.inject({ method: 'DELETE', url: `/api/auth/sessions/${target.id}`, headers: { cookie: phone } })).statusCode, 200)
  for (const app of [a, b]) {
    t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: laptop } })).statusCode, 401, 'refused on each instance')
    t.equal((await app.inject({ url: '/users/profile/' + account.id, headers: { cookie: laptop } })).statusCode, 303, 'its pages send it to /login')
  }
  t.equal((await a.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: { cookie: phone } })).statusCode, 200)
  t.equal((await b.inject({ url: '/api/auth/status', headers: { cookie: account.cookie } })).statusCode, 401, 'ended through a, refused by b')
})

t.test('a password change keeps ending the other sessions', async (t) => {
  const { app } = await appWithClock(t)
  const account = await seedAccount(app, { accepted: true })
  const laptop = await loginFrom(app, account.email, FIREFOX)
  const res = await app.inject({ method: 'POST', url: `/api/password/changepassword/${account.id}`, headers: { cookie: account.cookie }, payload: { oldPassword: SEED_PASSWORD, newPassword: 'Kp4$wXn8sQ' } })
  t.equal(res.statusCode, 200)
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: laptop } })).statusCode, 401)
  t.equal((await app.inject({ url: '/api/auth/sessions', headers: { cookie: account.cookie } })).json<Session[]>().length, 1)
})

t.test('the profile lists the owner’s sessions, "cet appareil" marked, with both buttons; an administrator sees none', async (t) => {
  const { app } = await appWithClock(t)
  const account = await seedAccount(app, { accepted: true })
  const admin = await seedAccount(app, { admin: true })
  await loginFrom(app, account.email, FIREFOX, '10.0.0.7')
  const phone = await loginFrom(app, account.email, CHROME, '10.0.0.8')
  const page = await app.inject({ url: `/users/profile/${account.id}`, headers: { cookie: phone, 'user-agent': CHROME } })
  t.equal(page.statusCode, 200)
  const props = islandProps(page.body, 'DeviceSessions') as { rows: Array<{ device: string; ip: string; current: boolean }> }
  t.match(props.rows.find((row) => row.current), { device: 'Chrome 131 sur Windows 10', ip: '10.0.0.8', current: true })
  t.ok(props.rows.some((row) => row.device === 'Firefox 128 sur Linux' && !row.current))
  t.match(page.body, /Appareils connectés/)
  t.match(page.body, /cet appareil/)
  t.match(page.body, /Déconnecter les autres appareils/)
  t.match(page.body, />Déconnecter</)
  const seenByAdmin = await app.inject({ url: `/users/profile/${account.id}`, headers: { cookie: admin.cookie } })
  t.equal(seenByAdmin.statusCode, 200)
  t.notMatch(seenByAdmin.body, /data-name="DeviceSessions"/, 'not on a client’s profile seen by the firm')
})
