// Issue 29, contract §9: a staff member asks, lists and cancels the requests of the clients assigned
// to them only (another client's is a 404, absent from lists); a company's people share its requests
// (any of them answers one, each is mailed, and the answer says who uploaded it).
import t from 'tap'
import { nowDb } from '../../src/db/values.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { settled } from '../helpers/app.js'
import { isPage } from '../helpers/admin-forms.js'
import { submit } from '../helpers/forms.js'
import { islandProps } from '../helpers/html.js'
import { mailText, startSmtp, type TestSmtp } from '../helpers/smtp.js'
import { addType, PDF, upload } from '../documents/fixtures.js'
import { ask, askFor, requestsApp, typeIdOf } from './helpers.js'

// Monday 2 March 2026, 10:00 in Algiers.
const smtp = await startSmtp(t)
const { app, db, clock } = await requestsApp(t, { start: '2026-03-02T09:00:00Z', env: { SMTP_URL: smtp.url } })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const bilan = await typeIdOf(db, 'Bilan')

async function firm() {
  const staff = await seedAccount(app, { role: 'staff' })
  const mine = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
  const member = await seedAccount(app, { companyId: mine.id, username: 'Karim Membre' })
  const theirs = await seedAccount(app, { accepted: true, username: 'Sahel Export' })
  await db.insertInto('client_staff').values({ client_id: mine.id, staff_id: staff.id, created_at: nowDb() }).execute()
  return { staff, mine, member, theirs }
}

const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((r) => r.id)
const statusOf = async (id: number) => (await db.selectFrom('requests').select('status').where('id', '=', id).executeTakeFirst())?.status
const asking = (userId: number, title = 'Bilan 2025') => ({ userId, typeId: bilan, title, note: '', dueDate: '2026-03-20' })

