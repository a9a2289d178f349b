// Contract §8: the document types seeded at install are "editable". PATCH /api/documents/types/:id
// renames one (administrators), and so does its page without JavaScript; its documents, its requests
// and the documents' search index follow the new name, the old name no longer uploads, and the
// journal keeps both names.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { isPage, journalAfter, lastJournalId } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { errorUnder, flashAfter, inputNamed, submit } from '../helpers/forms.js'
import { hrefsOf } from '../helpers/html.js'
import { askFor, typeIdOf } from '../requests/helpers.js'
import { addType, PDF, upload, uploadPdf } from './fixtures.js'
import { nextYear } from '../helpers/due-dates.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
const client = await seedAccount(app, { accepted: true })

const rename = (id: number, typeName: unknown) => injectAs(app, admin, { method: 'PATCH', url: `/api/documents/types/${id}`, payload: { typeName } })
const typeName = async (id: number) => (await db.selectFrom('document_types').select('type_name').where('id', '=', id).executeTakeFirst())?.type_name

t.test('renamed: its documents, its requests and the search follow; the old name no longer uploads', async (t) => {
  await addType(app, admin, 'Relevé bancaire')
  const id = await typeIdOf(db, 'Relevé bancaire')
  const document = await uploadPdf(app, client, 'Relevé bancaire', { filename: 'releve-mars.pdf' })
  const request = await askFor(app, admin, { userId: client.id, typeId: id, title: 'Relevés du trimestre', dueDate: nextYear('04-01') })
  const since = await lastJournalId(db)

  const res = await rename(id, '  Relevé de compte  ')
  t.equal(res.statusCode, 200)
  t.same(res.json(), { message: 'Type renommé avec succès.' })
  t.equal(await typeName(id), 'Relevé de compte', 'trimmed, as a new type’s name is')

  const listed = await injectAs(app, admin, '/api/documents/new-documents?q=compte')
  t.same(listed.json().map((d: { id: number; type: { typeName: string } }) => [d.id, d.type.typeName]), [[document, 'Relevé de compte']], 'found by the new name (the search index followed)')
  t.same((await injectAs(app, admin, '/api/documents/new-documents?q=bancaire')).json(), [], 'no longer by the old one')
  const asked = (await injectAs(app, admin, '/api/requests')).json().find((r: { id: number }) => r.id === request)
  t.equal(asked.type.typeName, 'Relevé de compte', 'the request keeps its type under the new name')

  const old = await upload(app, client, { type: 'Relevé bancaire', userId: client.id, content: PDF })
  t.equal(old.statusCode, 400, 'the old name is no type any more')
  t.equal(old.json().message, 'Type de document inconnu.')
  t.equal((await upload(app, client, { type: 'releve de compte', userId: client.id, content: PDF })).statusCode, 201, 'the new one is, ignoring case and accents')

  t.match(await journalAfter(db, since), [{ action: 'type.renamed', actor_id: admin.id, subject_type: 'type', subject_id: id, subject_label: 'Relevé bancaire → Relevé de compte' }])
  const journal = await injectAs(app, admin, '/api/journal?action=type.renamed&q=bancaire')
  t.equal(journal.statusCode, 200)
  t.equal(journal.json().length, 1, 'the journal finds the entry by the old name')
})

