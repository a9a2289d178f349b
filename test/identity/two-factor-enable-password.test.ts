// Issue 34: turning two-factor on asks for the password, as turning it off does, so that a session left
// open on someone's computer cannot lock its owner out with another phone. Contract §6's `{code}` alone
// stays accepted from a session opened in the last quarter of an hour (its login just checked the
// password); past that, the password is needed, and a wrong one is refused, under its field.
import t from 'tap'
import { SEED_PASSWORD, seedAccount } from '../helpers/accounts.js'
import { codeFor, post, twoFactorApp } from '../helpers/two-factor.js'

t.test('the password, or a session opened in the last quarter of an hour', async (t) => {
  const { app, clock } = await twoFactorApp(t)
  const enable = (cookie: string, payload: object) => app.inject(post('/api/auth/2fa/enable', payload, cookie))
  const setup = async (cookie: string) => (await app.inject(post('/api/auth/2fa/setup', {}, cookie))).json<{ secret: string }>().secret

  const fresh = await seedAccount(app, { accepted: true })
  const secret = await setup(fresh.cookie!)
  t.equal((await enable(fresh.cookie!, { code: codeFor(secret, clock.now()) })).statusCode, 200, 'right after the login: the code alone (contract §6)')

  const old = await seedAccount(app, { accepted: true })
  const oldSecret = await setup(old.cookie!)
  clock.advance(15 * 60_000 + 1000)
  // The seeded session, opened 15 minutes ago and still alive: the code alone no longer does.
  const alone = await enable(old.cookie!, { code: codeFor(oldSecret, clock.now()) })
  t.equal(alone.statusCode, 400)
  t.same(alone.json(), { message: 'Mot de passe requis', code: 'validation', field: 'password' })
  const wrong = await enable(old.cookie!, { code: codeFor(oldSecret, clock.now()), password: 'Faux#Mot2passe' })
  t.same(wrong.json(), { message: 'Mot de passe incorrect.', code: 'validation', field: 'password' })
  const right = await enable(old.cookie!, { code: codeFor(oldSecret, clock.now()), password: SEED_PASSWORD })
  t.equal(right.statusCode, 200, 'with the password')
  t.equal(right.json().recoveryCodes.length, 10)
})
