// Two-factor after the security review of issue 15: the session's own proof under REQUIRE_ADMIN_2FA,
// the mails and the administrator's reset, pending logins that die with the password, recovery codes
// under a key of their own, and wrong codes in the journal.
import { createHash, createHmac, hkdfSync } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { settled } from '../helpers/app.js'
import { injectAs, seedAccount, SEED_PASSWORD, type SeededAccount } from '../helpers/accounts.js'
import { islandProps } from '../helpers/html.js'
import { codeFor, cookieOf, enroll, passwordStep, post, STEP, twoFactorApp } from '../helpers/two-factor.js'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const PROOF_REQUIRED = 'Confirmez votre connexion avec le code de votre application d’authentification : déconnectez-vous puis reconnectez-vous.'

const api = (app: FastifyInstance, url: string, cookie: string) => app.inject({ url, headers: { cookie, accept: 'application/json' } })
const page = (app: FastifyInstance, url: string, cookie: string, site?: string) => app.inject({ url, headers: { cookie, accept: 'text/html', ...(site ? { 'sec-fetch-site': site } : {}) } })

/** A second session of the account, opened with the password alone (another browser, before enrolment). */
async function passwordSession(app: FastifyInstance, account: SeededAccount): Promise<string> {
  const res = await app.inject(post('/api/auth/login', { email: account.email, password: SEED_PASSWORD }))
  if (res.statusCode !== 200 || res.json().twoFactorRequired) throw new Error(`login: ${res.statusCode} ${res.body}`)
  return cookieOf(res, /session$/)!
}

t.test('REQUIRE_ADMIN_2FA: a session opened with the password before enrolment does not pass once another session enrols', async (t) => {
  const { app, clock } = await twoFactorApp(t, { REQUIRE_ADMIN_2FA: 'true' })
  const admin = await seedAccount(app, { admin: true })
  const earlier = await passwordSession(app, admin)
  t.equal((await api(app, '/api/users/counts', earlier)).statusCode, 403, 'not enrolled: refused')
  await enroll(app, clock, admin)
  t.equal((await api(app, '/api/users/counts', admin.cookie)).statusCode, 200, 'the session that enrolled proved a code: it passes')
  const stale = await api(app, '/api/users/counts', earlier)
  t.equal(stale.statusCode, 401, 'the other session ended with the enrolment')
  t.equal((await api(app, '/api/auth/status', earlier)).statusCode, 401)
})

t.test('REQUIRE_ADMIN_2FA: an unproven session on an enrolled administrator is refused by the API and sent to the second step by a page', async (t) => {
  const { app, clock } = await twoFactorApp(t, { REQUIRE_ADMIN_2FA: 'true' })
  const admin = await seedAccount(app, { admin: true })
  const { secret } = await enroll(app, clock, admin)
  clock.advance(STEP)
  // A session opened without the second step (a row from before migration 0014, or a script's).
  const unproven = await app.sessionCookieFor(admin.id)
  const refused = await api(app, '/api/users/counts', unproven)
  t.same([refused.statusCode, refused.json()], [403, { message: PROOF_REQUIRED, code: 'forbidden' }], 'the account’s flag is not enough')
  t.equal((await api(app, '/api/auth/sessions', unproven)).statusCode, 403, 'nor may it end the owner’s other sessions')
  t.equal((await api(app, '/api/auth/status', unproven)).statusCode, 200, 'its status still answers')

  const crossSite = await page(app, '/admin-dashboard', unproven, 'cross-site')
  t.same([crossSite.statusCode, crossSite.headers.location], [303, '/'], 'sent by another site: home, nothing changed')
  t.equal((await api(app, '/api/auth/status', unproven)).statusCode, 200)

  const sent = await page(app, '/admin-dashboard', unproven)
  t.same([sent.statusCode, sent.headers.location], [303, '/login/2fa'], 'a page leads to the second step')
  const pending = cookieOf(sent, /^twofactor-pending$/)
  t.ok(pending, 'the password was proven: only the code is asked')
  t.equal((await api(app, '/api/auth/status', unproven)).statusCode, 401, 'the unproven session is over')
  t.equal((await page(app, '/login/2fa', pending!)).statusCode, 200, 'the second step’s page opens')
  const done = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, pending))
  t.equal(done.statusCode, 200)
  const proven = cookieOf(done, /session$/)!
  t.equal((await api(app, '/api/users/counts', proven)).statusCode, 200, 'the session the second step opened passes')
  t.equal((await page(app, '/admin-dashboard', proven)).statusCode, 200)

  // The same account through the whole login: password, then code.
  clock.advance(STEP)
  const loginPending = await passwordStep(t, app, admin)
  const login = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, loginPending))
  t.equal((await api(app, '/api/users/counts', cookieOf(login, /session$/)!)).statusCode, 200)
})

