// Issue 16: « Mon espace » (/files) shows the open requests first (overdue ones marked), each with
// « Envoyer » opening the upload form that answers it; the firm's requests list with its state
// filter; « Demander un document » on the administrator's view of a client's page.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { hrefsOf, islandProps } from '../helpers/html.js'
import { addType, PDF, upload } from '../documents/fixtures.js'
import { askFor, requestsApp, typeIdOf } from './helpers.js'

// Monday 2 March 2026, 10:00 in Algiers.
const { app, db, clock } = await requestsApp(t, { start: '2026-03-02T09:00:00Z' })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
await addType(app, admin, 'Relevés bancaires')
const bilan = await typeIdOf(db, 'Bilan')
const releves = await typeIdOf(db, 'Relevés bancaires')
const client = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
const other = await seedAccount(app, { accepted: true })

const later = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Bilan 2025', note: 'Avec les annexes.', dueDate: '2026-03-20' })
const soon = await askFor(app, admin, { userId: client.id, typeId: releves, title: 'Relevés de février', dueDate: '2026-03-02' })
const answered = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Liasse 2024', dueDate: '2026-03-05' })
// No assertion at the top level: tap would end the file's test (and close the app) while it goes on.
if ((await upload(app, client, { userId: client.id, requestId: answered, filename: 'liasse-2024.pdf', content: PDF })).statusCode !== 201) throw new Error('upload refused')
/** The page's HTML without React's text separators. */
const get = async (account: typeof admin | null, url: string) => {
  const res = await injectAs(app, account, url)
  return { ...res, body: res.body.replaceAll('<!-- -->', '') }
}
const othersRequest = await askFor(app, admin, { userId: other.id, typeId: bilan, title: 'Pas à vous', dueDate: '2026-03-20' })

t.test('Mon espace: the open requests first, soonest due first, overdue marked, each with « Envoyer »', async (t) => {
  clock.set('2026-03-03T09:00:00Z') // the next day: « Relevés de février » is late
  t.teardown(() => clock.set('2026-03-02T09:00:00Z'))
  const page = await get(client, '/files')
  t.equal(page.statusCode, 200)
  t.match(page.body, '<title>Mon espace')
  const order = [...page.body.matchAll(/<li class="request-card[^"]*" data-request="(\d+)"/g)].map((m) => Number(m[1]))
  t.same(order, [soon, later], 'open ones only, the soonest due first')
  t.match(page.body, new RegExp(`<li class="request-card request-card-late" data-request="${soon}">`), 'the overdue one is marked')
  t.match(page.body, /<span class="badge request-badge-overdue">En retard<\/span>/)
  t.match(page.body, /En retard : attendu le <time dateTime="2026-03-02">2 mars 2026<\/time>/)
  t.match(page.body, /À envoyer avant le <time dateTime="2026-03-20">20 mars 2026<\/time>/)
  t.same(hrefsOf(page.body, 'Envoyer'), [`/files?request=${soon}#envoi`, `/files?request=${later}#envoi`])
  t.ok(page.body.indexOf('request-card') < page.body.indexOf('data-name="UploadForm"'), 'the requests come before the upload form')
  t.match(page.body, /Demandes reçues par le cabinet/)
  t.match(page.body, /liasse-2024\.pdf/)
  t.same(islandProps(page.body, 'UploadForm').request, null, 'without ?request, the usual form')
})

t.test('« Envoyer »: the upload form answers that request (its type fixed, its id hidden); another’s id is ignored', async (t) => {
  const page = await get(client, `/files?request=${later}`)
  const props = islandProps(page.body, 'UploadForm')
  t.match(props, { requestId: later, fixedType: { typeName: 'Bilan' } }, 'each file is sent with the request’s id, under its type')
  t.match(page.body, /Type de document : <strong>Bilan<\/strong>/, 'the type shown, not chosen')
  t.match(page.body, /Vous répondez à la demande « Bilan 2025 »/)
  for (const id of [othersRequest, answered, 'abc']) t.notOk(islandProps((await injectAs(app, client, `/files?request=${id}`)).body, 'UploadForm').requestId, `?request=${id}`)
  t.same([(await injectAs(app, null, '/files')).headers.location], ['/login'])
})

t.test('the firm’s requests list: the shared list with its state filter, and the ask form with a client chooser; administrators only', async (t) => {
  const page = await injectAs(app, admin, '/admin-dashboard/requests?status=open')
  t.equal(page.statusCode, 200)
  const props = islandProps(page.body, 'RequestsBoard')
  t.same((props.items as Array<{ id: number }>).map((r) => r.id).sort(), [later, soon, othersRequest].sort())
  t.same((props.query as { filters: unknown }).filters, { status: 'open' })
  t.same((props.clients as Array<{ username: string }>).map((c) => c.username), [client.username, other.username].sort((a, b) => a.localeCompare(b, 'fr')), 'accepted clients by name')
  t.same(props.types, [{ id: bilan, typeName: 'Bilan' }, { id: releves, typeName: 'Relevés bancaires' }])
  t.match(page.body, /<option value="open" selected="">Ouvertes<\/option>/)
  t.match(page.body, /Annuler la demande/)
  t.match(page.body, /<label for="[^"]+">Client<\/label><select id="[^"]+" name="userId">/, 'the client chooser')
  const one = await injectAs(app, admin, `/admin-dashboard/requests?userId=${client.id}`)
  t.equal(islandProps(one.body, 'RequestsBoard').total, 3, 'one client’s')
  t.match(one.body, new RegExp(`<input type="hidden" name="userId" value="${client.id}"/>`), 'the client kept by the toolbar')
  t.equal(islandProps((await injectAs(app, admin, '/admin-dashboard/requests?status=nonsense')).body, 'RequestsBoard').total, 4, 'a bad filter shows the whole list')
  const refused = await injectAs(app, client, '/admin-dashboard/requests')
  t.same([refused.statusCode, refused.headers.location], [303, '/'])
})

t.test('« Demander un document » on an administrator’s view of a client’s page, not on the client’s own', async (t) => {
  const page = await injectAs(app, admin, `/users/profile/${client.id}`)
  const props = islandProps(page.body, 'ClientRequests')
  t.equal(props.userId, client.id)
  t.equal(props.total, 3)
  t.equal(props.today, '2026-03-02')
  t.same(props.types, [{ id: bilan, typeName: 'Bilan' }, { id: releves, typeName: 'Relevés bancaires' }])
  t.match(page.body, /Demander un document/)
  t.match(page.body, /<input id="[^"]+" type="date" min="2026-03-02" name="dueDate"/)
  t.notMatch((await injectAs(app, client, `/users/profile/${client.id}`)).body, 'data-name="ClientRequests"')
})

t.test('Mon espace ends with the client’s newest documents and a link to all of them', async (t) => {
  const page = await get(client, '/files')
  t.match(page.body, /<h2 id="space-own-title" class="upload-title">Mes documents<\/h2>/)
  const rows = islandProps(page.body, 'OwnedDocuments').rows as Array<{ name: string }>
  t.ok(rows.some((row) => row.name === 'liasse-2024.pdf'), 'the document sent in answer is there')
  t.match(page.body, new RegExp(`href="/users/profile/${client.id}">Tous mes documents`))
})
