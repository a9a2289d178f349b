// Contract §9: who serves a client. PUT /api/users/:id/staff {staffIds} (administrators) sets it,
// journaled `client.assigned` about the client; only an accepted client may be assigned (409 for one
// not accepted, 404 for anything that is no client), only the firm's people may serve (400). GET lists
// them, for an administrator and for the staff who serve that client; the staff then reach exactly
// their clients. The profile's « Suivi par » works without JavaScript.
import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { flashAfter, submit, summaryOf } from '../helpers/forms.js'
import { entries } from './staff-helpers.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
const nadia = await seedAccount(app, { role: 'staff', username: 'Nadia Cherif' })
const yacine = await seedAccount(app, { role: 'staff', username: 'Yacine Meziane' })

const put = (account: Pick<SeededAccount, 'cookie'> | null, clientId: number, payload: unknown) => injectAs(app, account, { method: 'PUT', url: `/api/users/${clientId}/staff`, payload: payload as object })
const get = (account: Pick<SeededAccount, 'cookie'> | null, clientId: number) => injectAs(app, account, `/api/users/${clientId}/staff`)
const assignedIds = async (clientId: number) => (await db.selectFrom('client_staff').select('staff_id').where('client_id', '=', clientId).execute()).map((row) => Number(row.staff_id)).sort((a, b) => a - b)

t.test('PUT sets exactly who serves the client, GET lists them by name; journaled about the client when it changes', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'SARL Atlas' })
  const res = await put(admin, client.id, { staffIds: [yacine.id, nadia.id, nadia.id] })
  t.equal(res.statusCode, 200)
  t.same(res.json(), [{ id: nadia.id, username: 'Nadia Cherif' }, { id: yacine.id, username: 'Yacine Meziane' }], 'by name, once each')
  t.same((await get(admin, client.id)).json(), res.json())
  t.same((await entries(db, 'client.assigned')).at(-1), { actorId: admin.id, subject: { type: 'user', id: client.id, label: 'SARL Atlas' } })

  const count = (await entries(db, 'client.assigned')).length
  t.equal((await put(admin, client.id, { staffIds: [nadia.id, yacine.id] })).statusCode, 200)
  t.equal((await entries(db, 'client.assigned')).length, count, 'the same people again: nothing journaled')

  const kept = await db.selectFrom('client_staff').select('created_at').where('client_id', '=', client.id).where('staff_id', '=', nadia.id).executeTakeFirstOrThrow()
  t.same((await put(admin, client.id, { staffIds: [nadia.id, admin.id] })).json().map((p: { id: number }) => p.id).sort(), [nadia.id, admin.id].sort(), 'an administrator may be named too')
  t.same(await assignedIds(client.id), [admin.id, nadia.id].sort((a, b) => a - b), 'Yacine is no longer')
  t.same(await db.selectFrom('client_staff').select('created_at').where('client_id', '=', client.id).where('staff_id', '=', nadia.id).executeTakeFirstOrThrow(), kept, 'a kept row keeps its day')
  t.same((await put(admin, client.id, { staffIds: [] })).json(), [], 'an empty list: nobody')
  t.same(await assignedIds(client.id), [])
})