t.test('turning two-factor on ends the user’s other sessions and mails the owner, with the browser in words', async (t) => {
  const { app, clock, mailer } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const other = await passwordSession(app, account)
  const setup = await app.inject(post('/api/auth/2fa/setup', {}, account.cookie))
  const { secret } = setup.json<{ secret: string }>()
  const enabled = await app.inject({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: codeFor(secret, clock.now()) }, headers: { cookie: account.cookie, 'user-agent': FIREFOX } })
  t.equal(enabled.statusCode, 200)
  t.equal((await api(app, '/api/auth/status', other)).statusCode, 401, 'the other session ended')
  const sessions = await api(app, '/api/auth/sessions', account.cookie)
  t.equal(sessions.json<unknown[]>().length, 1, 'only the session that enrolled is left')

  await settled(app)
  const mail = mailer.sent.find((m) => m.to === account.email && m.subject === 'Double authentification activée sur votre compte')
  t.ok(mail, 'the owner is told')
  t.match(mail!.text, 'Navigateur : Firefox 140 sur Linux')
  t.notMatch(mail!.text, 'Mozilla/5.0')
  t.match(mail!.text, /Date : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  t.match(mail!.text, 'http://portail.test/forget-password')
})

t.test('an administrator resets a client’s two-factor: guarded as accepting or deleting, journaled, the client mailed and signed out', async (t) => {
  const { app, db, clock, mailer } = await twoFactorApp(t)
  const admin = await seedAccount(app, { admin: true, username: 'Nadia Admin' })
  const otherAdmin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  const bystander = await seedAccount(app, { accepted: true })
  await enroll(app, clock, client)
  await enroll(app, clock, otherAdmin)
  const reset = (id: number, who: SeededAccount | null) => injectAs(app, who, { method: 'POST', url: `/api/users/2fa/reset/${id}`, remoteAddress: '203.0.113.4' })

  t.equal((await reset(client.id, null)).statusCode, 401, 'visitors: 401')
  t.equal((await reset(client.id, bystander)).statusCode, 403, 'clients: 403')
  t.equal((await reset(client.id, client)).statusCode, 403, 'not even for themselves (they turn it off with their password and a code)')
  const adminTarget = await reset(otherAdmin.id, admin)
  t.same([adminTarget.statusCode, adminTarget.json().message], [403, 'La double authentification d’un administrateur ne se réinitialise pas ici : il la désactive lui-même depuis son profil.'])
  t.equal((await reset(999_999, admin)).statusCode, 404)
  t.same([(await reset(bystander.id, admin)).statusCode], [409], 'nothing to reset')
  t.equal((await reset(0, admin)).statusCode, 400)

  const before = Number((await db.selectFrom('journal').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
  const done = await reset(client.id, admin)
  t.same([done.statusCode, done.json()], [200, { message: 'La double authentification de cet utilisateur a été désactivée ; il en est informé par e-mail.' }])
  t.equal((await db.selectFrom('user_two_factor').select('user_id').where('user_id', '=', client.id).execute()).length, 0, 'the secret is gone')
  t.equal((await db.selectFrom('recovery_codes').select('id').where('user_id', '=', client.id).execute()).length, 0, 'and the recovery codes')
  t.equal((await api(app, '/api/auth/status', client.cookie)).statusCode, 401, 'the client’s sessions ended')
  const entries = await db.selectFrom('journal').select(['action', 'actor_id', 'subject_type', 'subject_id', 'ip']).where('id', '>', before).execute()
  t.same(entries.map((e) => ({ ...e, actor_id: Number(e.actor_id), subject_id: Number(e.subject_id) })), [{ action: 'twofactor.disabled', actor_id: admin.id, subject_type: 'user', subject_id: client.id, ip: '203.0.113.4' }], 'one entry: the administrator did it to the client')
  t.equal((await reset(client.id, admin)).statusCode, 409, 'done once')

  await settled(app)
  const mail = mailer.sent.find((m) => m.to === client.email && m.subject === 'Double authentification désactivée par le cabinet')
  t.ok(mail, 'the client is told')
  t.match(mail!.text, /Date : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  const login = await app.inject(post('/api/auth/login', { email: client.email, password: SEED_PASSWORD }))
  t.equal(login.json().id, client.id, 'the password alone opens the session again')
})

t.test('the client’s profile, seen by an administrator, offers the reset with a confirmation; nobody else sees it', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Atlas' })
  const plain = await seedAccount(app, { accepted: true })
  await enroll(app, clock, client)
  const html = (await page(app, `/users/profile/${client.id}`, admin.cookie)).body
  t.match(html, /<h2 id="profile-twofactor-title"[^>]*>Double authentification<\/h2>/)
  t.same(islandProps(html, 'TwoFactorReset'), { userId: client.id, username: 'Sarl Atlas', enabled: true })
  t.same(islandProps((await page(app, `/users/profile/${plain.id}`, admin.cookie)).body, 'TwoFactorReset'), { userId: plain.id, username: plain.username, enabled: false }, 'off: said, no button')
  t.notMatch((await page(app, `/users/profile/${client.id}`, client.cookie)).body, /TwoFactorReset/, 'not on the owner’s own profile')
  t.notMatch((await page(app, `/users/profile/${admin.id}`, admin.cookie)).body, /TwoFactorReset/, 'nor on an administrator’s')
})

t.test('a login waiting for its second step ends with a password change or reset', async (t) => {
  const { app, clock, mailer } = await twoFactorApp(t, { RATE_LIMIT_TOKEN_IP: '10000' })
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)

  const pending = await passwordStep(t, app, account)
  const changed = await app.inject(post(`/api/password/changepassword/${account.id}`, { oldPassword: SEED_PASSWORD, newPassword: 'Nv7#kPq2Wx' }, account.cookie))
  t.equal(changed.statusCode, 200)
  const late = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, pending))
  t.same([late.statusCode, late.json().message], [401, 'Votre connexion a expiré : saisissez de nouveau votre e-mail et votre mot de passe.'], 'the old password’s pending login died with it')

  const again = await app.inject(post('/api/auth/login', { email: account.email, password: 'Nv7#kPq2Wx' }))
  const second = cookieOf(again, /^twofactor-pending$/)!
  t.equal((await app.inject(post('/api/password', { email: account.email }))).statusCode, 200)
  await settled(app)
  const link = /\/reset-password\/\d+\/([A-Za-z0-9_-]+)/.exec(mailer.sent.filter((m) => m.to === account.email).at(-1)!.text)
  t.ok(link, 'the reset mail')
  t.equal((await app.inject(post(`/api/password/reset/${link![1]}`, { newPassword: 'Rw5$hTn8Lq', confirmPassword: 'Rw5$hTn8Lq' }))).statusCode, 200)
  t.equal((await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, second))).statusCode, 401, 'nor does one survive a reset')
})

