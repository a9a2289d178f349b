// Contract §9: the firm's people through /api/staff — the list (§2's parameters), an invitation, a role
// change, a removal — administrators only (staff 403, visitors 401); the last active administrator can be
// neither demoted nor removed (409); a removal or a demotion ends the person's sessions and tokens at once.
import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount, SEED_PASSWORD, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { asToken, createToken, entries, sessionStatus } from './staff-helpers.js'

type T = Parameters<Parameters<typeof t.test>[0]>[0]

const NOT_FOUND = 'Cette personne ne fait pas partie de l’équipe du cabinet.'
const LAST_ADMIN = 'Le cabinet doit garder au moins un administrateur actif : nommez d’abord un autre administrateur.'

interface Listed {
  id: number
  username: string
  email: string
  role: string
  clients: number
  createdAt: string
  lastSeenAt: string | null
  status: string
}

const { app, db } = await buildTestApp(t, { RATE_LIMIT_LOGIN_IP: '10000' })
const admin = await seedAccount(app, { admin: true, username: 'Karim Benali' })

const list = async (query = '') => {
  const res = await injectAs(app, admin, `/api/staff${query}`)
  if (res.statusCode !== 200) throw new Error(`GET /api/staff${query}: ${res.statusCode} ${res.body}`)
  return { rows: res.json<Listed[]>(), total: Number(res.headers['x-total-count']) }
}
const patch = (account: Pick<SeededAccount, 'cookie'> | null, id: number, payload: unknown) => injectAs(app, account, { method: 'PATCH', url: `/api/staff/${id}`, payload: payload as object })
const remove = (account: Pick<SeededAccount, 'cookie'> | null, id: number) => injectAs(app, account, { method: 'DELETE', url: `/api/staff/${id}` })
const invite = (account: Pick<SeededAccount, 'cookie'> | null, payload: Record<string, string>) => injectAs(app, account, { method: 'POST', url: '/api/staff', payload })
const login = (email: string, password = SEED_PASSWORD) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

t.test('only an administrator reaches /api/staff: a visitor 401, a client and a staff member 403', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const staff = await seedAccount(app, { role: 'staff' })
  const calls = [
    { method: 'GET', url: '/api/staff' },
    { method: 'POST', url: '/api/staff', payload: { email: 'x@example.dz', username: 'X', role: 'staff' } },
    { method: 'PATCH', url: `/api/staff/${staff.id}`, payload: { role: 'admin' } },
    { method: 'DELETE', url: `/api/staff/${staff.id}` },
  ] as const
  for (const call of calls) {
    t.equal((await injectAs(app, null, call)).statusCode, 401, `${call.method} visitor`)
    t.equal((await injectAs(app, client, call)).statusCode, 403, `${call.method} client`)
    const asStaff = await injectAs(app, staff, call)
    t.equal(asStaff.statusCode, 403, `${call.method} staff`)
    t.equal(asStaff.json().message, 'Accès réservé aux administrateurs.')
  }
  t.equal((await list(`?q=${encodeURIComponent(staff.email)}`)).rows[0]!.role, 'staff', 'the staff member was not promoted by their own call')
})

t.test('the list: every admin and staff member, invited or active, newest first, never a client or a removed person', async (t) => {
  const staff = await seedAccount(app, { role: 'staff', username: 'Nadia Cherif' })
  const client = await seedAccount(app, { accepted: true, username: 'Client Atlas' })
  const invited = (await invite(admin, { email: 'samir.bouzid@cabinet.dz', username: 'Samir Bouzid', role: 'admin' })).json<Listed>()
  const gone = await seedAccount(app, { role: 'staff', username: 'Parti Ailleurs' })
  t.equal((await remove(admin, gone.id)).statusCode, 200)
  const other = await seedAccount(app, { accepted: true })
  await db.insertInto('client_staff').values([client, other].map((c) => ({ client_id: c.id, staff_id: staff.id, created_at: toDbTime(new Date()) }))).execute()

  const { rows, total } = await list()
  const ids = rows.map((row) => row.id)
  t.equal(total, rows.length, 'X-Total-Count')
  t.ok(ids.includes(admin.id) && ids.includes(staff.id) && ids.includes(invited.id), 'admins, staff and the invited')
  t.notOk(ids.includes(client.id) || ids.includes(gone.id), 'no client, no removed person')
  const sorted = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
  t.same(ids, sorted.map((row) => row.id), 'newest first')
  const nadia = rows.find((row) => row.id === staff.id)!
  t.same(Object.keys(nadia).sort(), ['clients', 'createdAt', 'email', 'id', 'lastSeenAt', 'role', 'status', 'username'])
  t.match(nadia, { username: 'Nadia Cherif', email: staff.email, role: 'staff', clients: 2, status: 'active' })
  const session = await db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', staff.id).executeTakeFirstOrThrow()
  t.equal(new Date(nadia.lastSeenAt!).getTime(), new Date(`${String(session.last_seen_at).replace(' ', 'T')}Z`).getTime(), 'lastSeenAt: the session’s last use')
  t.match(rows.find((row) => row.id === invited.id), { role: 'admin', status: 'invited', clients: 0, lastSeenAt: null })
})