t.test('PUT refusals: 400 without staffIds or for someone not of the firm, 404 for no client, 409 for a client not accepted', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const member = await seedAccount(app, { companyId: client.id })
  const waiting = await seedAccount(app, {})
  const removed = await seedAccount(app, { role: 'staff' })
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/staff/${removed.id}` })).statusCode, 200)
  const invited = await injectAs(app, admin, { method: 'POST', url: '/api/staff', payload: { email: 'bientot@cabinet.dz', username: 'Bientôt', role: 'staff' } })
  await put(admin, client.id, { staffIds: [nadia.id] })

  const missing = await put(admin, client.id, {})
  t.equal(missing.statusCode, 400)
  t.match(missing.json(), { message: 'Indiquez qui suit ce client (staffIds, une liste éventuellement vide).', code: 'validation', field: 'staffIds' })
  for (const [what, id] of [['a client', other.id], ['a removed person', removed.id], ['a company’s member', member.id], ['an unknown id', 999_999]] as const) {
    const res = await put(admin, client.id, { staffIds: [nadia.id, id] })
    t.equal(res.statusCode, 400, what)
    t.match(res.json(), { message: 'Une des personnes choisies ne fait pas partie de l’équipe du cabinet.', field: 'staffIds' })
  }
  t.equal((await put(admin, client.id, { staffIds: ['x'] })).statusCode, 400, 'not an id')
  t.same(await assignedIds(client.id), [nadia.id], 'nothing changed by a refusal')
  t.equal((await put(admin, client.id, { staffIds: [invited.json().id] })).statusCode, 200, 'an invited person may be named')

  for (const [what, id] of [['unknown', 999_999], ['a member', member.id], ['a staff member', nadia.id], ['an administrator', admin.id]] as const) {
    const res = await put(admin, id, { staffIds: [nadia.id] })
    t.equal(res.statusCode, 404, what)
    t.equal(res.json().message, 'Client introuvable.')
    t.equal((await get(admin, id)).statusCode, 404, `GET ${what}`)
  }
  const notYet = await put(admin, waiting.id, { staffIds: [nadia.id] })
  t.equal(notYet.statusCode, 409, 'a client not accepted yet')
  t.match(notYet.json(), { message: 'Ce client n’est pas encore accepté : seul un client accepté peut être confié à un collaborateur.', code: 'conflict' })
  t.same((await get(admin, waiting.id)).json(), [], 'GET: nobody serves them')
})

t.test('who may: PUT administrators only (staff 403); GET administrators and the staff serving that client (another client 404)', async (t) => {
  const mine = await seedAccount(app, { accepted: true })
  const theirs = await seedAccount(app, { accepted: true })
  await put(admin, mine.id, { staffIds: [nadia.id] })
  await put(admin, theirs.id, { staffIds: [yacine.id] })

  t.equal((await put(null, mine.id, { staffIds: [] })).statusCode, 401, 'visitor')
  t.equal((await put(mine, mine.id, { staffIds: [] })).statusCode, 403, 'the client')
  t.equal((await put(nadia, mine.id, { staffIds: [nadia.id, yacine.id] })).statusCode, 403, 'staff, even their own client')
  t.equal((await get(null, mine.id)).statusCode, 401)
  t.equal((await get(mine, mine.id)).statusCode, 403, 'a client does not read the firm’s assignments')
  t.same((await get(nadia, mine.id)).json(), [{ id: nadia.id, username: 'Nadia Cherif' }], 'the staff member serving it')
  const elsewhere = await get(nadia, theirs.id)
  t.equal(elsewhere.statusCode, 404, 'another client is a 404 to staff')
  t.equal(elsewhere.json().message, 'Client introuvable.')
  t.equal((await get(nadia, 999_999)).statusCode, 404)
})

t.test('a staff member reaches exactly the clients assigned: their profile 200, any other 404', async (t) => {
  const mine = await seedAccount(app, { accepted: true })
  const theirs = await seedAccount(app, { accepted: true })
  const samir = await seedAccount(app, { role: 'staff' })
  t.equal((await injectAs(app, samir, `/api/users/profile/${mine.id}`)).statusCode, 404, 'before: not theirs')
  await put(admin, mine.id, { staffIds: [samir.id] })
  const profile = await injectAs(app, samir, `/api/users/profile/${mine.id}`)
  t.equal(profile.statusCode, 200, 'assigned: reached')
  t.equal(profile.json().id, mine.id)
  t.equal((await injectAs(app, samir, `/api/users/profile/${theirs.id}`)).statusCode, 404, 'another client')
  await put(admin, mine.id, { staffIds: [] })
  t.equal((await injectAs(app, samir, `/api/users/profile/${mine.id}`)).statusCode, 404, 'unassigned: gone at once')
})

t.test('a removed staff member’s assignments are dropped; the staff list counts each person’s clients', async (t) => {
  const leaving = await seedAccount(app, { role: 'staff' })
  const clients = [await seedAccount(app, { accepted: true }), await seedAccount(app, { accepted: true })]
  for (const client of clients) await put(admin, client.id, { staffIds: [leaving.id, nadia.id] })
  const listed = (await injectAs(app, admin, `/api/staff?q=${encodeURIComponent(leaving.email)}`)).json()
  t.equal(listed[0].clients, 2)
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/staff/${leaving.id}` })).statusCode, 200)
  for (const client of clients) t.same((await get(admin, client.id)).json().map((p: { id: number }) => p.id), [nadia.id], 'only Nadia serves it now')
})

