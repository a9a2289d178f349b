// Issue 17: two clients named "Amina Haddad", of different companies, are told apart in every admin
// list and page that names a client (the API's user objects gain `entreprise`, an additive field),
// and a list's `q` finds them by company: the users' lists, the documents' lists by the sender's
// company, the requests by the client's. Both dialects.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp, settled } from '../helpers/app.js'
import { addType, uploadPdf } from '../documents/fixtures.js'
import { firmDay, addDays } from '../../src/shared/time.js'

const TRANSPORTS = 'Transports Ezzahra'
const BAKERY = 'Boulangerie du Port'

t.test('the company beside the name, and found by q', async (t) => {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const transports = await seedAccount(app, { accepted: true, username: 'Amina Haddad', entreprise: TRANSPORTS })
  const bakery = await seedAccount(app, { accepted: true, username: 'Amina Haddad', entreprise: BAKERY })
  const waiting = await seedAccount(app, { username: 'Amina Haddad', entreprise: 'Pharmacie Centrale' })
  await addType(app, admin, 'Bilan')
  await uploadPdf(app, transports, 'Bilan', { filename: 'mars.pdf' })
  await uploadPdf(app, bakery, 'Bilan', { filename: 'avril.pdf' })

  const list = async (url: string) => {
    const res = await injectAs(app, admin, url)
    t.equal(res.statusCode, 200, url)
    return { total: Number(res.headers['x-total-count']), items: res.json() as Array<Record<string, unknown> & { user?: { id: number; username: string; entreprise: string } }> }
  }

  const documents = await list('/api/documents/new-documents')
  t.same(documents.items.map((d) => d.user).sort((a, b) => a!.id - b!.id), [
    { id: transports.id, username: 'Amina Haddad', entreprise: TRANSPORTS, profilePhoto: null },
    { id: bakery.id, username: 'Amina Haddad', entreprise: BAKERY, profilePhoto: null },
  ], 'each document’s sender with their company')
  for (const q of ['ezzahra', 'EZZ', 'ez']) {
    const found = await list(`/api/documents/new-documents?q=${encodeURIComponent(q)}`)
    t.same({ total: found.total, senders: found.items.map((d) => d.user!.id) }, { total: 1, senders: [transports.id] }, `documents by the sender’s company: ${q}`)
  }
  t.equal((await list('/api/documents/new-documents?q=haddad')).total, 2, 'the name still finds both')

  const clients = await list(`/api/users/clients-profile?q=${encodeURIComponent('boulangerie')}`)
  t.same(clients.items.map((u) => [u.id, u.entreprise]), [[bakery.id, BAKERY]], 'clients by company')
  t.same((await list('/api/users/users-profile?q=pharma')).items.map((u) => u.id), [waiting.id], 'new users by company')
  t.equal((await list('/api/users/clients-profile?q=amina')).total, 2)

  const dueDate = addDays(firmDay(new Date()), 30)
  const typeId = Number((await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()).id)
  for (const client of [transports, bakery]) {
    const res = await injectAs(app, admin, { method: 'POST', url: '/api/requests', payload: { userId: client.id, typeId, title: 'Relevés de mars', note: '', dueDate } })
    t.equal(res.statusCode, 201, 'a request made')
  }
  const requests = await list('/api/requests?q=boulan')
  t.same(requests.items.map((r) => r.user), [{ id: bakery.id, username: 'Amina Haddad', entreprise: BAKERY }], 'a request names its client’s company, and is found by it')
  await settled(app)
  const board = await injectAs(app, admin, '/admin-dashboard/requests')
  for (const company of [TRANSPORTS, BAKERY]) t.match(board.body, `>Amina Haddad (${company})</option>`, `the request form’s chooser tells ${company}`)

  // The pages: the profile's header and the threads' list.
  const profile = await injectAs(app, admin, `/users/profile/${bakery.id}`)
  t.match(profile.body, /<p class="profile-company">.*Boulangerie du Port<\/p>/s, 'the profile names the company under the name')
  t.match(profile.body, /Membre depuis le<\/dt><dd><time dateTime="[^"]+">\d{1,2} \p{L}+ \d{4} à \d{2}:\d{2}<\/time>/u, 'its date in the one format')
  await injectAs(app, transports, { method: 'POST', url: `/api/messages/${transports.id}`, payload: { text: 'Bonjour' } })
  const threads = await injectAs(app, admin, '/admin-dashboard/threads')
  t.match(threads.body, /Amina Haddad<\/a><\/span><span class="person-company">Transports Ezzahra<\/span>/, 'a thread names its client’s company')
  const thread = await injectAs(app, admin, `/admin-dashboard/clients/${transports.id}/messages`)
  t.match(thread.body, /Messages — Amina Haddad \(Transports Ezzahra\)/, 'and so does the thread’s title')
  const journal = await injectAs(app, admin, '/admin-dashboard/journal')
  t.match(journal.body, /<a href="\/users\/profile\/\d+">Amina Haddad<\/a><\/span><span class="person-company">Transports Ezzahra<\/span>/, 'the journal names each person’s company')
  t.match(journal.body, /<a href="\/users\/profile\/\d+">Amina Haddad<\/a><\/span><span class="person-company">Boulangerie du Port<\/span>/)
})
