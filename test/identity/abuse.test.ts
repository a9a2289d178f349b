// Issue 9: each test performs an attack the review found, and fails without its fix.
import t from 'tap'
import { checkContact } from '../../src/modules/contact/validation.js'
import { fixedClock } from '../../src/clock/clock.js'
import { memoryAttemptLimiter } from '../../src/limits/memory-attempts.js'
import { checkRegistration } from '../../src/modules/identity/validation.js'
import { settled } from '../helpers/app.js'
import { identityApp, login, registerVerified, registration, sessionCookie, SHARED_APP_LIMITS, STRONG, STRONG_2, uniqueEmail } from '../helpers/identity.js'
import { linkIn } from '../helpers/smtp.js'

const QUARTER = 15 * 60_000

// One app for the file (the administrator's and the refused starts aside); each test its own addresses.
const { app, smtp, db } = await identityApp(t, SHARED_APP_LIMITS)

t.test('finding 2: flooding 10,098 other addresses leaves a locked account locked', async (t) => {
  const clock = fixedClock(new Date(1_000_000))
  const failures = memoryAttemptLimiter({ clock })
  const policy = { max: 10, windowMs: QUARTER }
  for (let i = 0; i < 10; i++) await failures.begin('victim@example.dz', policy)
  clock.advance(20)
  t.ok((await failures.begin('victim@example.dz', policy)).wait > 0, 'locked')
  for (let i = 0; i < 10_098; i++) await failures.begin(`x${i}@example.dz`, policy)
  clock.advance(20_000)
  t.ok((await failures.begin('victim@example.dz', policy)).wait > 0, 'still locked after the flood')
})

t.test('finding 2: when every tracked address is locked, a new one is refused rather than unlocking any', async (t) => {
  const clock = fixedClock(new Date(0))
  const failures = memoryAttemptLimiter({ clock, capacity: 3 })
  const policy = { max: 2, windowMs: QUARTER }
  for (const key of ['a', 'b', 'c']) for (let i = 0; i < 2; i++) await failures.begin(key, policy)
  clock.set(new Date(10))
  t.ok((await failures.begin('d', policy)).wait > 0, 'refused while full of locked keys')
  for (const key of ['a', 'b', 'c']) t.ok((await failures.begin(key, policy)).wait > 0, `${key} stays locked`)
  clock.set(new Date(QUARTER + 10))
  t.equal((await failures.begin('d', policy)).wait, 0, 'once the window passed, room is made again')
})

t.test('finding 3: the administrator still logs in while an attacker locks the account from another address', async (t) => {
  const { app } = await identityApp(t, { ADMIN_EMAIL: 'admin@cabinet.dz', ADMIN_PASSWORD: STRONG })
  const first = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: STRONG }, remoteAddress: '10.0.0.1' })
  t.equal(first.statusCode, 200)
  const device = first.cookies.find((c) => c.name === 'device')
  t.ok(device, 'the browser is remembered for this account')
  t.equal(device!.path, '/api/auth/login')
  t.ok(device!.httpOnly)

  for (let i = 0; i < 10; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: 'Wrong#Pass1' }, remoteAddress: '203.0.113.9' })
    t.equal(res.statusCode, 400)
  }
  const attacker = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: STRONG }, remoteAddress: '203.0.113.9' })
  t.equal(attacker.statusCode, 429, 'the contract’s limit still holds for unknown browsers, even with the right password')
  const stranger = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: STRONG }, remoteAddress: '10.0.0.2' })
  t.equal(stranger.statusCode, 429, 'another unknown browser too')

  const admin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: STRONG }, remoteAddress: '10.0.0.2', cookies: { device: device!.value } })
  t.equal(admin.statusCode, 200, 'the administrator’s own browser gets in')
  t.ok(sessionCookie(admin))

  // A stolen or copied device cookie is limited on its own, and is worth nothing for another account.
  for (let i = 0; i < 10; i++) await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: 'Wrong#Pass1' }, cookies: { device: device!.value } })
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: STRONG }, cookies: { device: device!.value } })).statusCode, 429)
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@cabinet.dz', password: STRONG }, cookies: { device: 'forged.value' } })).statusCode, 429, 'a forged cookie is an unknown browser')
})

