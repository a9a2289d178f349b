// Security review of issue 29: the administrator ADMIN_EMAIL names cannot be demoted or removed from
// the team (the next start would make them an administrator again, with ADMIN_PASSWORD), and a list of
// staffIds longer than any firm is a 400, never a 500 (SQLite bounds a query's parameters).
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

const CONFIGURED = { email: 'direction@cabinet.dz', password: 'Adm1n#Cabinet!x' }
const { app, db } = await buildTestApp(t, { ADMIN_EMAIL: CONFIGURED.email, ADMIN_PASSWORD: CONFIGURED.password })
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }
const configured = Number((await db.selectFrom('users').select('id').where('email', '=', CONFIGURED.email).executeTakeFirstOrThrow()).id)
const admin = await seedAccount(app, { admin: true })
const client = await seedAccount(app, { accepted: true })

t.test('the configured administrator is neither demoted nor removed through the team', async (t) => {
  for (const request of [{ method: 'PATCH' as const, url: `/api/staff/${configured}`, payload: { role: 'staff' } }, { method: 'DELETE' as const, url: `/api/staff/${configured}` }]) {
    const res = await injectAs(app, admin, { ...request, headers: SAME_SITE })
    t.equal(res.statusCode, 409, `${request.method}`)
    t.match(res.json().message, /ADMIN_EMAIL/)
  }
  const row = await db.selectFrom('users').select(['role', 'status']).where('id', '=', configured).executeTakeFirstOrThrow()
  t.same([row.role, row.status], ['admin', 'active'])
  t.equal((await injectAs(app, admin, { method: 'PATCH', url: `/api/staff/${admin.id}`, headers: SAME_SITE, payload: { role: 'staff' } })).statusCode, 200, 'another administrator still can be')
})

t.test('a list of staffIds longer than any firm is refused with 400, through the API and the form', async (t) => {
  const ids = Array.from({ length: 600 }, (_, i) => i + 1)
  const api = await injectAs(app, admin, { method: 'PUT', url: `/api/users/${client.id}/staff`, headers: SAME_SITE, payload: { staffIds: ids } })
  t.equal(api.statusCode, 400)
  const many = Array.from({ length: 40_000 }, (_, i) => `staffIds=${i + 1}`).join('&')
  const form = await injectAs(app, admin, { method: 'POST', url: `/admin-dashboard/clients/${client.id}/staff`, headers: { ...SAME_SITE, 'content-type': 'application/x-www-form-urlencoded' }, payload: many })
  t.ok(form.statusCode < 500, `the form answers ${form.statusCode}, not a 500`)
  t.equal((await db.selectFrom('client_staff').select('staff_id').where('client_id', '=', client.id).execute()).length, 0, 'nothing assigned')
})
