// Contract §9: an invitation to the firm's team, through a real SMTP server and the injected clock —
// the mail's link (PUBLIC_URL/invitations/:token), its page, accepting it through the API and through
// the page's form without JavaScript (a session either way), 7 days of validity, single use; the
// invited account cannot log in before; an address with an account is refused (409); inviting again
// kills the old link.
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { seedAccount } from '../helpers/accounts.js'
import { freshDatabase, settled } from '../helpers/app.js'
import { errorUnder, flashAfter, inputNamed, submit } from '../helpers/forms.js'
import { islandProps } from '../helpers/html.js'
import { registration, sessionCookie, STRONG, STRONG_2, uniqueEmail } from '../helpers/identity.js'
import { linkIn, mailText, startSmtp } from '../helpers/smtp.js'
import { entries } from './staff-helpers.js'

const DAY = 24 * 3600_000
const INVALID = 'Ce lien d’invitation est invalide ou a expiré. Demandez une nouvelle invitation.'

const smtp = await startSmtp(t)
const database = await freshDatabase()
const clock = fixedClock('2026-03-02T09:00:00Z')
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, SMTP_URL: smtp.url, PUBLIC_URL: 'http://portail.test', RATE_LIMIT_TOKEN_IP: '10000', RATE_LIMIT_LOGIN_IP: '10000', RATE_LIMIT_REGISTER_IP: '10000' })
const app = await buildApp(config, { db: database.db, clock, logger: false })
t.teardown(async () => {
  await app.close()
  await database.drop()
})
await app.ready()
const db = database.db
const admin = await seedAccount(app, { admin: true, username: 'Karim Benali' })

/** Invites through the API, waits for the mail and answers the person's id, the link and the mail's text. */
async function invite(email: string, username = 'Nadia Cherif', role = 'staff') {
  // A session opened now: the clock moves in this file, past a week.
  const res = await app.inject({ method: 'POST', url: '/api/staff', headers: { cookie: await app.sessionCookieFor(admin.id) }, payload: { email, username, role } })
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`invite: ${res.statusCode} ${res.body}`)
  await settled(app)
  const mail = await smtp.nextMail(email)
  const link = linkIn(mail, /^\/invitations\/[A-Za-z0-9_-]+$/)
  return { status: res.statusCode, id: res.json<{ id: number }>().id, link, token: link.pathname.split('/').pop()!, text: mailText(mail.raw), raw: mail.raw }
}
const accept = (token: string, answer: Record<string, string> = { username: 'Nadia Cherif', password: STRONG, confirmPassword: STRONG }) => app.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: answer })
const pageOf = async (token: string) => {
  const res = await app.inject(`/invitations/${token}`)
  return { res, props: islandProps(res.body, 'InvitationForm') }
}
const login = (email: string, password = STRONG) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

