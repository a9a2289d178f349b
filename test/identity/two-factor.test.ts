import t from 'tap'
import { fixedClock } from '../../src/clock/clock.js'
import { ConfigError, loadConfig } from '../../src/config.js'
import { createSealer, UnsealError } from '../../src/crypto/sealing.js'
import { memoryMailer } from '../../src/mail/memory-mailer.js'
import { settled } from '../helpers/app.js'
import { seedAccount, SEED_PASSWORD } from '../helpers/accounts.js'
import { twoInstances } from '../helpers/instances.js'
import { codeFor, cookieOf, enroll, passwordStep, post, STEP, twoFactorApp } from '../helpers/two-factor.js'

t.test('enable: the secret is shown once, stored sealed; a code from it turns two-factor on with 10 recovery codes', async (t) => {
  const { app, db, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const setup = await app.inject(post('/api/auth/2fa/setup', {}, account.cookie))
  t.equal(setup.statusCode, 200)
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>()
  t.match(secret, /^[A-Z2-7]{32}$/, '160 bits in base32')
  t.match(otpauthUrl, /^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/)
  t.match(otpauthUrl, /algorithm=SHA1/)
  t.match(otpauthUrl, /digits=6/)
  t.match(otpauthUrl, /period=30/)
  const row = await db.selectFrom('user_two_factor').selectAll().where('user_id', '=', account.id).executeTakeFirstOrThrow()
  t.equal(row.secret, null, 'not on until a code confirms it')
  t.match(row.pending_secret, /^v1\./, 'sealed')
  t.notOk(row.pending_secret!.includes(secret), 'never in clear')

  const wrong = await app.inject(post('/api/auth/2fa/enable', { code: codeFor(secret, new Date(clock.now().getTime() + 5 * STEP)) }, account.cookie))
  t.same([wrong.statusCode, wrong.json()], [400, { message: 'Code incorrect ou déjà utilisé.', code: 'validation', field: 'code' }])

  const enabled = await app.inject(post('/api/auth/2fa/enable', { code: codeFor(secret, clock.now()) }, account.cookie))
  t.equal(enabled.statusCode, 200)
  const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>()
  t.equal(recoveryCodes.length, 10)
  t.equal(new Set(recoveryCodes).size, 10)
  for (const code of recoveryCodes) t.match(code, /^[A-Z2-9]{5}-[A-Z2-9]{5}$/)
  const stored = await db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', account.id).execute()
  t.equal(stored.length, 10)
  t.notOk(stored.some((r) => recoveryCodes.some((c) => r.code_hash.includes(c.replace('-', '')))), 'stored hashed')

  const again = await app.inject(post('/api/auth/2fa/setup', {}, account.cookie))
  t.same([again.statusCode, again.json()], [409, { message: 'La double authentification est déjà activée.', code: 'conflict' }])
})

t.test('log in with a code; the same code is refused afterwards; the next one works', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)

  const pending = await passwordStep(t, app, account)
  const noCookie = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }))
  t.same([noCookie.statusCode, noCookie.json().message], [401, 'Votre connexion a expiré : saisissez de nouveau votre e-mail et votre mot de passe.'], 'not from another browser')

  const code = codeFor(secret, clock.now())
  const done = await app.inject(post('/api/auth/login/2fa', { code }, pending))
  t.equal(done.statusCode, 200)
  t.same(done.json(), { id: account.id, username: account.username, profilePhoto: null, isAccepted: true, isAdmin: false, role: 'client', companyId: account.id, companyRole: 'owner', language: 'fr' }, 'the user object of §2')
  const session = cookieOf(done, /session$/)
  t.ok(session, 'the session is open')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: session! } })).statusCode, 200)
  t.equal((await app.inject(post('/api/auth/login/2fa', { code }, pending))).statusCode, 401, 'the pending login is used once')

  const second = await passwordStep(t, app, account)
  const reused = await app.inject(post('/api/auth/login/2fa', { code }, second))
  t.same([reused.statusCode, reused.json().message], [400, 'Code incorrect ou déjà utilisé.'], 'a code is accepted once, not again in its window')
  const earlier = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, new Date(clock.now().getTime() - STEP)) }, second))
  t.equal(earlier.statusCode, 400, 'nor an older one')
  clock.advance(STEP)
  const next = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, second))
  t.equal(next.statusCode, 200, 'the next code works')
})

