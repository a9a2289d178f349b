import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType, uploadPdf } from './fixtures.js'

// One app for the file, with its administrator and two types; each test has its own clients.
const { app } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
await addType(app, admin, 'Déclaration fiscale')

t.test('the upload page: the form for an accepted user, a notice for a waiting one, /login for a visitor', async (t) => {
  const accepted = await seedAccount(app, { accepted: true })
  const page = await injectAs(app, accepted, '/files')
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Choisir Vos Documents et Télécharge')
  t.match(page.body, 'Selecte le type')
  t.match(page.body, 'Déclaration fiscale')
  t.match(page.body, 'accept=".pdf,.xls,.xlsx,.docx,.jpeg,.jpg,.png"')
  t.match(page.body, 'Envoyez')
  const waiting = await injectAs(app, await seedAccount(app, { accepted: false }), '/files')
  t.match(waiting.body, 'en attente d’acceptation')
  t.notMatch(waiting.body, 'Envoyez')
  const visitor = await injectAs(app, null, '/files')
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'])
})

t.test('the administrators’ document pages render their lists; others are sent home', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
  await uploadPdf(app, client, 'Bilan', { filename: 'bilan-2025.pdf', description: 'd'.repeat(80) })
  const fresh = await injectAs(app, admin, '/admin-dashboard/new-documents')
  t.equal(fresh.statusCode, 200)
  t.match(fresh.body, 'bilan-2025.pdf')
  t.match(fresh.body, 'Atlas Import')
  t.match(fresh.body, `${'d'.repeat(70)}...`, 'the description is cut to 70 characters')
  t.notMatch(fresh.body, 'd'.repeat(71) + '<')
  for (const path of ['/admin-dashboard/documents', '/admin-dashboard/arch-documents', '/admin-dashboard/documents/types', '/admin-dashboard/new-documents?from=bad']) {
    t.equal((await injectAs(app, admin, path)).statusCode, 200, path)
    const refused = await injectAs(app, client, path)
    t.same([refused.statusCode, refused.headers.location], [303, '/'], `${path} for a client`)
  }
  const types = await injectAs(app, admin, '/admin-dashboard/documents/types')
  t.match(types.body, 'Ajouter un type')
  t.match(types.body, 'Suppression Type')
})