t.test('the list takes contract §2’s parameters: q over name and address, from/to, page and pageSize', async (t) => {
  const a = await seedAccount(app, { role: 'staff', username: 'Zoubida Hamidi', email: 'zh-unique@cabinet.dz' })
  const b = await seedAccount(app, { role: 'staff', username: 'Yasmine Ouali', email: 'yo@cabinet.dz' })
  await db.updateTable('users').set({ created_at: toDbTime(new Date('2024-05-03T10:00:00Z')) }).where('id', '=', a.id).execute()
  await db.updateTable('users').set({ created_at: toDbTime(new Date('2024-05-05T10:00:00Z')) }).where('id', '=', b.id).execute()

  t.same((await list('?q=zoubida')).rows.map((r) => r.id), [a.id], 'by name, case-insensitive')
  t.same((await list('?q=HAMIDI')).rows.map((r) => r.id), [a.id])
  t.same((await list('?q=zh-unique')).rows.map((r) => r.id), [a.id], 'by address')
  t.same((await list('?q=yasmine%20ouali')).rows.map((r) => r.id), [b.id])
  t.same((await list('?from=2024-05-01&to=2024-05-04')).rows.map((r) => r.id), [a.id], 'from/to, inclusive days')
  t.same((await list('?from=2024-05-05&to=2024-05-05')).rows.map((r) => r.id), [b.id])
  const all = await list()
  const firstPage = await list('?page=1&pageSize=2')
  const secondPage = await list('?page=2&pageSize=2')
  t.equal(firstPage.total, all.total, 'the total of the whole list')
  t.same([...firstPage.rows, ...secondPage.rows].map((r) => r.id), all.rows.slice(0, 4).map((r) => r.id), 'pages follow one another')
  t.equal((await injectAs(app, admin, '/api/staff?from=2024-02-31')).statusCode, 400, 'an impossible day')
})

t.test('POST /api/staff: 201 with the person, checked fields (French, under their field), an address with an account 409', async (t) => {
  const res = await invite(admin, { email: '  Leila.Mansouri@Cabinet.dz ', username: 'Leila Mansouri', role: 'staff' })
  t.equal(res.statusCode, 201)
  t.match(res.json(), { username: 'Leila Mansouri', email: 'leila.mansouri@cabinet.dz', role: 'staff', clients: 0, lastSeenAt: null, status: 'invited' })
  t.same(await entries(db, 'staff.invited').then((list) => list.at(-1)), { actorId: admin.id, subject: { type: 'user', id: res.json().id, label: 'Leila Mansouri' } }, 'journaled: staff.invited')

  const refusals: Array<[Record<string, string>, string, string]> = [
    [{ username: 'X', role: 'staff' }, 'Email est requis', 'email'],
    [{ email: 'x@example.dz', role: 'staff' }, 'Nom d’utilisateur requis', 'username'],
    [{ email: 'pas-une-adresse', username: 'X', role: 'staff' }, 'Adresse e-mail invalide.', 'email'],
    [{ email: 'x@example.dz', username: 'X' }, 'Le rôle est requis.', 'role'],
    [{ email: 'x@example.dz', username: 'X', role: 'client' }, 'Le rôle doit être « admin » (administrateur) ou « staff » (collaborateur).', 'role'],
  ]
  for (const [payload, message, field] of refusals) {
    const refused = await invite(admin, payload)
    t.equal(refused.statusCode, 400, message)
    t.match(refused.json(), { message, code: 'validation', field })
  }
  const client = await seedAccount(app, { accepted: true })
  const staff = await seedAccount(app, { role: 'staff' })
  for (const email of [client.email, staff.email, admin.email]) {
    const taken = await invite(admin, { email, username: 'Doublon', role: 'staff' })
    t.equal(taken.statusCode, 409, email)
    t.match(taken.json(), { message: 'Un compte existe déjà avec cette adresse e-mail.', code: 'conflict' })
  }
  t.equal(await db.selectFrom('users').select('role').where('id', '=', client.id).executeTakeFirstOrThrow().then((r) => r.role), 'client', 'the client stays a client')
})

