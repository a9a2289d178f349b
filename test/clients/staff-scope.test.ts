// Contract §9 in the clients module: a staff member's clients list, client pages, counts and
// dashboard are their assigned clients'; every client row names who serves it; ?staffId= keeps one
// person's clients; new users, accepting and deleting are an administrator's (403 to staff), another
// client is a 404 to staff.
import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { addType, uploadPdf } from '../documents/fixtures.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { islandProps } from '../helpers/html.js'

// One app for the file: the tests read, except the last ones, which change nothing another reads.
const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true, username: 'Amina Admin' })
const karim = await seedAccount(app, { role: 'staff', username: 'Karim Staff' })
const leila = await seedAccount(app, { role: 'staff', username: 'Leila Staff' })
const atlas = await seedAccount(app, { accepted: true, username: 'SARL Atlas', entreprise: 'Atlas' })
const zitouna = await seedAccount(app, { accepted: true, username: 'EURL Zitouna', entreprise: 'Zitouna' })
const cedre = await seedAccount(app, { accepted: true, username: 'SPA Cèdre', entreprise: 'Cèdre' })
const waiting = await seedAccount(app, { username: 'Omar Attente' })
// A member of Atlas: never a client of the lists.
await seedAccount(app, { username: 'Membre Atlas', companyId: atlas.id })

async function assign(client: SeededAccount, ...staff: SeededAccount[]) {
  for (const person of staff) await db.insertInto('client_staff').values({ client_id: client.id, staff_id: person.id, created_at: toDbTime(new Date()) }).execute()
}
await assign(atlas, karim, leila)
await assign(zitouna, karim)
// Newest first in the lists: Atlas, Zitouna, Cèdre from the oldest.
for (const [i, account] of [atlas, zitouna, cedre].entries()) await db.updateTable('users').set({ created_at: toDbTime(new Date(Date.UTC(2026, 2, 1 + i, 10))) }).where('id', '=', account.id).execute()
await addType(app, admin, 'Bilan')
await uploadPdf(app, atlas, 'Bilan')
await uploadPdf(app, cedre, 'Bilan')
await uploadPdf(app, cedre, 'Bilan')