t.test('a recovery code works once, whatever its case and dashes', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { recoveryCodes } = await enroll(app, clock, account)
  const [first] = recoveryCodes

  const pending = await passwordStep(t, app, account)
  const done = await app.inject(post('/api/auth/login/2fa', { recoveryCode: ` ${first!.toLowerCase().replace('-', ' ')} ` }, pending))
  t.equal(done.statusCode, 200)
  t.ok(cookieOf(done, /session$/))

  const second = await passwordStep(t, app, account)
  const reused = await app.inject(post('/api/auth/login/2fa', { recoveryCode: first }, second))
  t.same([reused.statusCode, reused.json().message], [400, 'Code de secours incorrect ou déjà utilisé.'])
  t.equal((await app.inject(post('/api/auth/login/2fa', { recoveryCode: recoveryCodes[1] }, second))).statusCode, 200, 'another one works')
})

t.test('5 wrong codes end the pending login; the right one is refused after', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)
  const pending = await passwordStep(t, app, account)
  const wrong = codeFor(secret, new Date(clock.now().getTime() + 10 * STEP))
  for (let i = 1; i <= 4; i++) t.equal((await app.inject(post('/api/auth/login/2fa', { code: wrong }, pending))).statusCode, 400, `wrong code ${i}`)
  const fifth = await app.inject(post('/api/auth/login/2fa', { code: wrong }, pending))
  t.same([fifth.statusCode, fifth.json().message], [429, 'Trop de codes incorrects : saisissez de nouveau votre e-mail et votre mot de passe.'])
  t.equal(fifth.headers['retry-after'], '0', 'Retry-After (contract §2): a new login may begin at once')
  const right = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, pending))
  t.equal(right.statusCode, 401, 'the pending login is over')
  t.notOk(cookieOf(right, /session$/))

  // A new password step starts a new pending login.
  const again = await passwordStep(t, app, account)
  t.equal((await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, again))).statusCode, 200)
})

t.test('wrong codes count per account across pending logins: the password does not buy more guesses', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)
  const wrong = codeFor(secret, new Date(clock.now().getTime() + 10 * STEP))
  // RATE_LIMIT_LOGIN_ACCOUNT (10) wrong codes, spread over pending logins of 4: each password step opens a new one.
  let refused = 0
  for (let round = 0; round < 3 && refused === 0; round++) {
    const pending = await passwordStep(t, app, account)
    for (let i = 0; i < 4; i++) {
      const res = await app.inject(post('/api/auth/login/2fa', { code: wrong }, pending))
      if (res.statusCode === 429) {
        refused++
        t.match(res.json().message, /^Trop de tentatives\. Réessayez dans \d+ minute\(s\)\.$/)
        t.ok(Number(res.headers['retry-after']) > 0)
        break
      }
      t.equal(res.statusCode, 400)
    }
  }
  t.equal(refused, 1, 'the eleventh wrong code is refused, whatever pending login carries it')
  const locked = await passwordStep(t, app, account)
  t.equal((await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, locked))).statusCode, 429, 'even the right code waits for the window')
  clock.advance(15 * 60_000 + STEP)
  const later = await passwordStep(t, app, account)
  t.equal((await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, later))).statusCode, 200, 'then the right code opens the session')
})