t.test('finding 4: a reset link issued before a password change is refused after it', async (t) => {
  const email = uniqueEmail()
  const userId = await registerVerified(app, smtp, { email })
  await app.inject({ method: 'POST', url: '/api/password', payload: { email: email } })
  const link = linkIn(await smtp.nextMail(email), /^\/reset-password\//)
  const token = link.pathname.split('/')[3]!
  const { cookie } = await login(app, email, STRONG)
  const changed = await app.inject({ method: 'POST', url: `/api/password/changepassword/${userId}`, payload: { oldPassword: STRONG, newPassword: STRONG_2 }, headers: { cookie: cookie! } })
  t.equal(changed.statusCode, 200)
  t.equal((await app.inject(`/api/password/${userId}/${token}`)).statusCode, 400, 'the link no longer checks')
  const reset = await app.inject({ method: 'POST', url: `/api/password/reset/${token}`, payload: { newPassword: 'Yh7&pLq3Wz', confirmPassword: 'Yh7&pLq3Wz' } })
  t.equal(reset.statusCode, 400)
  t.equal((await login(app, email, STRONG_2)).res.statusCode, 200, 'the changed password stands')
})

t.test('finding 9: a new password equal to the old one is refused', async (t) => {
  const email = uniqueEmail()
  const userId = await registerVerified(app, smtp, { email })
  const { cookie } = await login(app, email, STRONG)
  const res = await app.inject({ method: 'POST', url: `/api/password/changepassword/${userId}`, payload: { oldPassword: STRONG, newPassword: STRONG }, headers: { cookie: cookie! } })
  t.equal(res.statusCode, 400)
  t.same(res.json(), { message: 'Le nouveau mot de passe doit être différent de l’ancien.', code: 'validation', field: 'newPassword' })
})

t.test('finding 5: no user-chosen text reaches an unverified address, and its owner can reclaim it', async (t) => {
  const victim = uniqueEmail('victim', 'corp.example')
  const bait = 'Service facturation : payez sur https://evil.example/pay'
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: victim, username: bait }) })).statusCode, 201)
  const mail = await smtp.nextMail(victim)
  t.notMatch(mail.decoded, /evil\.example/, 'the attacker’s text is not in the mail')
  t.notMatch(mail.decoded, /facturation/)
  const attackerLink = linkIn(mail, /^\/users\/\d+\/verify\//)

  const own = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: victim, username: 'Victime', password: STRONG_2, confirmPassword: STRONG_2 }) })
  t.equal(own.statusCode, 201, 'the owner’s registration replaces the pending one')
  const users = await db.selectFrom('users').select(['username']).where('email', '=', victim).execute()
  t.same(users, [{ username: 'Victime' }])
  t.equal((await app.inject(`/api${attackerLink.pathname.replace('/users', '/auth')}`)).statusCode, 400, 'the first link died with its account')
  const ownLink = linkIn(await smtp.nextMail(victim), /^\/users\/\d+\/verify\//)
  t.equal((await app.inject(`/api${ownLink.pathname.replace('/users', '/auth')}`)).statusCode, 200)
  t.equal((await login(app, victim, STRONG_2)).res.statusCode, 200)
  const again = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: victim }) })
  t.equal(again.statusCode, 201, 'answered as a new address (issue 34: a registration tells nobody which addresses have an account)')
  t.same(await db.selectFrom('users').select(['username']).where('email', '=', victim).execute(), [{ username: 'Victime' }], 'a verified address is not replaced')
})