t.test('the « Suivi par » form without JavaScript: a page of boxes, a 303 back to the client’s page with the message', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Eurl Sahel', entreprise: 'EURL Sahel' })
  await put(admin, client.id, { staffIds: [yacine.id] })
  const url = `/admin-dashboard/clients/${client.id}/staff`
  const page = await injectAs(app, admin, url)
  isPage(t, page, 200, 'the page')
  t.match(page.body, '<h1 class="admin-title">Suivi du client — Eurl Sahel (EURL Sahel)</h1>')
  t.ok(new RegExp(`<form class="client-staff-form"[^>]* action="${url}" method="post"`).test(page.body), 'it posts to itself')
  t.ok(new RegExp(`<input type="checkbox" id="[^"]+" name="staffIds" checked="" value="${yacine.id}"/>`).test(page.body), 'who serves it is ticked')
  t.ok(new RegExp(`<input type="checkbox" id="[^"]+" name="staffIds" value="${nadia.id}"/>`).test(page.body), 'the others are not')

  const since = (await entries(db, 'client.assigned')).length
  const res = await submit(app, url, { staffIds: String(nadia.id) }, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${client.id}#profile-staff-title`)
  t.match(await flashAfter(app, res, admin.cookie), 'Le suivi du client est enregistré.')
  t.same(await assignedIds(client.id), [nadia.id])
  t.equal((await entries(db, 'client.assigned')).length, since + 1, 'journaled as the API does')

  const both = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: admin.cookie }, payload: `staffIds=${nadia.id}&staffIds=${yacine.id}` })
  t.equal(both.statusCode, 303, 'several boxes')
  t.same(await assignedIds(client.id), [nadia.id, yacine.id].sort((a, b) => a - b))
  t.equal((await submit(app, url, {}, admin.cookie)).statusCode, 303, 'no box ticked')
  t.same(await assignedIds(client.id), [], 'nobody serves it')

  const profile = await injectAs(app, admin, `/users/profile/${client.id}`)
  t.ok(new RegExp(`<form class="client-staff-form"[^>]* action="${url}" method="post"`).test(profile.body), 'the client’s page holds the same form, posting here')
  t.match(profile.body, 'id="profile-staff-title"', 'where the 303 leads')

  const refused = await submit(app, url, { staffIds: String(client.id) }, admin.cookie)
  isPage(t, refused, 400, 'someone not of the firm')
  t.match(summaryOf(refused.body), 'Une des personnes choisies ne fait pas partie de l’équipe du cabinet.', 'the page again, the error in place')
})

t.test('the form’s page: administrators only; no client is the 404 page, a client not accepted the 409 page', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const url = `/admin-dashboard/clients/${client.id}/staff`
  await db.insertInto('client_staff').values({ client_id: client.id, staff_id: nadia.id, created_at: toDbTime(new Date()) }).execute()
  const away = await injectAs(app, nadia, url)
  t.equal(away.statusCode, 303, 'staff are sent home from the page')
  t.equal(away.headers.location, '/')
  isPage(t, await submit(app, url, { staffIds: String(nadia.id) }, nadia.cookie), 403, 'and refused the post')
  t.same(await assignedIds(client.id), [nadia.id])
  isPage(t, await injectAs(app, admin, '/admin-dashboard/clients/999999/staff'), 404, 'unknown')
  isPage(t, await submit(app, '/admin-dashboard/clients/999999/staff', {}, admin.cookie), 404, 'posted: unknown')
  isPage(t, await injectAs(app, admin, `/admin-dashboard/clients/${nadia.id}/staff`), 404, 'a firm person')
  const waiting = await seedAccount(app, {})
  isPage(t, await injectAs(app, admin, `/admin-dashboard/clients/${waiting.id}/staff`), 409, 'not accepted yet')
  isPage(t, await submit(app, `/admin-dashboard/clients/${waiting.id}/staff`, { staffIds: String(nadia.id) }, admin.cookie), 409, 'posted: not accepted yet')
})