t.test('the fifth wrong code that also reaches the account’s limit says how long the account waits', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)
  const wrong = codeFor(secret, new Date(clock.now().getTime() + 10 * STEP))
  // Two pending logins of 5 wrong codes: RATE_LIMIT_LOGIN_ACCOUNT (10) reached with the second's fifth.
  const fifths = []
  for (let round = 0; round < 2; round++) {
    const pending = await passwordStep(t, app, account)
    for (let i = 1; i <= 4; i++) t.equal((await app.inject(post('/api/auth/login/2fa', { code: wrong }, pending))).statusCode, 400)
    fifths.push(await app.inject(post('/api/auth/login/2fa', { code: wrong }, pending)))
  }
  const tooManyCodes = 'Trop de codes incorrects : saisissez de nouveau votre e-mail et votre mot de passe.'
  // Had the first fifth left a try counted in finding its wait, the second would be refused before its check.
  t.same(fifths.map((res) => [res.statusCode, res.json().message, res.headers['retry-after']]), [[429, tooManyCodes, '0'], [429, tooManyCodes, String(15 * 60)]], 'the whole window: every wrong code was at the same instant')
  const locked = await passwordStep(t, app, account)
  const refused = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, locked))
  t.same([refused.statusCode, refused.headers['retry-after']], [429, String(15 * 60)], 'as the next try is told')
  clock.advance(15 * 60_000)
  const later = await passwordStep(t, app, account)
  t.equal((await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, later))).statusCode, 200, 'then the right code opens the session')
})

t.test('a pending login lasts 5 minutes', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  const pending = await passwordStep(t, app, account)
  clock.advance(5 * 60_000 + 1000)
  const late = await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, pending))
  t.same([late.statusCode, late.json().message], [401, 'Votre connexion a expiré : saisissez de nouveau votre e-mail et votre mot de passe.'])
})

t.test('disable: password and a current code; the owner gets a mail with the time and the browser', async (t) => {
  const { app, db, clock, mailer } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'
  const disable = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/2fa/disable', payload, headers: { cookie: account.cookie, 'user-agent': browser } })

  t.same([(await disable({})).statusCode, (await disable({})).json().message], [400, 'Mot de passe requis'])
  t.same((await disable({ password: SEED_PASSWORD })).json().message, 'Saisissez le code à 6 chiffres de votre application d’authentification.')
  t.same((await disable({ password: SEED_PASSWORD, code: '12ab56' })).json().message, 'Le code doit comporter 6 chiffres.')
  t.same((await disable({})).json(), { message: 'Mot de passe requis', code: 'validation', field: 'password' })
  t.same((await disable({ password: 'Wrong#Pass1', code: codeFor(secret, clock.now()) })).json(), { message: 'Mot de passe incorrect.', code: 'validation', field: 'password' })
  t.same((await disable({ password: SEED_PASSWORD, code: codeFor(secret, new Date(clock.now().getTime() + 5 * STEP)) })).json(), { message: 'Code incorrect ou déjà utilisé.', code: 'validation', field: 'code' })
  const off = await disable({ password: SEED_PASSWORD, code: codeFor(secret, clock.now()) })
  t.same([off.statusCode, off.json()], [200, { message: 'Double authentification désactivée.' }])
  t.equal((await db.selectFrom('user_two_factor').select('user_id').where('user_id', '=', account.id).execute()).length, 0)
  t.equal((await db.selectFrom('recovery_codes').select('id').where('user_id', '=', account.id).execute()).length, 0)

  await settled(app)
  const mail = mailer.sent.find((m) => m.to === account.email && m.subject === 'Double authentification désactivée sur votre compte')
  t.ok(mail, 'a mail to the account')
  t.match(mail!.text, 'Navigateur : Firefox 140 sur Linux', 'the browser in words')
  t.notMatch(mail!.text, 'Mozilla/5.0', 'not the raw user agent')
  t.match(mail!.text, /Date : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)

  const login = await app.inject(post('/api/auth/login', { email: account.email, password: SEED_PASSWORD }))
  t.equal(login.statusCode, 200)
  t.equal(login.json().id, account.id, 'the password alone opens the session again')
  t.same([(await disable({ password: SEED_PASSWORD, code: '123456' })).statusCode], [409], 'nothing to turn off')
})

