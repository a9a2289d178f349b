import t from 'tap'
import { identityApp, login, registerVerified, registration, SHARED_APP_LIMITS, STRONG, uniqueEmail } from '../helpers/identity.js'

// One app for the file; each test registers an address of its own.
const { app, smtp, db } = await identityApp(t, SHARED_APP_LIMITS)

t.test('Arabic and accented names are stored as typed, on every database', async (t) => {
  const email = uniqueEmail()
  const id = await registerVerified(app, smtp, { email, username: 'شركة الأطلس', entreprise: 'Société Étoile' })
  const row = await db.selectFrom('users').select(['username', 'entreprise']).where('id', '=', id).executeTakeFirstOrThrow()
  t.same(row, { username: 'شركة الأطلس', entreprise: 'Société Étoile' })
  const { res } = await login(app, email, STRONG)
  t.equal(res.json().username, 'شركة الأطلس')
})

t.test('addresses differing by an accent are different accounts, on every database', async (t) => {
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  const other = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: email.replace('atlas', 'ätlas') }) })
  t.equal(other.statusCode, 201, 'not a duplicate')
  const lookalike = await login(app, email.replace('atlas', 'âtlas'), STRONG)
  t.equal(lookalike.res.statusCode, 400, 'no login through a look-alike address')
})

t.test('the same address typed in another Unicode form is the same account', async (t) => {
  const email = uniqueEmail('b\u00e9atrice')
  await registerVerified(app, smtp, { email })
  const { res } = await login(app, email.normalize('NFD'), STRONG)
  t.equal(res.statusCode, 200)
})

t.test('line breaks and control characters are refused in names that mails repeat', async (t) => {
  const cases: Array<[Record<string, string>, string, string]> = [
    [{ username: 'Atlas\nCliquez ici : http://evil.example' }, 'Le nom d’utilisateur contient des caractères non autorisés.', 'username'],
    [{ entreprise: 'SARL\u0007Atlas' }, 'Le nom de la société contient des caractères non autorisés.', 'entreprise'],
  ]
  for (const [overrides, message, field] of cases) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(overrides) })
    t.equal(res.statusCode, 400)
    t.same(res.json(), { message, code: 'validation', field })
  }
  const contact = await app.inject({ method: 'POST', url: '/api/users/contact', payload: { name: 'Ali\r\nBcc: x@y.z', email: 'ali@example.dz', message: 'Bonjour', telephone: '0551234567' } })
  t.equal(contact.statusCode, 400)
  t.same(contact.json(), { message: 'Le nom contient des caractères non autorisés.', code: 'validation', field: 'name' })
})