t.test('finding 6: address lists, display names, comments and controls are refused with the French message', async (t) => {
  const users = async () => (await db.selectFrom('users').select('id').execute()).length
  await settled(app)
  const before = { users: await users(), mails: smtp.mails.length }
  const tricks = ['x<attacker@evil.example>', 'victim@corp.example,attacker', 'victim@corp.example;attacker', 'vic\u0000tim@corp.example', 'vic\u001btim@corp.example', 'attacker(victim@corp.example)', '"victim"@corp.example', 'victim@corp.example attacker@evil.example']
  for (const email of tricks) {
    t.has(checkRegistration(registration({ email })), { ok: false, message: 'Adresse e-mail invalide.' }, `shared check: ${JSON.stringify(email)}`)
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })
    t.equal(res.statusCode, 400, JSON.stringify(email))
    t.same(res.json(), { message: 'Adresse e-mail invalide.', code: 'validation', field: 'email' })
    t.has(checkContact({ name: 'A', email, message: 'x', telephone: '0551234567' }), { ok: false, message: 'Adresse e-mail invalide.' })
  }
  await settled(app)
  t.equal(await users(), before.users, 'no account was made')
  t.equal(smtp.mails.length, before.mails, 'nothing was mailed')
})

t.test('finding 7: line breaks in a contact message are normalised and other controls refused', async (t) => {
  const ok = checkContact({ name: 'A', email: 'a@b.dz', message: 'A\r.\r\nB\rC\u2028D', telephone: '0551234567' })
  t.same(ok, { ok: true, value: { name: 'A', email: 'a@b.dz', message: 'A\n.\nB\nC\nD', telephone: '0551234567' } }, 'no bare CR survives')
  for (const message of ['A\u0000B', 'A\u001bB', 'A\u000bB', 'A\u007fB']) {
    t.has(checkContact({ name: 'A', email: 'a@b.dz', message, telephone: '0551234567' }), { ok: false, message: 'Le message contient des caractères non autorisés.' })
  }
  t.same(checkContact({ name: 'A', email: 'a@b.dz', message: 'Ligne 1\n\tLigne 2', telephone: '0551234567' }).ok, true, 'tabs and line feeds stay')
})

t.test('finding 10: a refused unverified login says whether a new link was sent', async (t) => {
  const email = uniqueEmail()
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })
  const userId = Number(linkIn(await smtp.nextMail(email), /^\/users\/\d+\/verify\//).pathname.split('/')[2])
  const recent = await login(app, email, STRONG)
  t.equal(recent.res.statusCode, 403)
  t.match(recent.res.json().message, /il y a moins de 5 minutes/, 'none sent: it says the last one is recent')
  t.notMatch(recent.res.json().message, /nouveau lien/)
  await db.updateTable('user_tokens').set({ created_at: '2020-01-01 00:00:00.000' }).where('user_id', '=', userId).execute()
  const later = await login(app, email, STRONG)
  t.match(later.res.json().message, /Un nouveau lien de vérification vous a été envoyé/)
  await smtp.nextMail(email)
})

t.test('finding 9: answers carrying user data are never cached; public files keep their caching', async (t) => {
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  const logged = await login(app, email, STRONG)
  t.equal(logged.res.headers['cache-control'], 'private, no-store', 'the login answer')
  const status = await app.inject({ url: '/api/auth/status', headers: { cookie: logged.cookie! } })
  t.equal(status.headers['cache-control'], 'private, no-store', 'the status answer')
  const page = await app.inject({ url: '/', headers: { cookie: logged.cookie! } })
  t.equal(page.headers['cache-control'], 'private, no-store', 'a page rendered for a user')
  const asset = await app.inject({ url: '/static/logo.svg', headers: { cookie: logged.cookie! } })
  t.notMatch(String(asset.headers['cache-control']), /no-store/, 'a public file is still cacheable')
})

