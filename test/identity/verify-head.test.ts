// Issue 34: a HEAD has no side effect — the API's verification link (a GET that verifies, spec §7)
// answers a HEAD without verifying anything; its GET still verifies.
import t from 'tap'
import { linkIn } from '../helpers/smtp.js'
import { identityApp, registration, SHARED_APP_LIMITS, uniqueEmail } from '../helpers/identity.js'
import { settled } from '../helpers/app.js'

const { app, smtp, db } = await identityApp(t, SHARED_APP_LIMITS)

t.test('a HEAD of the verification link verifies nothing; its GET does', async (t) => {
  const email = uniqueEmail()
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })).statusCode, 201)
  await settled(app)
  const link = linkIn(await smtp.nextMail(email), /\/verify\//)
  const api = `/api${link.pathname.replace('/users', '/auth')}`
  const verified = async () => (await db.selectFrom('users').select('is_verified').where('email', '=', email).executeTakeFirstOrThrow()).is_verified
  const head = await app.inject({ method: 'HEAD', url: api })
  t.not(head.statusCode, 200, `HEAD answers ${head.statusCode}`)
  t.equal(Number(await verified()), 0, 'not verified by the HEAD')
  t.equal((await app.inject(api)).statusCode, 200)
  t.equal(Number(await verified()), 1, 'verified by the GET')
})