t.test('PATCH /api/staff/:id: admin ↔ staff, journaled; 400 for a bad role; 404 for a client, a removed person or an unknown id', async (t) => {
  const staff = await seedAccount(app, { role: 'staff', username: 'Rachid Amrani' })
  const promoted = await patch(admin, staff.id, { role: 'admin' })
  t.equal(promoted.statusCode, 200)
  t.match(promoted.json(), { id: staff.id, role: 'admin', status: 'active' })
  t.equal((await injectAs(app, staff, '/api/staff')).statusCode, 200, 'a promotion takes effect at once, on the same session')
  t.same((await entries(db, 'staff.role_changed')).at(-1), { actorId: admin.id, subject: { type: 'user', id: staff.id, label: 'Rachid Amrani' } })
  const before = (await entries(db, 'staff.role_changed')).length
  t.equal((await patch(admin, staff.id, { role: 'admin' })).statusCode, 200, 'the same role again: nothing to change')
  t.equal((await entries(db, 'staff.role_changed')).length, before, 'and nothing journaled')

  t.match((await patch(admin, staff.id, {})).json(), { message: 'Le rôle est requis.', field: 'role' })
  t.equal((await patch(admin, staff.id, { role: 'client' })).statusCode, 400)
  const client = await seedAccount(app, { accepted: true })
  const gone = await seedAccount(app, { role: 'staff' })
  await remove(admin, gone.id)
  for (const id of [client.id, gone.id, 999_999]) {
    const res = await patch(admin, id, { role: 'admin' })
    t.equal(res.statusCode, 404, `id ${id}`)
    t.equal(res.json().message, NOT_FOUND)
  }
  t.equal(await db.selectFrom('users').select('role').where('id', '=', client.id).executeTakeFirstOrThrow().then((r) => r.role), 'client')
})

t.test('a demotion to staff ends the person’s sessions and tokens: the next request is 401; they log in again with staff’s rights', async (t) => {
  const other = await seedAccount(app, { admin: true })
  const token = await createToken(app, other)
  t.equal((await asToken(app, token, '/api/staff')).statusCode, 200, 'the token works before')
  t.equal((await patch(admin, other.id, { role: 'staff' })).statusCode, 200)
  t.equal(await sessionStatus(app, other), 401, 'the old cookie')
  t.equal((await asToken(app, token, '/api/auth/status')).statusCode, 401, 'the old token')
  const again = await login(other.email)
  t.equal(again.statusCode, 200, 'the password still opens a session')
  t.match(again.json(), { role: 'staff', isAdmin: true })
})

t.test('DELETE /api/staff/:id: status removed, sessions, tokens and assignments gone, the row kept; 404 for a client or an unknown id', async (t) => {
  const staff = await seedAccount(app, { role: 'staff', username: 'Omar Saadi' })
  const token = await createToken(app, staff)
  const client = await seedAccount(app, { accepted: true })
  await db.insertInto('client_staff').values({ client_id: client.id, staff_id: staff.id, created_at: toDbTime(new Date()) }).execute()
  t.equal((await asToken(app, token, '/api/auth/status')).statusCode, 200)

  const res = await remove(admin, staff.id)
  t.equal(res.statusCode, 200)
  t.same(res.json(), { message: 'Omar Saadi ne fait plus partie de l’équipe du cabinet : ses accès sont fermés.' })
  t.equal(await sessionStatus(app, staff), 401, 'the old cookie is dead at once')
  t.equal((await asToken(app, token, '/api/auth/status')).statusCode, 401, 'so is the token')
  const refused = await login(staff.email)
  t.equal(refused.statusCode, 400, 'the password is refused')
  t.equal(refused.json().message, 'Email ou mot de passe incorrect.')
  t.equal(await db.selectFrom('sessions').select('id').where('user_id', '=', staff.id).execute().then((r) => r.length), 0)
  t.equal(await db.selectFrom('access_tokens').select('id').where('user_id', '=', staff.id).execute().then((r) => r.length), 0)
  t.equal(await db.selectFrom('client_staff').select('client_id').where('staff_id', '=', staff.id).execute().then((r) => r.length), 0, 'assignments dropped')
  t.match(await db.selectFrom('users').select(['username', 'status', 'role']).where('id', '=', staff.id).executeTakeFirstOrThrow(), { username: 'Omar Saadi', status: 'removed', role: 'staff' }, 'the row stays')
  t.same((await entries(db, 'staff.removed')).at(-1), { actorId: admin.id, subject: { type: 'user', id: staff.id, label: 'Omar Saadi' } })
  t.notOk((await list()).rows.some((row) => row.id === staff.id), 'out of the list')

  t.equal((await remove(admin, staff.id)).statusCode, 404, 'removed already')
  t.equal((await remove(admin, client.id)).statusCode, 404, 'a client')
  t.equal((await remove(admin, 999_999)).statusCode, 404, 'unknown')
  t.equal(await sessionStatus(app, client), 200, 'the client was not touched')
})