t.test('the journal: turning it on and off, and the login the second step opens, one entry each with the account and the IP', async (t) => {
  const { app, db, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const entries = async () =>
    (await db.selectFrom('journal').select(['action', 'actor_id', 'subject_type', 'subject_id', 'ip']).where('actor_id', '=', account.id).orderBy('id').execute()).map((e) => ({ ...e, actor_id: Number(e.actor_id), subject_id: Number(e.subject_id) }))
  const before = (await entries()).length
  const { secret } = await enroll(app, clock, account)
  clock.advance(STEP)
  // A wrong code changes nothing and writes nothing.
  t.equal((await app.inject(post('/api/auth/2fa/disable', { password: SEED_PASSWORD, code: codeFor(secret, new Date(clock.now().getTime() - 10 * STEP)) }, account.cookie))).statusCode, 400)
  const pending = await passwordStep(t, app, account)
  t.equal((await app.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, pending))).statusCode, 200)
  clock.advance(STEP)
  t.equal((await app.inject(post('/api/auth/2fa/disable', { password: SEED_PASSWORD, code: codeFor(secret, clock.now()) }, account.cookie))).statusCode, 200)
  const written = (await entries()).slice(before)
  const own = { actor_id: account.id, subject_type: 'user', subject_id: account.id, ip: '127.0.0.1' }
  t.same(written, [{ action: 'twofactor.enabled', ...own }, { action: 'login', ...own }, { action: 'twofactor.disabled', ...own }])
})

t.test('validation: French 4xx, never a 500', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const account = await seedAccount(app, { accepted: true })
  const enable = (payload: object) => app.inject(post('/api/auth/2fa/enable', payload, account.cookie))
  t.same([(await enable({ code: '123456' })).statusCode, (await enable({ code: '123456' })).json().message], [409, 'Commencez par configurer la double authentification : la clé à scanner a changé ou n’existe pas.'])
  await app.inject(post('/api/auth/2fa/setup', {}, account.cookie))
  for (const [payload, message] of [
    [{}, 'Saisissez le code à 6 chiffres de votre application d’authentification.'],
    [{ code: '' }, 'Saisissez le code à 6 chiffres de votre application d’authentification.'],
    [{ code: '12345' }, 'Le code doit comporter 6 chiffres.'],
    [{ code: 'abcdef' }, 'Le code doit comporter 6 chiffres.'],
  ] as const) {
    const res = await enable(payload)
    t.same([res.statusCode, res.json()], [400, { message, code: 'validation', field: 'code' }], JSON.stringify(payload))
  }
  const bad = await app.inject({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: 123456 }, headers: { cookie: account.cookie } })
  t.equal(bad.statusCode, 400, 'a number instead of a string')
  t.equal((await app.inject(post('/api/auth/2fa/setup', {}))).statusCode, 401, 'visitors: 401')
  t.equal((await app.inject(post('/api/auth/login/2fa', { recoveryCode: 'nope' }))).json().message, 'Un code de secours comporte 10 lettres et chiffres (par exemple ABCDE-23456).')
  t.equal((await app.inject(post('/api/auth/login/2fa', {}))).statusCode, 400)
  t.ok(clock.now())
})