t.test('refusals: another type’s name, a blank or long name, a missing type; its own name in other letters is fine', async (t) => {
  await addType(app, admin, 'Déclaration G50')
  await addType(app, admin, 'Bilan annuel')
  const id = await typeIdOf(db, 'Bilan annuel')

  const taken = await rename(id, 'DECLARATION g50')
  t.equal(taken.statusCode, 409)
  t.same(taken.json(), { message: 'Ce type de document existe déjà.', code: 'conflict', field: 'typeName' })
  const blank = await rename(id, '   ')
  t.equal(blank.statusCode, 400)
  t.match(blank.json(), { message: 'Nom de Type requis', code: 'validation', field: 'typeName' })
  t.equal((await rename(id, 'x'.repeat(101))).statusCode, 400, 'longer than 100 characters')
  t.equal((await rename(id, 'Bilan\u0000annuel')).statusCode, 400, 'a control character')
  t.equal((await rename(id, 42)).statusCode, 400, 'not a string')
  t.equal(await typeName(id), 'Bilan annuel', 'unchanged by every refusal')

  const missing = await rename(999_999, 'Personne')
  t.equal(missing.statusCode, 404)
  t.same(missing.json(), { message: 'Type de document introuvable.', code: 'not_found' })
  t.equal((await injectAs(app, admin, { method: 'PATCH', url: '/api/documents/types/abc', payload: { typeName: 'X' } })).statusCode, 400, 'an id that is no number')

  const recased = await rename(id, 'BILAN ANNUEL')
  t.equal(recased.statusCode, 200, 'its own name, in capitals: the same type')
  t.equal(await typeName(id), 'BILAN ANNUEL')
})

t.test('without JavaScript: the row’s « Renommer » link, its page, a refusal in place, then 303 with the message', async (t) => {
  await addType(app, admin, 'Facture')
  const id = await typeIdOf(db, 'Facture')
  const list = await injectAs(app, admin, '/admin-dashboard/documents/types?q=facture')
  t.same(hrefsOf(list.body, 'Renommer'), [`/admin-dashboard/documents/types/${id}/rename`], 'a link on the row')

  const page = await injectAs(app, admin, `/admin-dashboard/documents/types/${id}/rename`)
  isPage(t, page, 200, 'the page')
  t.match(page.body, '<h1 class="admin-title">Renommer le type Facture</h1>')
  t.match(inputNamed(page.body, 'typeName'), 'value="Facture"', 'the current name, to edit')

  const taken = await submit(app, `/admin-dashboard/documents/types/${id}/rename`, { typeName: 'bilan annuel' }, admin.cookie)
  isPage(t, taken, 409, 'another type’s name')
  t.equal(errorUnder(taken.body, 'typeName'), 'Ce type de document existe déjà.', 'under the field')
  t.match(inputNamed(taken.body, 'typeName'), 'value="bilan annuel"', 'what was typed is kept')
  const blank = await submit(app, `/admin-dashboard/documents/types/${id}/rename`, { typeName: '' }, admin.cookie)
  isPage(t, blank, 400, 'a blank name')
  t.equal(errorUnder(blank.body, 'typeName'), 'Nom de Type requis')

  const since = await lastJournalId(db)
  const ok = await submit(app, `/admin-dashboard/documents/types/${id}/rename`, { typeName: 'Facture d’achat' }, admin.cookie)
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/admin-dashboard/documents/types')
  t.match(await flashAfter(app, ok, admin.cookie), 'Type renommé avec succès.')
  t.equal(await typeName(id), 'Facture d’achat')
  t.match(await journalAfter(db, since), [{ action: 'type.renamed', subject_id: id, subject_label: 'Facture → Facture d’achat' }], 'journaled as the API does')

  isPage(t, await injectAs(app, admin, '/admin-dashboard/documents/types/999999/rename'), 404, 'a missing type: the 404 page')
  isPage(t, await submit(app, '/admin-dashboard/documents/types/999999/rename', { typeName: 'Rien' }, admin.cookie), 404, 'posted to a missing type: the 404 page')
})

t.test('the page and its form are the firm’s: a visitor logs in first, a client is refused', async (t) => {
  await addType(app, admin, 'Contrat')
  const id = await typeIdOf(db, 'Contrat')
  const visitor = await submit(app, `/admin-dashboard/documents/types/${id}/rename`, { typeName: 'Piraté' })
  t.equal(visitor.statusCode, 303)
  t.equal(visitor.headers.location, '/login')
  isPage(t, await submit(app, `/admin-dashboard/documents/types/${id}/rename`, { typeName: 'Piraté' }, client.cookie), 403, 'a client')
  const asClient = await injectAs(app, client, `/admin-dashboard/documents/types/${id}/rename`)
  t.same([asClient.statusCode, asClient.headers.location], [303, '/'], 'the page sends a client home, as every back-office page does')
  t.equal(await typeName(id), 'Contrat', 'unchanged')
})