type Row = { id: number; username: string; staff: Array<{ id: number; username: string }> }
async function clientsList(as: SeededAccount, query = ''): Promise<{ rows: Row[]; total: number }> {
  const res = await injectAs(app, as, `/api/users/clients-profile${query}`)
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`)
  return { rows: res.json(), total: Number(res.headers['x-total-count']) }
}
const names = (rows: Row[]) => rows.map((row) => row.username)

t.test('the clients list: a staff member’s assigned clients only, each row with who serves it', async (t) => {
  const mine = await clientsList(karim)
  t.same(names(mine.rows), ['EURL Zitouna', 'SARL Atlas'], 'Karim’s two, newest first')
  t.equal(mine.total, 2, 'the total counts them only')
  t.same(names((await clientsList(leila)).rows), ['SARL Atlas'])

  const all = await clientsList(admin)
  t.same(names(all.rows), ['SPA Cèdre', 'EURL Zitouna', 'SARL Atlas'], 'an administrator: every client (the member left out)')
  t.equal(all.total, 3)
  const staffOf = Object.fromEntries(all.rows.map((row) => [row.username, row.staff]))
  t.same(staffOf['SARL Atlas'], [{ id: karim.id, username: 'Karim Staff' }, { id: leila.id, username: 'Leila Staff' }], 'by name')
  t.same(staffOf['EURL Zitouna'], [{ id: karim.id, username: 'Karim Staff' }])
  t.same(staffOf['SPA Cèdre'], [], 'no one yet')
  t.same(mine.rows.find((row) => row.id === atlas.id)!.staff.map((p) => p.id), [karim.id, leila.id], 'a staff member sees their colleagues on a shared client')

  t.same(names((await clientsList(karim, '?q=atlas')).rows), ['SARL Atlas'], 'q within the scope')
  t.same(names((await clientsList(karim, '?q=cedre')).rows), [], 'another’s client is not found by a search')
  t.equal((await clientsList(karim, '?q=cedre')).total, 0)
})

t.test('?staffId= keeps one person’s clients; blank is everyone’s; a malformed one is 400', async (t) => {
  t.same(names((await clientsList(admin, `?staffId=${leila.id}`)).rows), ['SARL Atlas'])
  t.same(names((await clientsList(admin, `?staffId=${karim.id}`)).rows), ['EURL Zitouna', 'SARL Atlas'])
  t.equal((await clientsList(admin, `?staffId=${karim.id}`)).total, 2)
  t.same(names((await clientsList(admin, `?staffId=${admin.id}`)).rows), [], 'someone serving no one')
  t.equal((await clientsList(admin, '?staffId=')).total, 3, 'blank (a plain GET form): no filter')
  t.same(names((await clientsList(karim, `?staffId=${leila.id}`)).rows), ['SARL Atlas'], 'a staff member: within their own clients')
  t.same(names((await clientsList(admin, `?staffId=${karim.id}&q=zitouna`)).rows), ['EURL Zitouna'], 'with q')
  for (const bad of ['abc', '0', '-1', '1.5']) t.equal((await injectAs(app, admin, `/api/users/clients-profile?staffId=${bad}`)).statusCode, 400, `staffId=${bad}`)
})

t.test('new users, accepting and deleting are an administrator’s: 403 to staff, assigned or not', async (t) => {
  const newUsers = await injectAs(app, karim, '/api/users/users-profile')
  t.equal(newUsers.statusCode, 403)
  t.equal(newUsers.json().message, 'Accès réservé aux administrateurs.')
  t.equal((await injectAs(app, karim, { method: 'POST', url: `/api/users/accept/${waiting.id}` })).statusCode, 403, 'accept')
  for (const client of [atlas, cedre]) {
    const deleted = await injectAs(app, karim, { method: 'DELETE', url: `/api/users/profile/${client.id}` })
    t.equal(deleted.statusCode, 403, `delete ${client.username}`)
    t.equal(deleted.json().message, 'Accès réservé aux administrateurs.')
  }
  t.equal((await injectAs(app, karim, { method: 'POST', url: `/api/users/2fa/reset/${atlas.id}` })).statusCode, 403, 'resetting a client’s two-factor')
  const adminList = await injectAs(app, admin, '/api/users/users-profile')
  t.same(adminList.json().map((row: Row) => [row.username, row.staff]), [['Omar Attente', []]], 'the new users’ rows carry an empty staff')
  t.ok(await db.selectFrom('users').select('id').where('id', '=', atlas.id).executeTakeFirst(), 'nothing deleted')

  // The same without JavaScript: the forms are refused, the pages send the staff member home.
  for (const url of ['/admin-dashboard/new-users', `/admin-dashboard/new-users/${waiting.id}/accept`, `/admin-dashboard/clients/${atlas.id}/delete`]) {
    const page = await injectAs(app, karim, { method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } })
    t.same([page.statusCode, page.headers.location], [303, '/'], `GET ${url}`)
  }
  const posted = await injectAs(app, karim, { method: 'POST', url: `/admin-dashboard/clients/${atlas.id}/delete`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }, payload: '' })
  t.equal(posted.statusCode, 403, 'the delete form')
})

t.test('a client’s profile: a staff member sees their clients’ (another is 404), an administrator every one', async (t) => {
  t.equal((await injectAs(app, karim, `/api/users/profile/${atlas.id}`)).statusCode, 200, 'an assigned client')
  for (const [who, id] of [['another client', cedre.id], ['a new user', waiting.id], ['an administrator', admin.id], ['a colleague', leila.id], ['no one', 999_999]] as const) {
    const res = await injectAs(app, karim, `/api/users/profile/${id}`)
    t.equal(res.statusCode, 404, who)
    t.equal(res.json().message, 'Utilisateur introuvable.', `${who}: as if it did not exist`)
  }
  t.equal((await injectAs(app, karim, `/api/users/profile/${karim.id}`)).statusCode, 200, 'their own')
  t.equal((await injectAs(app, admin, `/api/users/profile/${cedre.id}`)).statusCode, 200)
  t.equal((await injectAs(app, atlas, `/api/users/profile/${zitouna.id}`)).statusCode, 403, 'a client on another’s: 403 as before')

  const page = await injectAs(app, karim, `/users/profile/${atlas.id}`)
  t.equal(page.statusCode, 200)
  t.match(page.body, /<dt>Suivi par<\/dt><dd>Karim Staff, Leila Staff<\/dd>/, '« Suivi par », read-only')
  t.notMatch(page.body, /client-staff-form/, 'no assignment form for a staff member')
  t.notMatch(page.body, /data-name="TwoFactorReset"/, 'no two-factor reset for a staff member')
  t.match(page.body, new RegExp(`/admin-dashboard/clients/${atlas.id}/messages`), 'the thread’s link')
  t.equal((await injectAs(app, karim, `/users/profile/${cedre.id}`)).statusCode, 404, 'another client’s page: the 404 page')
  t.equal((await injectAs(app, karim, `/admin-dashboard/clients/${cedre.id}/send`)).statusCode, 404, 'another client’s send page')
  t.equal((await injectAs(app, karim, `/admin-dashboard/clients/${atlas.id}/send`)).statusCode, 200, 'an assigned client’s send page')

  const asAdmin = await injectAs(app, admin, `/users/profile/${cedre.id}`)
  t.match(asAdmin.body, /<dt>Suivi par<\/dt><dd>Personne pour le moment<\/dd>/)
  t.match(asAdmin.body, new RegExp(`<form class="client-staff-form"[^>]*action="/admin-dashboard/clients/${cedre.id}/staff" method="post"`), 'an administrator’s « Suivi par » form')
  t.match(asAdmin.body, new RegExp(`name="staffIds" value="${karim.id}"`), 'a box per person of the firm')
  t.match(asAdmin.body, /data-name="TwoFactorReset"/)
  t.notMatch((await injectAs(app, atlas, `/users/profile/${atlas.id}`)).body, /Suivi par/, 'the client’s own page names no one')
})

t.test('counts: a staff member’s are over their clients, an administrator’s the firm’s; users.staff counts staff invited or active', async (t) => {
  const removed = await seedAccount(app, { role: 'staff' })
  await db.updateTable('users').set({ status: 'removed' }).where('id', '=', removed.id).execute()
  const invited = await seedAccount(app, { role: 'staff' })
  await db.updateTable('users').set({ status: 'invited' }).where('id', '=', invited.id).execute()
  t.teardown(() => db.deleteFrom('users').where('id', 'in', [removed.id, invited.id]).execute())

  const counts = async (as: SeededAccount) => (await injectAs(app, as, '/api/users/counts')).json()
  t.same(await counts(admin), { users: { unaccepted: 1, accepted: 3, staff: 3 }, documents: { unviewed: 3, viewed: 0 }, types: 1 }, 'the firm’s (Karim, Leila and the invited one; not the removed one)')
  t.same(await counts(karim), { users: { unaccepted: 0, accepted: 2, staff: 3 }, documents: { unviewed: 1, viewed: 0 }, types: 1 }, 'Karim’s clients: Atlas’s one document')
  t.same((await counts(leila)).users, { unaccepted: 0, accepted: 1, staff: 3 })
  t.equal((await injectAs(app, atlas, '/api/users/counts')).statusCode, 403, 'a client')

  const dashboard = await injectAs(app, karim, '/admin-dashboard')
  t.equal(dashboard.statusCode, 200)
  t.match(dashboard.body, /<span class="admin-card-count">2<\/span><span class="admin-card-label">Mes clients<\/span>/)
  t.notMatch(dashboard.body, /admin-card-label">(Nouveaux utilisateurs|Sous-admins|Types de documents)<|Courriels sortants/, 'no card of an administrator’s page, no outbox panel')
  t.match(dashboard.body, /admin-card-label">Nouveaux documents</, 'the cards of the pages they open')
  const firm = await injectAs(app, admin, '/admin-dashboard')
  t.match(firm.body, /<span class="admin-card-count">3<\/span><span class="admin-card-label">Sous-admins<\/span>/, 'the sub-admins card: the real number')
  t.match(firm.body, /Courriels sortants/)
})

t.test('the clients page: « Suivi par » column and a select of the firm’s people, a plain GET form', async (t) => {
  const page = await injectAs(app, admin, `/admin-dashboard/clients?staffId=${leila.id}`)
  t.equal(page.statusCode, 200)
  const props = islandProps(page.body, 'AdminList')
  t.equal(props.kind, 'clients')
  t.same((props.items as Row[]).map((row) => row.username), ['SARL Atlas'], 'the filter applies')
  t.same((props.query as { filters: unknown }).filters, { staffId: String(leila.id) }, 'kept in the list’s state (links, pager, forms)')
  const choice = (props.choices as Array<{ name: string; label: string; options: Array<{ value: string; label: string }> }>)[0]!
  t.same([choice.name, choice.label], ['staffId', 'Suivi par'])
  t.same(choice.options.map((o) => o.label), ['Tout le cabinet', 'Amina Admin', 'Karim Staff', 'Leila Staff'], 'everyone of the firm, by name')
  t.match(page.body, /<form class="list-toolbar" role="search" action="\/admin-dashboard\/clients" method="get">/)
  t.match(page.body, /<select id="[^"]+" name="staffId">/, 'the select, in the GET form')
  t.match(page.body, new RegExp(`<option value="${leila.id}" selected="">Leila Staff</option>`), 'the chosen one selected')
  t.match(page.body, /<td data-label="Suivi par" class="admin-cell-text">Karim Staff, Leila Staff<\/td>/, 'the column')
  t.match(page.body, new RegExp(`href="/admin-dashboard/clients/${atlas.id}/delete\\?staffId=${leila.id}"`), 'an action keeps the filter')

  const mine = await injectAs(app, karim, '/admin-dashboard/clients')
  const own = islandProps(mine.body, 'AdminList')
  t.equal(own.kind, 'assigned-clients', 'a staff member’s list: no delete')
  t.same((own.items as Row[]).map((row) => row.username), ['EURL Zitouna', 'SARL Atlas'])
  t.notMatch(mine.body, /Supprimer/, 'no delete action')
  t.match(mine.body, /<h1[^>]*>Mes clients<\/h1>/)
  const bad = await injectAs(app, admin, '/admin-dashboard/clients?staffId=abc')
  t.equal(islandProps(bad.body, 'AdminList').total, 3, 'a hand-edited filter: the defaults, not an error page')
})

t.test('the delete form keeps the filter on its way back', async (t) => {
  const doomed = await seedAccount(app, { accepted: true, username: 'SNC Partante' })
  await assign(doomed, leila)
  const confirm = await injectAs(app, admin, { method: 'GET', url: `/admin-dashboard/clients/${doomed.id}/delete?staffId=${leila.id}`, headers: { 'sec-fetch-site': 'same-origin' } })
  t.equal(confirm.statusCode, 200)
  const done = await injectAs(app, admin, {
    method: 'POST',
    url: `/admin-dashboard/clients/${doomed.id}/delete?staffId=${leila.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    payload: '',
  })
  t.same([done.statusCode, done.headers.location], [303, `/admin-dashboard/clients?staffId=${leila.id}`])
  t.notOk(await db.selectFrom('users').select('id').where('id', '=', doomed.id).executeTakeFirst())
  t.same(await db.selectFrom('client_staff').select('staff_id').where('client_id', '=', doomed.id).execute(), [], 'its assignments went with it')
})