t.test('REQUIRE_ADMIN_2FA=true: an administrator without two-factor reaches nothing of the back-office before enrolling', async (t) => {
  const { app, clock } = await twoFactorApp(t, { REQUIRE_ADMIN_2FA: 'true' })
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  const get = (url: string, cookie = admin.cookie) => app.inject({ url, headers: { cookie, accept: 'text/html' } })

  for (const url of ['/api/users/clients-profile', '/api/users/users-profile', '/api/users/counts', `/api/users/profile/${client.id}`, '/api/users/contact', '/uploads/abc.pdf', '/api/%75sers/counts']) {
    const res = await app.inject({ url, headers: { cookie: admin.cookie, accept: 'application/json' } })
    t.equal(res.statusCode, 403, url)
    if (url.startsWith('/uploads/')) continue
    t.same([res.statusCode, res.json()], [403, { message: 'La double authentification est obligatoire pour les administrateurs : activez-la depuis votre profil avant d’utiliser l’espace d’administration.', code: 'forbidden' }], url)
  }
  const deleted = await app.inject({ method: 'DELETE', url: `/api/users/profile/${client.id}`, headers: { cookie: admin.cookie } })
  t.equal(deleted.statusCode, 403, 'nor a change')
  for (const url of ['/admin-dashboard', '/admin-dashboard/new-users', `/users/profile/${admin.id}`, '/admin-dashboard/nothing-here']) {
    const res = await get(url)
    t.same([res.statusCode, res.headers.location], [303, '/users/profile/two-factor'], url)
  }
  t.equal((await get('/users/profile/two-factor')).statusCode, 200, 'the setup page opens')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: admin.cookie } })).statusCode, 200, 'status still answers')
  t.equal((await app.inject({ url: '/api/users/clients-profile', headers: { cookie: client.cookie } })).statusCode, 403, 'a client is refused as before')
  t.equal((await get(`/users/profile/${client.id}`, client.cookie)).statusCode, 200, 'clients are not asked to enroll')

  await enroll(app, clock, admin)
  t.equal((await app.inject({ url: '/api/users/clients-profile', headers: { cookie: admin.cookie } })).statusCode, 200, 'enrolled: the back-office opens')
  t.equal((await get('/admin-dashboard')).statusCode, 200)
})

t.test('REQUIRE_ADMIN_2FA unset: administrators are not asked', async (t) => {
  const { app } = await twoFactorApp(t)
  const admin = await seedAccount(app, { admin: true })
  t.equal((await app.inject({ url: '/api/users/clients-profile', headers: { cookie: admin.cookie } })).statusCode, 200)
})

t.test('across instances: the pending login, its wrong codes and the used code are shared through the database', async (t) => {
  const clock = fixedClock(new Date(Math.floor(Date.now() / STEP) * STEP + STEP / 2))
  const { a, b } = await twoInstances(t, { RATE_LIMIT_LOGIN_IP: '10000' }, { clock, mailer: memoryMailer() })
  const account = await seedAccount(a, { accepted: true })
  const { secret } = await enroll(a, clock, account)
  clock.advance(STEP)

  const pending = await passwordStep(t, a, account)
  const wrong = codeFor(secret, new Date(clock.now().getTime() + 10 * STEP))
  for (let i = 0; i < 3; i++) t.equal((await a.inject(post('/api/auth/login/2fa', { code: wrong }, pending))).statusCode, 400)
  t.equal((await b.inject(post('/api/auth/login/2fa', { code: wrong }, pending))).statusCode, 400, 'the other instance knows the pending login')
  t.equal((await b.inject(post('/api/auth/login/2fa', { code: wrong }, pending))).statusCode, 429, 'and counts the same tries: the fifth ends it')
  t.equal((await a.inject(post('/api/auth/login/2fa', { code: codeFor(secret, clock.now()) }, pending))).statusCode, 401)

  const code = codeFor(secret, clock.now())
  const first = await passwordStep(t, b, account)
  t.equal((await a.inject(post('/api/auth/login/2fa', { code }, first))).statusCode, 200, 'password through one, code through the other')
  const second = await passwordStep(t, a, account)
  t.equal((await b.inject(post('/api/auth/login/2fa', { code }, second))).statusCode, 400, 'the code used through one is refused by the other')
})

