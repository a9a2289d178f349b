// Issue 15: after a password change or reset, the account's address gets a mail saying when and from
// which browser, written through the outbox in the transaction of the change.
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { SEED_PASSWORD, seedAccount } from '../helpers/accounts.js'
import { freshDatabase, settled } from '../helpers/app.js'
import { STRONG_2 } from '../helpers/identity.js'
import { linkIn, mailText, startSmtp } from '../helpers/smtp.js'

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'

const smtp = await startSmtp(t)
const database = await freshDatabase()
// 09:05 UTC is 10:05 in Algiers.
const clock = fixedClock('2026-03-02T09:05:00Z')
const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, SMTP_URL: smtp.url, PUBLIC_URL: 'http://portail.test', RATE_LIMIT_TOKEN_IP: '1000' }), { db: database.db, clock, logger: false })
t.teardown(async () => {
  await app.close()
  await database.drop()
})
await app.ready()

const change = (account: { id: number; cookie: string }, oldPassword: string, newPassword: string) =>
  app.inject({ method: 'POST', url: `/api/password/changepassword/${account.id}`, headers: { cookie: account.cookie, 'user-agent': FIREFOX }, payload: { oldPassword, newPassword }, remoteAddress: '10.0.0.7' })

t.test('a password change mails the account: when (Algiers time), which browser, which address', async (t) => {
  const account = await seedAccount(app, { accepted: true, username: 'Amina Haddad' })
  const res = await change(account, SEED_PASSWORD, STRONG_2)
  t.equal(res.statusCode, 200)
  await settled(app)
  const mail = await smtp.nextMail(account.email)
  const body = mailText(mail.raw)
  const row = await database.db.selectFrom('outbox').select('subject').where('recipient', '=', account.email).executeTakeFirstOrThrow()
  t.equal(row.subject, 'Votre mot de passe a été modifié')
  t.match(body, /Bonjour Amina Haddad/)
  t.match(body, /modifié le 2 mars 2026 à 10:05 \(heure d’Alger\)/)
  t.match(body, /Navigateur : Firefox 128 sur Linux/)
  t.match(body, /Adresse IP : 10\.0\.0\.7/)
  t.match(body, /Vos autres appareils ont été déconnectés/)
  t.equal(linkIn({ ...mail, decoded: body }, /forget-password/).href, 'http://portail.test/forget-password')
  t.equal(smtp.countFor(account.email), 1, 'one mail')
})

t.test('a refused change (wrong old password, same password) mails nothing', async (t) => {
  const account = await seedAccount(app, { accepted: true })
  t.equal((await change(account, 'Wrong#Pass1', STRONG_2)).statusCode, 400)
  t.equal((await change(account, SEED_PASSWORD, SEED_PASSWORD)).statusCode, 400)
  await settled(app)
  t.equal(smtp.countFor(account.email), 0)
})

t.test('a reset mails the account too, naming the browser that reset it', async (t) => {
  const account = await seedAccount(app, { accepted: true, username: 'Karim' })
  t.equal((await app.inject({ method: 'POST', url: '/api/password', payload: { email: account.email } })).statusCode, 200)
  await settled(app)
  const link = linkIn(await smtp.nextMail(account.email), /^\/reset-password\//)
  const token = link.pathname.split('/').pop()!
  clock.advance(10 * 60_000)
  const res = await app.inject({ method: 'POST', url: `/api/password/reset/${token}`, headers: { 'user-agent': SAFARI_IPHONE }, payload: { newPassword: STRONG_2, confirmPassword: STRONG_2 }, remoteAddress: '10.0.0.9' })
  t.equal(res.statusCode, 200)
  await settled(app)
  const body = mailText((await smtp.nextMail(account.email)).raw)
  t.match(body, /réinitialisé le 2 mars 2026 à 10:1\d \(heure d’Alger\)/)
  t.match(body, /Navigateur : Safari 17 sur iOS/)
  t.match(body, /Tous vos appareils ont été déconnectés/)
  t.notMatch(body, new RegExp(token), 'the used link is not repeated')
})

t.test('the mail is written in the change’s transaction: when it cannot be written, the password stays', async (t) => {
  const account = await seedAccount(app, { accepted: true })
  const outbox = app.ports.outbox
  const enqueue = outbox.enqueue
  outbox.enqueue = async () => {
    throw new Error('outbox unavailable')
  }
  t.teardown(() => void (outbox.enqueue = enqueue))
  const res = await change(account, SEED_PASSWORD, STRONG_2)
  t.equal(res.statusCode, 500)
  outbox.enqueue = enqueue
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: SEED_PASSWORD } })
  t.equal(login.statusCode, 200, 'the old password still works: the change was rolled back')
  t.equal((await app.inject({ url: '/api/auth/status', headers: { cookie: account.cookie } })).statusCode, 200, 'and no session was ended')
})