t.test('an invited administrator made staff keeps their link: only an active person’s sessions and tokens end', async (t) => {
  const invited = (await invite(admin, { email: 'bientot-admin@cabinet.dz', username: 'Bientôt Admin', role: 'admin' })).json<Listed>()
  const res = await patch(admin, invited.id, { role: 'staff' })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { role: 'staff', status: 'invited' })
  const unused = await db.selectFrom('user_tokens').select('id').where('user_id', '=', invited.id).where('purpose', '=', 'invitation').where('used_at', 'is', null).execute()
  t.equal(unused.length, 1, 'the invitation still works')
})

t.test('removing an invited person kills their link', async (t) => {
  const invited = (await invite(admin, { email: 'pas-encore@cabinet.dz', username: 'Pas Encore', role: 'staff' })).json<Listed>()
  t.equal((await remove(admin, invited.id)).statusCode, 200)
  const unused = await db.selectFrom('user_tokens').select('id').where('user_id', '=', invited.id).where('used_at', 'is', null).execute()
  t.equal(unused.length, 0, 'no link of theirs works any more')
})

/** A firm of exactly the administrators given (a fresh app). */
async function firmOf(t: T, admins: number) {
  const built = await buildTestApp(t)
  const people = []
  for (let i = 0; i < admins; i++) people.push(await seedAccount(built.app, { admin: true }))
  return { ...built, admins: people }
}

t.test('the last active administrator can be neither demoted nor removed (409), not even by themselves', async (t) => {
  const { app, admins: [only] } = await firmOf(t, 1)
  const invitedAdmin = await injectAs(app, only!, { method: 'POST', url: '/api/staff', payload: { email: 'futur@cabinet.dz', username: 'Futur Admin', role: 'admin' } })
  t.equal(invitedAdmin.statusCode, 201, 'an invited administrator does not count: they cannot log in yet')
  for (const call of [{ method: 'PATCH', url: `/api/staff/${only!.id}`, payload: { role: 'staff' } }, { method: 'DELETE', url: `/api/staff/${only!.id}` }] as const) {
    const res = await injectAs(app, only!, call)
    t.equal(res.statusCode, 409, call.method)
    t.match(res.json(), { message: LAST_ADMIN, code: 'conflict' })
  }
  t.equal(await sessionStatus(app, only!), 200, 'nothing changed')
  t.equal((await injectAs(app, only!, { method: 'PATCH', url: `/api/staff/${only!.id}`, payload: { role: 'admin' } })).statusCode, 200, 'keeping the role is no demotion')
  t.equal((await injectAs(app, only!, { method: 'DELETE', url: `/api/staff/${invitedAdmin.json().id}` })).statusCode, 200, 'the invited administrator may go')
})

t.test('with two administrators, one may demote or remove the other, or leave; then the one left is the last', async (t) => {
  const { app, admins: [a, b] } = await firmOf(t, 2)
  t.equal((await injectAs(app, a!, { method: 'DELETE', url: `/api/staff/${a!.id}` })).statusCode, 200, 'an administrator leaves while another stays')
  t.equal(await sessionStatus(app, a!), 401, 'and their own session ends')
  t.equal((await injectAs(app, b!, { method: 'DELETE', url: `/api/staff/${b!.id}` })).statusCode, 409, 'the one left is the last')
  t.equal((await injectAs(app, b!, { method: 'PATCH', url: `/api/staff/${b!.id}`, payload: { role: 'staff' } })).statusCode, 409)
})

t.test('two administrators demoting each other at once: one of them stays an administrator', async (t) => {
  const { app, db, admins: [a, b] } = await firmOf(t, 2)
  const results = await Promise.all([
    injectAs(app, a!, { method: 'PATCH', url: `/api/staff/${b!.id}`, payload: { role: 'staff' } }),
    injectAs(app, b!, { method: 'PATCH', url: `/api/staff/${a!.id}`, payload: { role: 'staff' } }),
  ])
  const codes = results.map((r) => r.statusCode).sort()
  t.ok(codes.includes(200), `one demotion passes (${codes.join(', ')})`)
  t.notOk(codes.includes(500), 'never a server error')
  const left = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '=', 'active').execute()
  t.equal(left.length, 1, 'exactly one administrator left')
})