t.test('configuration: REQUIRE_ADMIN_2FA is true or false; TOTP_KEY defaults to SESSION_SECRET', async (t) => {
  const secret = 'x'.repeat(40)
  t.equal(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret }).requireAdmin2fa, false)
  t.equal(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa, true)
  t.throws(() => loadConfig({ NODE_ENV: 'test', REQUIRE_ADMIN_2FA: 'yes' }), ConfigError)
  t.throws(() => loadConfig({ NODE_ENV: 'test', REQUIRE_ADMIN_2FA: 'yes' }), /Invalid REQUIRE_ADMIN_2FA/)
  t.equal(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret }).totpKey, secret)
  t.equal(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: secret, TOTP_KEY: 'k'.repeat(32) }).totpKey, 'k'.repeat(32))
  t.throws(() => loadConfig({ NODE_ENV: 'test', TOTP_KEY: 'short' }), /Invalid TOTP_KEY/)
})

t.test('sealing: each purpose its own key; another secret or purpose cannot open it', async (t) => {
  const totp = createSealer('s'.repeat(40), { salt: 'portal-totp', info: 'totp secret v1' })
  const sealed = totp.seal('JBSWY3DPEHPK3PXP')
  t.equal(totp.open(sealed), 'JBSWY3DPEHPK3PXP')
  t.not(totp.seal('JBSWY3DPEHPK3PXP'), sealed, 'a fresh IV each time')
  const outbox = createSealer('s'.repeat(40), { salt: 'portal-outbox', info: 'mail payload v1' })
  t.throws(() => outbox.open(sealed), UnsealError)
  t.throws(() => createSealer('t'.repeat(40), { salt: 'portal-totp', info: 'totp secret v1' }).open(sealed), UnsealError)
  t.throws(() => totp.open('plain'), UnsealError)
  t.throws(() => totp.open(`${sealed.slice(0, -4)}AAAA`), UnsealError, 'altered')
})

t.test('pages: the second step only while a pending login lasts; setup for the logged-in only; the API documented', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const page = (url: string, cookie?: string) => app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })
  const visitor = await page('/login/2fa')
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'], 'no pending login: back to the password')
  const setupAsVisitor = await page('/users/profile/two-factor')
  t.same([setupAsVisitor.statusCode, setupAsVisitor.headers.location], [303, '/login'])

  const account = await seedAccount(app, { accepted: true })
  const setup = await page('/users/profile/two-factor', account.cookie)
  t.equal(setup.statusCode, 200)
  t.match(setup.body, /<svg[^>]*>/, 'the QR code is drawn on the server')
  const shown = /data-secret="([A-Z2-7]{32})"/.exec(setup.body)?.[1]
  t.ok(shown, 'the secret as text')
  t.match(setup.body, /autoComplete="one-time-code"|autocomplete="one-time-code"/)
  t.match(setup.body, /inputMode="numeric"|inputmode="numeric"/)
  t.match((await page('/users/profile/two-factor', account.cookie)).body, new RegExp(`data-secret="${shown}"`), 'a reload shows the same secret')
  const enabled = await app.inject(post('/api/auth/2fa/enable', { code: codeFor(shown!, clock.now()) }, account.cookie))
  t.equal(enabled.statusCode, 200, 'the secret on the page is the one enabled')
  const on = await page('/users/profile/two-factor', account.cookie)
  t.match(on.body, /Désactiver la double authentification/)
  t.notMatch(on.body, /data-secret/, 'the secret is never shown again')

  const pending = await passwordStep(t, app, account)
  const second = await page('/login/2fa', pending)
  t.equal(second.statusCode, 200)
  t.match(second.body, /Vérification en deux étapes/)

  const openapi = await app.inject('/api/openapi.json')
  t.equal(openapi.statusCode, 200)
  const paths = Object.keys(openapi.json<{ paths: Record<string, unknown> }>().paths)
  for (const path of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable', '/api/auth/login/2fa']) t.ok(paths.includes(path), path)
})