t.test('the API: ask, list and cancel for an assigned client (200), another client’s is a 404 or absent', async (t) => {
  const { staff, mine, theirs } = await firm()
  const refused = await ask(app, staff, asking(theirs.id))
  t.equal(refused.statusCode, 404, 'asking another client: 404')
  t.type(refused.json().message, 'string')
  t.equal(Number((await db.selectFrom('requests').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', theirs.id).executeTakeFirstOrThrow()).n), 0, 'nothing asked')
  const created = await ask(app, staff, asking(mine.id, 'Demandé par le collaborateur'))
  t.equal(created.statusCode, 201, 'asking their client')
  const mineId = created.json().id as number
  const theirsId = await askFor(app, admin, asking(theirs.id, 'Demandé par l’administrateur'))

  t.same(ids(await injectAs(app, staff, '/api/requests')), [mineId], 'their client’s requests only')
  t.equal((await injectAs(app, staff, '/api/requests')).headers['x-total-count'], '1')
  t.same(ids(await injectAs(app, staff, `/api/requests?userId=${theirs.id}`)), [], '?userId= of another client: none')
  t.same(ids(await injectAs(app, staff, `/api/requests?userId=${mine.id}`)), [mineId])
  t.same(ids(await injectAs(app, staff, '/api/requests?q=Sahel')), [], 'nor by its name')
  t.same(ids(await injectAs(app, staff, '/api/requests?q=administrateur')), [], 'nor by its title')
  t.ok(ids(await injectAs(app, admin, '/api/requests')).includes(theirsId) && ids(await injectAs(app, admin, '/api/requests')).includes(mineId), 'the administrator sees both')

  t.equal((await injectAs(app, staff, { method: 'POST', url: `/api/requests/${theirsId}/cancel` })).statusCode, 404, 'cancelling another client’s: 404')
  t.equal(await statusOf(theirsId), 'open')
  t.equal((await injectAs(app, staff, { method: 'POST', url: `/api/requests/${mineId}/cancel` })).statusCode, 200, 'cancelling their client’s')
  t.equal(await statusOf(mineId), 'cancelled')
  t.equal((await injectAs(app, staff, { method: 'POST', url: `/api/requests/${mineId}/cancel` })).statusCode, 409, 'twice: 409, as for the administrator')

  // Overdue ones (due before today), written as a past request would be.
  const late = (userId: number) => ({ user_id: userId, type_id: bilan, title: 'En retard', note: '', due_date: '2026-02-20', status: 'open' as const, created_at: nowDb() })
  const firmBefore = await app.services.requests.countOverdue()
  await db.insertInto('requests').values([late(mine.id), late(theirs.id), late(theirs.id)]).execute()
  t.equal(await app.services.requests.countOverdue({ kind: 'staff', staffId: staff.id }), 1, 'the overdue count of their clients')
  t.equal(await app.services.requests.countOverdue(), firmBefore + 3, 'the firm’s counts every client’s')
  t.same(ids(await injectAs(app, staff, '/api/requests?status=overdue')).length, 1, 'and so does their list')
})

t.test('the pages and their forms without JavaScript', async (t) => {
  const { staff, mine, theirs } = await firm()
  const mineId = await askFor(app, admin, asking(mine.id, 'Page : le sien'))
  const theirsId = await askFor(app, admin, asking(theirs.id, 'Page : un autre'))

  const list = await injectAs(app, staff, '/admin-dashboard/requests')
  t.equal(list.statusCode, 200, 'the requests list is the firm’s')
  t.same((islandProps(list.body, 'RequestsBoard').items as Array<{ id: number }>).map((r) => r.id), [mineId], 'their client’s only')
  t.same(islandProps(list.body, 'RequestsBoard').clients, [{ id: mine.id, username: mine.username, entreprise: 'SARL Atlas' }], 'the chooser lists their clients only')

  t.equal((await injectAs(app, staff, `/admin-dashboard/clients/${mine.id}/ask`)).statusCode, 200, 'asking their client, a page')
  isPage(t, await injectAs(app, staff, `/admin-dashboard/clients/${theirs.id}/ask`), 404, 'another client’s page')
  isPage(t, await submit(app, `/admin-dashboard/clients/${theirs.id}/ask`, { typeId: String(bilan), title: 'Non', dueDate: '2026-03-20' }, staff.cookie), 404, 'posted there')
  const fromList = await submit(app, '/admin-dashboard/requests', { userId: String(theirs.id), typeId: String(bilan), title: 'Non plus', dueDate: '2026-03-20' }, staff.cookie)
  t.equal(fromList.statusCode, 404, 'the list’s form for another client: refused')
  t.same((await db.selectFrom('requests').select('title').where('user_id', '=', theirs.id).execute()).map((r) => r.title), ['Page : un autre'], 'nothing asked')
  t.equal((await submit(app, `/admin-dashboard/clients/${mine.id}/ask`, { typeId: String(bilan), title: 'Oui', dueDate: '2026-03-20' }, staff.cookie)).statusCode, 303, 'their client')

  isPage(t, await injectAs(app, staff, `/admin-dashboard/requests/${theirsId}/cancel`), 404, 'the cancel confirmation of another client’s')
  isPage(t, await submit(app, `/admin-dashboard/requests/${theirsId}/cancel`, {}, staff.cookie), 404, 'posted')
  t.equal(await statusOf(theirsId), 'open')
  t.equal((await injectAs(app, staff, `/admin-dashboard/requests/${mineId}/cancel`)).statusCode, 200)
  t.equal((await submit(app, `/admin-dashboard/requests/${mineId}/cancel`, {}, staff.cookie)).statusCode, 303)
  t.equal(await statusOf(mineId), 'cancelled')
})

t.test('a company’s member lists and answers the company’s requests; the answer says who uploaded it', async (t) => {
  const { staff, mine, member, theirs } = await firm()
  const id = await askFor(app, staff, asking(mine.id, 'Relevés de mars'))
  const other = await askFor(app, admin, asking(theirs.id, 'Pas pour eux'))
  t.same(ids(await injectAs(app, member, '/api/requests')), [id], 'the member lists the company’s requests')
  t.same(ids(await injectAs(app, member, `/api/requests?userId=${theirs.id}`)), [id], '?userId= does not widen it')
  t.equal((await upload(app, member, { userId: mine.id, requestId: other, content: PDF })).statusCode, 404, 'another company’s request: refused')
  const answer = await upload(app, member, { userId: mine.id, requestId: id, content: PDF, filename: 'releves-mars.pdf' })
  t.equal(answer.statusCode, 201, 'the member answers it')
  t.equal(await statusOf(id), 'fulfilled')
  for (const who of [mine, member, staff, admin]) {
    const found = ((await injectAs(app, who, `/api/requests?userId=${mine.id}`)).json() as Array<{ id: number; documents: unknown }>).find((r) => r.id === id)
    t.same(found?.documents, [{ id: answer.json().id, name: 'releves-mars.pdf', uploadedBy: { id: member.id, username: member.username } }], 'who uploaded the answer')
  }
  const board = await injectAs(app, staff, `/admin-dashboard/requests?userId=${mine.id}`)
  t.match(board.body, `releves-mars.pdf (déposé par ${member.username})`, 'the firm’s list says it')
  const space = await injectAs(app, mine, '/files')
  t.match(space.body, `releves-mars.pdf (déposé par ${member.username})`, 'the owner’s space too')
  const memberSpace = await injectAs(app, member, '/files')
  t.equal(memberSpace.statusCode, 200, 'the member’s space')
  t.match(memberSpace.body, 'Relevés de mars', 'lists the company’s answered request')
})

t.test('a member’s own id is no client to ask', async (t) => {
  const { member } = await firm()
  const res = await ask(app, admin, asking(member.id))
  t.equal(res.statusCode, 400)
  t.match(res.json().message, 'pas un client accepté')
})

/** The leads of the request mails `to` received so far. */
function leadsFor(mailbox: TestSmtp, to: string): string[] {
  return mailbox.mails.filter((m) => m.to.includes(to.toLowerCase())).map((m) => /(Le cabinet vous demande le document suivant|Rappel : le cabinet attend toujours|Rappel : le document suivant est attendu aujourd’hui|Le document suivant est en retard de \d+ jours)/.exec(mailText(m.raw))?.[1] ?? '?')
}

// Last: it moves the clock.
t.test('the request’s mail and its reminders go to every active person of the company', async (t) => {
  const { staff, mine, member } = await firm()
  const removed = await seedAccount(app, { companyId: mine.id })
  await db.updateTable('users').set({ status: 'removed' }).where('id', '=', removed.id).execute()
  const outboxBefore = Number((await db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
  await askFor(app, staff, { ...asking(mine.id, 'Bilan pour tous'), dueDate: '2026-03-10' })
  const rows = await db.selectFrom('outbox').select(['recipient', 'subject']).where('id', '>', outboxBefore).execute()
  const byRecipient = (email: string) => rows.filter((row) => row.recipient === email).length
  t.same([byRecipient(mine.email), byRecipient(member.email), byRecipient(removed.email)], [7, 7, 0], 'the request and its six reminders each, in the outbox; none to a removed member')
  await settled(app)
  t.same(leadsFor(smtp, mine.email), ['Le cabinet vous demande le document suivant'], 'the owner is mailed at once')
  t.same(leadsFor(smtp, member.email), ['Le cabinet vous demande le document suivant'], 'the member too')
  clock.set('2026-03-07T07:00:00Z')
  await settled(app)
  t.same(leadsFor(smtp, mine.email).length, 2, '3 days before: the owner')
  t.same(leadsFor(smtp, member.email), ['Le cabinet vous demande le document suivant', 'Rappel : le cabinet attend toujours'], 'and the member')
  t.same(leadsFor(smtp, removed.email), [])
})