t.test('finding 9: guessable passwords are refused: repeats, keyboard runs, seasons and months with a year, the firm’s names', async (t) => {
  const email = uniqueEmail()
  for (const password of ['Aa1!aaaa', 'Aaaaaaa1!', 'Qwer1234!', 'Summer2024!', 'Zxcvbnm1!', 'Benali2025!', 'Juillet2026!', 'Karim1980#']) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ password, confirmPassword: password, email }) })
    t.equal(res.statusCode, 400, password)
    t.same(res.json(), { message: "Ce mot de passe n'est pas accepter choisir autre.", code: 'validation', field: 'password' }, password)
  }
  for (const password of [STRONG, STRONG_2, 'Adm1n#Cabinet', 'Sarl#Atlas2024']) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ password, confirmPassword: password, email: `${password.length}${Math.random().toString(36).slice(2)}@example.dz` }) })
    t.equal(res.statusCode, 201, `${password} is accepted`)
  }
})

t.test('finding 9: ADMIN_PASSWORD follows the password rules: the start fails with one clear line', async (t) => {
  for (const [password, message] of [['Summer2024!', /Invalid ADMIN_PASSWORD: Ce mot de passe n'est pas accepter/], ['adminadmin', /Invalid ADMIN_PASSWORD: Le mot de passe doit contenir/]] as const) {
    await t.rejects(identityApp(t, { ADMIN_EMAIL: 'admin@cabinet.dz', ADMIN_PASSWORD: password }), message, password)
  }
})

t.test('finding 9: sessions end 30 days after they opened, however often they slid; expired rows are swept', async (t) => {
  const email = uniqueEmail()
  const userId = await registerVerified(app, smtp, { email })
  const { cookie } = await login(app, email, STRONG)
  const inFuture = '2999-01-01 00:00:00.000'
  await db.updateTable('sessions').set({ created_at: '2026-01-01 00:00:00.000', expires_at: inFuture }).where('user_id', '=', userId).execute()
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: cookie! } })).statusCode, 401, 'past its absolute lifetime')

  await app.inject({ method: 'POST', url: '/api/password', payload: { email: email } })
  await smtp.nextMail(email)
  await db.updateTable('user_tokens').set({ expires_at: '2020-01-01 00:00:00.000' }).where('user_id', '=', userId).execute()
  const { sweepExpired } = await import('../../src/modules/identity/repository.js')
  t.ok((await sweepExpired(db, new Date())) >= 2, 'the old session and the expired tokens are deleted')
  t.equal((await db.selectFrom('user_tokens').select('id').where('user_id', '=', userId).execute()).length, 0)
  t.equal((await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length, 0)
})

t.test('logout from a plain form (no JavaScript) returns home; from the API it answers JSON', async (t) => {
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  const first = await login(app, email, STRONG)
  const form = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: first.cookie!, accept: 'text/html,application/xhtml+xml', 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })
  t.equal(form.statusCode, 303)
  t.equal(form.headers.location, '/')
  const second = await login(app, email, STRONG)
  const api = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: second.cookie!, accept: 'application/json' } })
  t.equal(api.statusCode, 200)
  t.same(api.json(), { message: 'Déconnexion réussie.' })
})

t.test('a verification link opened twice says the address is already verified; a foreign or unknown token is still refused', async (t) => {
  const email = uniqueEmail()
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })
  const link = linkIn(await smtp.nextMail(email), /^\/users\/\d+\/verify\//)
  const api = `/api${link.pathname.replace('/users', '/auth')}`
  const first = await app.inject(api)
  t.equal(first.statusCode, 200)
  t.match(first.json().message, /vérifiée avec succès/)
  t.match(first.json().message, /après avoir accepté votre inscription/, 'the client learns the firm accepts next')
  const again = await app.inject(api)
  t.equal(again.statusCode, 200)
  t.same(again.json(), { message: 'Cette adresse e-mail est déjà vérifiée. Vous pouvez vous connecter.' })
  const [, , userId, , token] = link.pathname.split('/')
  t.equal((await app.inject(`/api/auth/${Number(userId) + 1}/verify/${token}`)).statusCode, 400, 'another account’s id')
  t.equal((await app.inject(`/api/auth/${userId}/verify/${'B'.repeat(43)}`)).statusCode, 400, 'an unknown token')
})
