// Issue 17: the firm's requests without JavaScript (contract §8). « Demander un document » posts to
// the requests list (with its client chooser) or, from a client's page, to that client's page of it;
// « Annuler la demande » goes through its confirmation page. Each answers a 303 with the API's
// message, or the page again at the API's status with each error under its field.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { confirmFormOf, isPage } from '../helpers/admin-forms.js'
import { CROSS_SITE, errorUnder, flashAfter, FORM, inputNamed, submit, summaryOf } from '../helpers/forms.js'
import { hrefsOf, islandProps } from '../helpers/html.js'
import { cookieOf } from '../helpers/two-factor.js'
import { addType } from '../documents/fixtures.js'
import { ask, askFor, requestsApp, typeIdOf } from './helpers.js'

// Monday 2 March 2026, 10:00 in Algiers.
const { app, db } = await requestsApp(t, { start: '2026-03-02T09:00:00Z' })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const bilan = await typeIdOf(db, 'Bilan')
const client = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
const other = await seedAccount(app, { accepted: true })
const waiting = await seedAccount(app)

const LIST = '/admin-dashboard/requests'
const titles = async (userId: number) => (await db.selectFrom('requests').select('title').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.title)
const statusOf = async (id: number) => (await db.selectFrom('requests').select('status').where('id', '=', id).executeTakeFirst())?.status
const mailsTo = async (to: string) => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('recipient', '=', to).executeTakeFirst())?.n ?? 0)
const filled = (fields: Record<string, string> = {}) => ({ userId: String(client.id), typeId: String(bilan), title: 'Bilan 2025', note: 'Avec les annexes.', dueDate: '2026-03-20', ...fields })

t.test('the forms are real forms: the list’s posts to the list, the client page’s to the client’s page of it; buttons enabled', async (t) => {
  const list = (await injectAs(app, admin, `${LIST}?status=open`)).body
  const form = /<form class="request-form"[^>]*>/.exec(list)?.[0] ?? ''
  t.match(form, 'method="post"')
  t.notMatch(form, 'action=', 'the list’s form posts to the page itself')
  t.notMatch(list, /<button type="submit"[^>]*disabled/, 'its button works before any script')
  const profile = (await injectAs(app, admin, `/users/profile/${client.id}`)).body
  t.match(/<form class="request-form"[^>]*>/.exec(profile)?.[0], `action="/admin-dashboard/clients/${client.id}/ask"`)
  t.notMatch(profile, /<button type="submit" class="button button-primary" disabled/)
})

t.test('asked from the list: 303 back to the list with the API’s message; the client is mailed as by the API', async (t) => {
  const mails = await mailsTo(client.email)
  const res = await submit(app, `${LIST}?status=open&page=2`, filled({ title: 'Relevés de mars' }), admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, LIST, 'the list’s first page, as the island shows it')
  t.match(await flashAfter(app, res, admin.cookie), 'Demande envoyée au client.')
  t.same(await titles(client.id), ['Relevés de mars'])
  t.ok((await mailsTo(client.email)) > mails, 'the client’s mail and reminders are written with it')
  t.match((await injectAs(app, client, '/files')).body, 'Relevés de mars', 'the client sees it on Mon espace')
})