t.test('recovery codes are stored as HMAC-SHA-256 under a key derived from TOTP_KEY, not as a plain hash', async (t) => {
  const totpKey = 'r'.repeat(40)
  const { app, db, clock } = await twoFactorApp(t, { TOTP_KEY: totpKey })
  const account = await seedAccount(app, { accepted: true })
  const { recoveryCodes } = await enroll(app, clock, account)
  const key = Buffer.from(hkdfSync('sha256', totpKey, 'portal-recovery', 'recovery code v1', 32))
  const stored = new Set((await db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', account.id).execute()).map((r) => r.code_hash))
  for (const code of recoveryCodes) {
    const normalized = code.replace('-', '')
    t.ok(stored.has(createHmac('sha256', key).update(normalized).digest('hex')), `${code}: its HMAC is stored`)
    t.notOk(stored.has(createHash('sha256').update(`recovery:${normalized}`).digest('hex')), 'not its plain SHA-256')
  }
  const pending = await passwordStep(t, app, account)
  t.equal((await app.inject(post('/api/auth/login/2fa', { recoveryCode: recoveryCodes[0] }, pending))).statusCode, 200, 'and one still opens the session')
})

t.test('each wrong code of the second step is journaled as a failed login of the account, by nobody known, with its IP', async (t) => {
  const { app, db, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)
  const pending = await passwordStep(t, app, account)
  const before = Number((await db.selectFrom('journal').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
  const second = (payload: object) => app.inject({ ...post('/api/auth/login/2fa', payload, pending), remoteAddress: '198.51.100.7' })
  t.equal((await second({ code: codeFor(secret, new Date(clock.now().getTime() + 10 * STEP)) })).statusCode, 400)
  t.equal((await second({ recoveryCode: 'AAAAA-BBBBB' })).statusCode, 400)
  t.equal((await second({ code: codeFor(secret, clock.now()) })).statusCode, 200)
  const rows = await db.selectFrom('journal').select(['action', 'actor_id', 'subject_type', 'subject_id', 'ip']).where('id', '>', before).orderBy('id').execute()
  const own = { actor_id: account.id, subject_type: 'user', subject_id: account.id, ip: '198.51.100.7' }
  // Someone who knows the password is not the owner for all that: the owner is the subject, not the actor (as for a wrong password).
  const aimedAt = { ...own, actor_id: null }
  t.same(
    rows.map((e) => ({ ...e, actor_id: e.actor_id === null ? null : Number(e.actor_id), subject_id: Number(e.subject_id) })),
    [{ action: 'login.failed', ...aimedAt }, { action: 'login.failed', ...aimedAt }, { action: 'login', ...own }],
    'one failed login per wrong code (a code or a recovery code), then the login',
  )
})