t.test('the mail holds PUBLIC_URL/invitations/:token; its page asks for a password; the API opens the account and its session', async (t) => {
  const email = uniqueEmail('nadia', 'cabinet.dz')
  const sent = await invite(email)
  t.equal(sent.status, 201)
  t.equal(sent.link.origin, 'http://portail.test', 'the link is on PUBLIC_URL')
  const row = await db.selectFrom('outbox').select('subject').where('recipient', '=', email).executeTakeFirstOrThrow()
  t.equal(row.subject, 'Invitation au portail client — l’équipe du cabinet')
  t.match(sent.text, /Bonjour Nadia Cherif/)
  t.match(sent.text, /Karim Benali vous invite à rejoindre l’équipe du cabinet/)
  t.match(sent.text, /valable 7 jours, utilisable une seule fois/)
  const stored = await db.selectFrom('user_tokens').select('token_hash').where('user_id', '=', sent.id).where('purpose', '=', 'invitation').executeTakeFirstOrThrow()
  t.not(stored.token_hash, sent.token, 'only the token’s hash is kept')

  const { res, props } = await pageOf(sent.token)
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
  t.same(props.invitation, { email, username: 'Nadia Cherif', team: 'l’équipe du cabinet' })

  const before = await login(email)
  t.equal(before.statusCode, 400, 'the invited account cannot log in before accepting')
  t.equal(before.json().message, 'Email ou mot de passe incorrect.')
  t.equal((await login(email, '')).statusCode, 400, 'not with an empty password either')

  const opened = await accept(sent.token, { username: 'Nadia C.', password: STRONG, confirmPassword: STRONG })
  t.equal(opened.statusCode, 200)
  t.match(opened.json(), { id: sent.id, username: 'Nadia C.', role: 'staff', isAdmin: true, isAccepted: true, companyId: null, companyRole: null })
  const cookie = sessionCookie(opened)
  t.ok(cookie, 'a session is opened')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: cookie! } })).statusCode, 200)
  const listed = (await app.inject({ url: `/api/staff?q=${encodeURIComponent(email)}`, headers: { cookie: await app.sessionCookieFor(admin.id) } })).json()
  t.match(listed, [{ id: sent.id, username: 'Nadia C.', status: 'active', role: 'staff' }], 'active in the firm’s list, with the name chosen')
  t.match((await entries(db, 'invitation.accepted')).at(-1), { actorId: sent.id, subject: { id: sent.id, label: 'Nadia C.' } })
  t.equal((await login(email)).statusCode, 200, 'the password chosen now logs in')
})

t.test('a link works once: used, the API refuses it (400) and its page says so', async (t) => {
  const email = uniqueEmail('once', 'cabinet.dz')
  const { token } = await invite(email)
  t.equal((await accept(token)).statusCode, 200)
  const again = await accept(token, { username: 'Autre', password: STRONG_2, confirmPassword: STRONG_2 })
  t.equal(again.statusCode, 400)
  t.equal(again.json().message, INVALID)
  t.equal((await pageOf(token)).props.invitation, null, 'the page shows the dead link')
  t.equal((await login(email, STRONG_2)).statusCode, 400, 'the second answer changed nothing')
  t.equal((await login(email, STRONG)).statusCode, 200)
})

t.test('accepting through the page’s form without JavaScript: 303 to the back-office with a flash, and a session', async (t) => {
  const email = uniqueEmail('nojs', 'cabinet.dz')
  const { token } = await invite(email, 'Yacine Meziane')
  const refused = await submit(app, `/invitations/${token}`, { username: 'Yacine M.', password: STRONG, confirmPassword: STRONG_2 })
  t.equal(refused.statusCode, 400, 'the page again')
  t.equal(errorUnder(refused.body, 'confirmPassword'), 'Les mots de passe ne correspondent pas', 'the error in place')
  t.match(inputNamed(refused.body, 'username'), /value="Yacine M\."/, 'the name typed kept')
  t.notMatch(inputNamed(refused.body, 'password'), /value=/, 'never a password')
  const weak = await submit(app, `/invitations/${token}`, { username: 'Yacine M.', password: 'court', confirmPassword: 'court' })
  t.equal(weak.statusCode, 400)
  t.match(errorUnder(weak.body, 'password'), /au moins 8 caractères/, 'the registration’s password rules')

  const res = await submit(app, `/invitations/${token}`, { username: 'Yacine M.', password: STRONG, confirmPassword: STRONG })
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin-dashboard', 'a firm person goes to the back-office')
  const cookie = sessionCookie(res)
  t.ok(cookie, 'the session is open')
  t.match(await flashAfter(app, res, cookie), 'Bienvenue ! Votre compte est ouvert.')
  t.match((await app.inject({ url: '/api/auth/status', headers: { cookie: cookie! } })).json(), { username: 'Yacine M.', role: 'staff' })
  t.equal((await submit(app, `/invitations/${token}`, { username: 'X', password: STRONG, confirmPassword: STRONG })).statusCode, 400, 'used: the page refuses it too')
})

