// Issue 15: names are shown as sent. File names, usernames, companies (and a contact's name) lose
// Unicode format characters (category Cf) before they are stored, so no name poses as another.
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { registration, uniqueEmail } from '../helpers/identity.js'
import { addType, PDF, upload } from '../documents/fixtures.js'
import { cleanFileName } from '../../src/modules/documents/store.js'
import { nameText } from '../../src/shared/validation.js'

// U+061C Arabic letter mark, U+200B–U+200F (zero width, marks), U+202A–U+202E (embeddings and
// overrides), U+2060–U+206F (word joiner, isolates…), U+FEFF, U+00AD (soft hyphen), U+180E.
const FORMAT = ['\u061C', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2060', '\u2066', '\u2067', '\u2068', '\u2069', '\u206F', '\uFEFF', '\u00AD', '\u180E']

const { app, db, admin } = await (async () => {
  const built = await buildTestApp(t, { RATE_LIMIT_REGISTER_IP: '1000' })
  const admin = await seedAccount(built.app, { admin: true })
  await addType(built.app, admin, 'Bilan')
  return { ...built, admin }
})()

t.test('every Cf character is removed, letters and spaces kept', async (t) => {
  for (const c of FORMAT) t.equal(nameText(`Atl${c}as`), 'Atlas', `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`)
  t.equal(nameText('\u200B  شركة الأطلس \uFEFF'), 'شركة الأطلس', 'trimmed once the invisible ends are gone')
  t.equal(cleanFileName('facture\u202Efdp.exe'), 'facturefdp.exe', 'an override cannot disguise the extension')
  t.equal(cleanFileName('\u2067bilan\u2069 2024\u200B.pdf'), 'bilan 2024.pdf')
})

t.test('registration stores username and company without format characters', async (t) => {
  const email = uniqueEmail()
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email, username: 'Sarl\u200B Atlas\u202E', entreprise: '\u2066SARL\u00ADAtlas\u2069' }) })
  t.equal(res.statusCode, 201)
  const row = await db.selectFrom('users').select(['username', 'entreprise']).where('email', '=', email).executeTakeFirstOrThrow()
  t.same(row, { username: 'Sarl Atlas', entreprise: 'SARLAtlas' })
})

t.test('a name made only of format characters is an empty one', async (t) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: uniqueEmail(), username: '\u200B\u200F\uFEFF' }) })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'Nom d’utilisateur requis')
})

t.test('an uploaded file’s name is stored and listed without format characters', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const res = await upload(app, client, { type: 'Bilan', userId: client.id, filename: 'bilan\u200B\u202E2024\u2069.pdf', content: PDF })
  t.equal(res.statusCode, 201)
  const row = await db.selectFrom('documents').select(['name', 'original_name']).where('id', '=', res.json().id).executeTakeFirstOrThrow()
  t.same(row, { name: 'bilan2024.pdf', original_name: 'bilan2024.pdf' })
  const listed = (await injectAs(app, admin, '/api/documents/new-documents')).json<Array<{ id: number; name: string }>>()
  t.equal(listed.find((d) => d.id === res.json().id)?.name, 'bilan2024.pdf')
})

t.test('a contact’s name is stored without format characters', async (t) => {
  const res = await app.inject({ method: 'POST', url: '/api/users/contact', payload: { name: 'Amina\u200D Haddad\u061C', email: 'amina@example.dz', telephone: '0551234567', message: 'Bonjour.' } })
  t.equal(res.statusCode, 201)
  const row = await db.selectFrom('contact_messages').select('name').orderBy('id', 'desc').executeTakeFirstOrThrow()
  t.equal(row.name, 'Amina Haddad')
})