t.test('refused on the list: the page again at 400, each error under its field, what was typed kept, the list’s query kept', async (t) => {
  const empty = await submit(app, `${LIST}?status=cancelled`, { userId: '', typeId: '', title: '', note: '', dueDate: '' }, admin.cookie)
  isPage(t, empty, 400, 'nothing filled')
  t.equal(errorUnder(empty.body, 'userId'), 'Veuillez choisir un client.')
  t.equal(errorUnder(empty.body, 'typeId'), 'Type de document requis')
  t.equal(errorUnder(empty.body, 'title'), 'Titre requis')
  t.equal(errorUnder(empty.body, 'dueDate'), 'Date limite requise')
  t.equal(errorUnder(empty.body, 'note'), undefined, 'the note may be empty')
  t.match(summaryOf(empty.body), /Veuillez choisir un client\..*Type de document requis.*Titre requis.*Date limite requise/s, 'summed up at the top, in the API’s order')
  t.same((islandProps(empty.body, 'RequestsBoard') as { query: { filters: unknown } }).query.filters, { status: 'cancelled' }, 'the list as it was')

  for (const [dueDate, message] of [
    ['2026-02-30', 'Date limite invalide : attendu AAAA-MM-JJ.'],
    ['2026-03-01', 'La date limite doit être aujourd’hui ou plus tard.'],
  ] as const) {
    const res = await submit(app, LIST, filled({ dueDate, title: 'Liasse 2025' }), admin.cookie)
    isPage(t, res, 400, `${dueDate}: refused`)
    t.equal(errorUnder(res.body, 'dueDate'), message, 'under the due date')
    t.equal(errorUnder(res.body, 'title'), undefined, 'nothing under the rest')
    t.match(inputNamed(res.body, 'title'), 'value="Liasse 2025"', 'what was typed is kept')
    t.match(inputNamed(res.body, 'dueDate'), `value="${dueDate}"`)
    t.match(res.body, `<option value="${client.id}" selected="">`, 'the client chosen is kept')
    t.match(res.body, 'Avec les annexes.</textarea>', 'the note kept')
    t.equal((await ask(app, admin, filled({ dueDate }))).json().message, message, 'the API’s message')
  }
  const today = await submit(app, LIST, filled({ dueDate: '2026-03-02', title: 'Aujourd’hui' }), admin.cookie)
  t.equal(today.statusCode, 303, 'today is allowed')

  const notClient = await submit(app, LIST, filled({ userId: String(waiting.id) }), admin.cookie)
  isPage(t, notClient, 400, 'an account not accepted: the service’s refusal')
  t.equal(errorUnder(notClient.body, 'userId'), 'Ce compte n’est pas un client accepté : impossible de lui demander un document.', 'under the client')
  const unknownType = await submit(app, LIST, filled({ typeId: '999999' }), admin.cookie)
  isPage(t, unknownType, 400, 'an unknown type')
  t.equal(errorUnder(unknownType.body, 'typeId'), 'Type de document inconnu.', 'under the type')
  t.same(await titles(waiting.id), [])
  t.notOk((await titles(client.id)).includes('Liasse 2025'), 'nothing stored')
})

