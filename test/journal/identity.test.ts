// Contract §6: identity's events each write one journal row, in their own transaction, with the right actor, subject and IP.
import t from 'tap'
import { identityApp, registration, SHARED_APP_LIMITS, STRONG, STRONG_2, sessionCookie, uniqueEmail } from '../helpers/identity.js'
import { linkIn } from '../helpers/smtp.js'
import { from, IP, UA, written } from './helpers.js'

const { app, smtp, db } = await identityApp(t, SHARED_APP_LIMITS)

/** The mail's page link /users/:id/verify/:token, as the API call the page makes. */
const verifyApi = (link: URL) => `/api${link.pathname.replace(/^\/users\/(\d+)\/verify\//, '/auth/$1/verify/')}`

const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: IP, headers: { 'user-agent': UA, ...(cookie ? { cookie } : {}) } })

t.test('registration, verification, failed and good logins, logout: one row each, with actor, subject and IP', async (t) => {
  const email = uniqueEmail()
  const [registered] = await written(db, async () => t.equal((await post('/api/auth/register', registration({ email, username: 'Sarl Tassili' }))).statusCode, 201))
  t.match(registered, { action: 'user.registered', actor_label: 'Sarl Tassili', subject_type: 'user', subject_label: 'Sarl Tassili', ip: IP, user_agent: UA })
  const userId = registered!.subject_id!
  t.equal(registered!.actor_id, userId)
  t.equal(registered!.owner_id, userId, 'the account is its own owner: it shows in its activity')

  const link = linkIn(await smtp.nextMail(email), /^\/users\/\d+\/verify\//)
  const verified = await written(db, async () => t.equal((await app.inject({ url: verifyApi(link), ...from })).statusCode, 200))
  t.match(verified, [{ action: 'user.verified', actor_id: userId, subject_id: userId, ip: IP }])
  t.same(await written(db, () => app.inject({ url: verifyApi(link), ...from })), [], 'the same link again changes nothing and records nothing')

  const failed = await written(db, async () => t.equal((await post('/api/auth/login', { email, password: 'Wrong#Pass9' })).statusCode, 400))
  t.match(failed, [{ action: 'login.failed', actor_id: null, subject_type: 'user', subject_id: userId, ip: IP }])
  const unknown = await written(db, () => post('/api/auth/login', { email: uniqueEmail('personne'), password: 'Wrong#Pass9' }))
  t.match(unknown, [{ action: 'login.failed', actor_id: null, subject_id: null, ip: IP }], 'no account: no subject, the row all the same')

  let cookie = ''
  const login = await written(db, async () => {
    const res = await post('/api/auth/login', { email, password: STRONG })
    t.equal(res.statusCode, 200)
    cookie = sessionCookie(res)!
  })
  t.match(login, [{ action: 'login', actor_id: userId, actor_label: 'Sarl Tassili', subject_id: userId, ip: IP, user_agent: UA }])

  t.same(await written(db, () => app.inject({ url: '/api/auth/status', headers: { cookie } })), [], 'a read records nothing')
  const logout = await written(db, async () => t.equal((await post('/api/auth/logout', {}, cookie)).statusCode, 200))
  t.match(logout, [{ action: 'logout', actor_id: userId, subject_id: userId, ip: IP }])
  t.same(await written(db, () => post('/api/auth/logout', {}, cookie)), [], 'a refused logout (no session) records nothing')
})

t.test('a password change and a reset: one row each; a refused one none', async (t) => {
  const email = uniqueEmail()
  await post('/api/auth/register', registration({ email }))
  const link = linkIn(await smtp.nextMail(email), /^\/users\/\d+\/verify\//)
  await app.inject({ url: verifyApi(link) })
  const userId = Number(link.pathname.split('/')[2])
  const cookie = sessionCookie(await post('/api/auth/login', { email, password: STRONG }))!
  const url = `/api/password/changepassword/${userId}`

  t.same(await written(db, () => post(url, { oldPassword: 'Wrong#Pass9', newPassword: STRONG_2, confirmPassword: STRONG_2 }, cookie)), [], 'a wrong old password: none')
  const changed = await written(db, async () => t.equal((await post(url, { oldPassword: STRONG, newPassword: STRONG_2, confirmPassword: STRONG_2 }, cookie)).statusCode, 200))
  t.match(changed, [{ action: 'password.changed', actor_id: userId, subject_id: userId, ip: IP }])
  // The owner is told of the change first (issue 15); then the reset link comes.
  t.match((await smtp.nextMail(email)).decoded, /Le mot de passe de votre compte sur le portail client a .*modifi/)

  await post('/api/password', { email })
  const reset = linkIn(await smtp.nextMail(email), /^\/reset-password\/\d+\//)
  const token = reset.pathname.split('/')[3]
  t.same(await written(db, () => post('/api/password/reset/not-a-real-token-at-all-xxxxxxxxxxxxxxxxxxxx', { newPassword: STRONG, confirmPassword: STRONG })), [], 'a bad link: none')
  const done = await written(db, async () => t.equal((await post(`/api/password/reset/${token}`, { newPassword: STRONG, confirmPassword: STRONG })).statusCode, 200))
  t.match(done, [{ action: 'password.reset', actor_id: userId, subject_id: userId, ip: IP }])
})

t.test('a registration of an address already verified (answered as a new one) records nothing', async (t) => {
  const email = uniqueEmail()
  await post('/api/auth/register', registration({ email }))
  await app.inject({ url: verifyApi(linkIn(await smtp.nextMail(email), /^\/users\/\d+\/verify\//)) })
  const rows = await written(db, async () => t.equal((await post('/api/auth/register', registration({ email }))).statusCode, 201))
  t.same(rows, [])
})

t.test('the login and its row are one transaction: a journal that fails opens no session', async (t) => {
  const email = uniqueEmail()
  await post('/api/auth/register', registration({ email }))
  await app.inject({ url: verifyApi(linkIn(await smtp.nextMail(email), /^\/users\/\d+\/verify\//)) })
  const sessions = async () => Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const before = await sessions()
  const journal = app.services.journal
  const record = journal.record
  journal.record = async () => {
    throw new Error('journal down')
  }
  try {
    const res = await post('/api/auth/login', { email, password: STRONG })
    t.equal(res.statusCode, 500)
    t.notOk(sessionCookie(res), 'no cookie')
  } finally {
    journal.record = record
  }
  t.equal(await sessions(), before, 'no session row')
})
