import t from 'tap'
import { identityApp, login, registerVerified, registration, SHARED_APP_LIMITS, STRONG, uniqueEmail } from '../helpers/identity.js'
import { messages } from '../../src/modules/identity/validation.js'
import { generateWeakPasswords, isListedWeakPassword, isWeakPassword } from '../../src/modules/identity/weak-passwords.js'

// One app for the file; the test that registers uses an address of its own.
const { app, smtp } = await identityApp(t, SHARED_APP_LIMITS)

t.test('registration answers the §5 messages in order (1–8), each naming its field', async (t) => {
  const cases: Array<[Record<string, string | undefined>, string, string]> = [
    [{ username: '  ' }, 'Nom d’utilisateur requis', 'username'],
    [{ username: undefined, email: undefined }, 'Nom d’utilisateur requis', 'username'],
    [{ email: '' }, 'Email est requis', 'email'],
    [{ entreprise: ' ' }, 'Le nom de la société est requis', 'entreprise'],
    [{ telephone: '' }, 'Le num la télephone est requis', 'telephone'],
    [{ password: '', confirmPassword: '' }, 'Mot de passe est requis', 'password'],
    [{ confirmPassword: '' }, 'Confime Mot de passe requis', 'confirmPassword'],
    [{ confirmPassword: 'Zt9#qLm2vX' }, 'Les mots de passe ne correspondent pas', 'confirmPassword'],
    [{ password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' }, "Ce mot de passe n'est pas accepter choisir autre.", 'password'],
    [{ password: 'Algerie2024!', confirmPassword: 'Algerie2024!' }, "Ce mot de passe n'est pas accepter choisir autre.", 'password'],
    [{ telephone: '0412345678' }, messages.phoneInvalid, 'telephone'],
    [{ email: 'pas-une-adresse' }, messages.emailInvalid, 'email'],
    [{ password: 'short1!', confirmPassword: 'short1!' }, messages.passwordPolicy, 'password'],
    [{ password: `Aa1!${'x'.repeat(130)}`, confirmPassword: `Aa1!${'x'.repeat(130)}` }, messages.passwordTooLong, 'password'],
  ]
  for (const [overrides, message, field] of cases) {
    const payload = Object.fromEntries(Object.entries(registration(overrides as Record<string, string>)).filter(([, v]) => v !== undefined))
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload })
    t.equal(res.statusCode, 400, message)
    t.same(res.json(), { message, code: 'validation', field })
  }
  const empty = await app.inject({ method: 'POST', url: '/api/auth/register' })
  t.same(empty.json(), { message: 'Nom d’utilisateur requis', code: 'validation', field: 'username' }, 'a missing body counts as empty fields')
})

t.test('login, forgot, reset and change-password messages (§5)', async (t) => {
  const email = uniqueEmail()
  const post = async (url: string, payload: Record<string, string>, cookie?: string) => {
    const res = await app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} })
    return { status: res.statusCode, body: res.json() }
  }
  t.same(await post('/api/auth/login', { password: 'x' }), { status: 400, body: { message: 'Email est requis', code: 'validation', field: 'email' } })
  t.same(await post('/api/auth/login', { email: 'a@b.dz' }), { status: 400, body: { message: 'Mot de passe requis', code: 'validation', field: 'password' } })
  t.same(await post('/api/password', {}), { status: 400, body: { message: 'Please enter your email address', code: 'validation', field: 'email' } })
  t.same(await post('/api/password/reset/abc', { newPassword: STRONG }), { status: 400, body: { message: 'Les mots de passe ne sont pas vides!', code: 'validation', field: 'confirmPassword' } })
  t.same(await post('/api/password/reset/abc', { newPassword: STRONG, confirmPassword: 'Zt9#qLm2vX' }), { status: 400, body: { message: 'Les mots de passe ne correspondent pas!', code: 'validation', field: 'confirmPassword' } })
  t.same(await post('/api/password/reset/abc', { newPassword: 'Password1!', confirmPassword: 'Password1!' }), { status: 400, body: { message: messages.weak, code: 'validation', field: 'newPassword' } })

  const id = await registerVerified(app, smtp, { email })
  const { cookie } = await login(app, email, STRONG)
  const url = `/api/password/changepassword/${id}`
  t.same(await post(url, { oldPassword: STRONG }, cookie), { status: 400, body: { message: 'Mots de pass requis', code: 'validation', field: 'newPassword' } })
  t.same(await post(url, { newPassword: 'Kp4$wXn8sQ' }, cookie), { status: 400, body: { message: 'Ancien mots de pass requis', code: 'validation', field: 'oldPassword' } })
  t.same(await post(url, { oldPassword: STRONG, newPassword: 'Azerty123!' }, cookie), { status: 400, body: { message: messages.weak, code: 'validation', field: 'newPassword' } })
})

t.test('the weak-password list: thousands of entries, case-insensitive, local patterns', async (t) => {
  t.ok(generateWeakPasswords().size > 5000, 'thousands of entries')
  for (const weak of ['P@ssw0rd', 'Azerty123!', 'Algerie2024!', 'Password1!', 'AZERTY123!', 'Bismillah2025!', 'Oran2024@', 'Ramadan2025!', 'Dz213@abc'.slice(0, 6), '213Alger']) {
    t.ok(isWeakPassword(weak), `${weak} refused`)
  }
  for (const strong of ['Zt9#qLm2vR', 'Kp4$wXn8sQ', 'Cabinet!Nord#7419x']) t.notOk(isWeakPassword(strong), `${strong} accepted`)
})

t.test('the list is checked without being made: the same answer as the made list, entry by entry and around them', async (t) => {
  const list = generateWeakPasswords()
  let disagreements = 0
  for (const entry of list) {
    // Each entry, and strings one edit away from it (most not listed, some listed as another entry).
    for (const candidate of [entry, `${entry}x`, `x${entry}`, entry.slice(1), entry.slice(0, -1), `${entry}9`, `9${entry}`]) {
      if (isListedWeakPassword(candidate) !== list.has(candidate)) disagreements++
    }
  }
  t.equal(disagreements, 0, `${list.size} entries and 6 neighbours each`)
})