t.test('a link is valid 7 days: a minute before, its page still asks; at 7 days it is dead', async (t) => {
  const email = uniqueEmail('late', 'cabinet.dz')
  const { token } = await invite(email)
  clock.advance(7 * DAY - 60_000)
  t.ok((await pageOf(token)).props.invitation, 'still valid a minute before')
  clock.advance(60_000)
  t.equal((await pageOf(token)).props.invitation, null, 'expired at 7 days: the page says so')
  const late = await accept(token)
  t.equal(late.statusCode, 400)
  t.equal(late.json().message, INVALID)
  t.equal((await login(email)).statusCode, 400, 'still no account to log in with')
  const renewed = await invite(email)
  t.equal(renewed.status, 200, 'inviting again an address still invited: a fresh link')
  t.equal((await accept(renewed.token)).statusCode, 200, 'which works')
})

t.test('inviting again an address still invited: 200, a new mail, the old link dead and the new one alive', async (t) => {
  const email = uniqueEmail('again', 'cabinet.dz')
  const first = await invite(email, 'Samir Bouzid', 'staff')
  const second = await invite(email, 'Samir Bouzid', 'admin')
  t.equal(second.status, 200)
  t.equal(second.id, first.id, 'the same person')
  t.not(second.token, first.token)
  t.equal((await accept(first.token)).statusCode, 400, 'the old link stopped working')
  t.equal((await pageOf(first.token)).props.invitation, null)
  const opened = await accept(second.token)
  t.equal(opened.statusCode, 200, 'the new one opens the account')
  t.equal(opened.json().role, 'admin', 'with the role of the latest invitation')
})

t.test('an address with an account is refused at invitation time (409); an unverified registration gives way', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const staff = await seedAccount(app, { role: 'staff' })
  for (const email of [client.email, staff.email]) {
    const res = await app.inject({ method: 'POST', url: '/api/staff', headers: { cookie: await app.sessionCookieFor(admin.id) }, payload: { email, username: 'Doublon', role: 'staff' } })
    t.equal(res.statusCode, 409, email)
    t.match(res.json(), { message: 'Un compte existe déjà avec cette adresse e-mail.', field: 'email' })
  }
  await settled(app)
  t.equal(smtp.countFor(client.email), 0, 'no mail to the address taken')

  const typed = uniqueEmail('typo', 'cabinet.dz')
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: typed }) })).statusCode, 201)
  await settled(app)
  await smtp.nextMail(typed)
  const sent = await invite(typed, 'Leila Mansouri')
  t.equal(sent.status, 201, 'an unverified registration is anyone’s typing: the invitation takes the address')
  t.equal((await accept(sent.token, { username: 'Leila Mansouri', password: STRONG_2, confirmPassword: STRONG_2 })).statusCode, 200)
  t.match((await login(typed, STRONG_2)).json(), { role: 'staff' })
  t.equal((await login(typed, STRONG)).statusCode, 400, 'the registration’s password is gone with it')
})

t.test('a person removed while invited: their link dies; invited again, a new link opens their old row with a new password', async (t) => {
  const email = uniqueEmail('back', 'cabinet.dz')
  const first = await invite(email, 'Walid Touati')
  t.equal((await app.inject({ method: 'DELETE', url: `/api/staff/${first.id}`, headers: { cookie: await app.sessionCookieFor(admin.id) } })).statusCode, 200)
  t.equal((await pageOf(first.token)).props.invitation, null, 'the link died with the removal')
  t.equal((await accept(first.token)).statusCode, 400)
  const again = await invite(email, 'Walid Touati')
  t.equal(again.status, 201, 'a new invitation')
  t.equal(again.id, first.id, 'their row, kept for the journal, is theirs again')
  t.equal((await accept(again.token)).statusCode, 200)
  t.equal((await login(email)).statusCode, 200)
})

t.test('an invited person asks for a password reset: nothing is sent, the invitation is the only way in', async (t) => {
  const email = uniqueEmail('reset', 'cabinet.dz')
  await invite(email)
  t.equal((await app.inject({ method: 'POST', url: '/api/password', payload: { email } })).statusCode, 200)
  await settled(app)
  t.equal(smtp.countFor(email), 1, 'the invitation alone')
})