t.test('asked from the client’s page: its page of it, a 303 back to the client’s page; its errors in place there', async (t) => {
  const url = `/admin-dashboard/clients/${other.id}/ask`
  const page = await injectAs(app, admin, url)
  isPage(t, page, 200, 'the page')
  t.match(page.body, /<h1 class="admin-title">Demander un document — [^<]+<\/h1>/)
  t.same(hrefsOf(page.body, 'Voir le profil du client'), [`/users/profile/${other.id}`])
  t.match(/<form class="request-form"[^>]*>/.exec(page.body)?.[0], `action="${url}"`, 'its form posts to itself')

  const refused = await submit(app, url, { typeId: String(bilan), title: 'Statuts', note: '', dueDate: '2026-02-28' }, admin.cookie)
  isPage(t, refused, 400, 'a past date')
  t.equal(errorUnder(refused.body, 'dueDate'), 'La date limite doit être aujourd’hui ou plus tard.')
  t.match(inputNamed(refused.body, 'title'), 'value="Statuts"')
  t.equal(inputNamed(refused.body, 'userId'), '', 'no client to choose: the page’s')

  const res = await submit(app, url, { userId: String(client.id), typeId: String(bilan), title: 'Statuts', note: '', dueDate: '2026-03-31' }, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${other.id}#profile-requests-title`, 'back to the client’s page, at its requests')
  t.match(await flashAfter(app, res, admin.cookie), 'Demande envoyée au client.')
  t.same(await titles(other.id), ['Statuts'], 'asked of the page’s client, whatever the body said')
  t.notOk((await titles(client.id)).includes('Statuts'))

  for (const id of [String(waiting.id), String(admin.id), '999999', 'abc']) {
    isPage(t, await injectAs(app, admin, `/admin-dashboard/clients/${id}/ask`), 404, `GET: no client ${id}`)
    isPage(t, await submit(app, `/admin-dashboard/clients/${id}/ask`, { typeId: '', title: '' }, admin.cookie), 404, `POST: no client ${id}, whatever the fields`)
  }
})

t.test('cancel: the row links to its confirmation page, the list’s query and filters kept; 303 back with the API’s message', async (t) => {
  const id = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'À annuler', dueDate: '2026-03-25' })
  const query = `?q=annuler&status=open&userId=${client.id}`
  const list = await injectAs(app, admin, `${LIST}${query}`)
  const link = hrefsOf(list.body, 'Annuler la demande')
  t.same(link, [`${LIST}/${id}/cancel?q=annuler&status=open&userId=${client.id}`], 'a link to the confirmation page')

  const page = await injectAs(app, admin, link[0]!)
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="admin-title">Annuler cette demande ?</h1>', 'the dialog’s question')
  t.match(page.body, 'ne recevra plus de rappel', 'its warning')
  t.match(page.body, 'À annuler', 'what it is about')
  t.same(confirmFormOf(page.body), { action: link[0], button: 'Confirmer' }, 'Confirmer posts to the page itself')
  t.same(hrefsOf(page.body, 'Annuler'), [`${LIST}${query}`], 'Annuler goes back to the list as it was')

  const res = await submit(app, link[0]!, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `${LIST}${query}`, 'back to the list, its filters kept')
  t.match(await flashAfter(app, res, admin.cookie), 'Demande annulée.')
  t.equal(await statusOf(id), 'cancelled')

  const again = await submit(app, link[0]!, {}, admin.cookie)
  isPage(t, again, 409, 'cancelled already: the JSON route’s status')
  t.match(summaryOf(again.body), 'Cette demande a été annulée par le cabinet.', 'the API’s message, in place')
  for (const missing of ['999999', 'abc']) {
    isPage(t, await injectAs(app, admin, `${LIST}/${missing}/cancel`), 404, `GET ${missing}`)
    isPage(t, await submit(app, `${LIST}/${missing}/cancel`, {}, admin.cookie), 404, `POST ${missing}`)
  }
  const linked = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Lien externe', dueDate: '2026-03-25' })
  const fromElsewhere = await injectAs(app, admin, { url: `${LIST}/${linked}/cancel?status=open&userId=${client.id}`, headers: { 'sec-fetch-site': 'cross-site' } })
  t.same([fromElsewhere.statusCode, fromElsewhere.headers.location], [303, `${LIST}?status=open&userId=${client.id}`], 'opened from another site’s link: the list, its filters kept, no one-click cancellation')
  t.equal(await statusOf(linked), 'open')
  const odd = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Filtre bizarre', dueDate: '2026-03-25' })
  t.equal((await submit(app, `${LIST}/${odd}/cancel?status=nope&page=2`, {}, admin.cookie)).headers.location, LIST, 'a bad query goes back to the list’s defaults')
})

t.test('refusals: a visitor logs in and comes back, a client gets the 403 page, another site cannot post; nothing changes', async (t) => {
  const id = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Reste ouverte', dueDate: '2026-03-25' })
  const before = await titles(client.id)
  const posts = [[`${LIST}?status=open`, filled({ title: 'Par un visiteur' })], [`/admin-dashboard/clients/${client.id}/ask`, filled({ title: 'Par un visiteur' })], [`${LIST}/${id}/cancel?status=open`, {}]] as const
  for (const [url, fields] of posts) {
    const visitor = await submit(app, url, fields)
    t.equal(visitor.statusCode, 303, `${url}: a visitor`)
    t.equal(visitor.headers.location, '/login')
    const login = await submit(app, '/login', { email: admin.email, password: admin.password }, cookieOf(visitor, /^return-to$/))
    t.equal(login.headers.location, url, 'logged in, back to the page of the form (the post is not replayed)')
    for (const who of [client, waiting]) {
      const res = await submit(app, url, fields, who.cookie)
      isPage(t, res, 403, `${url}: not an administrator`)
      t.match(res.body, 'Accès réservé au cabinet.')
    }
    const crossSite = await injectAs(app, admin, { method: 'POST', url, headers: { ...FORM, ...CROSS_SITE }, payload: new URLSearchParams(fields).toString() })
    t.equal(crossSite.statusCode, 403, `${url}: another site`)
  }
  t.equal((await injectAs(app, client, `/admin-dashboard/clients/${client.id}/ask`)).headers.location, '/', 'the page, like every admin page, sends a client home')
  t.same(await titles(client.id), before, 'nothing asked')
  t.equal(await statusOf(id), 'open', 'nothing cancelled')
})
