// Security review of issue 29: a personal access token may read the teams but never open or close
// someone's access — no inviting (a leaked token would mint an administrator with a password of its
// own), no role change, no removal, no assignment (contract §8's "account management", §9).
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { asToken, createToken } from './staff-helpers.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
const other = await seedAccount(app, { admin: true })
const staff = await seedAccount(app, { role: 'staff' })
const owner = await seedAccount(app, { accepted: true })
const member = await seedAccount(app, { companyId: owner.id })

t.test('an administrator’s token reads the firm’s team and changes nothing of it', async (t) => {
  const token = await createToken(app, admin)
  t.equal((await asToken(app, token, '/api/staff')).statusCode, 200, 'GET /api/staff')
  t.equal((await asToken(app, token, `/api/users/${owner.id}/staff`)).statusCode, 200, 'GET /api/users/:id/staff')
  const refused = [
    { method: 'POST' as const, url: '/api/staff', payload: { email: 'intrus@example.dz', username: 'Intrus', role: 'admin' } },
    { method: 'PATCH' as const, url: `/api/staff/${other.id}`, payload: { role: 'staff' } },
    { method: 'DELETE' as const, url: `/api/staff/${staff.id}` },
    { method: 'PUT' as const, url: `/api/users/${owner.id}/staff`, payload: { staffIds: [staff.id] } },
  ]
  for (const request of refused) {
    const res = await asToken(app, token, request)
    t.equal(res.statusCode, 403, `${request.method} ${request.url}`)
    t.equal(res.json().code, 'forbidden')
  }
  t.notOk(await db.selectFrom('users').select('id').where('email', '=', 'intrus@example.dz').executeTakeFirst(), 'nobody invited')
  const roles = await db.selectFrom('users').select(['id', 'role', 'status']).where('id', 'in', [other.id, staff.id]).orderBy('id').execute()
  t.same(roles.map((row) => [row.role, row.status]), [['admin', 'active'], ['staff', 'active']], 'nobody demoted or removed')
  t.equal((await db.selectFrom('client_staff').select('staff_id').where('client_id', '=', owner.id).execute()).length, 0, 'nobody assigned')
  const bySession = await injectAs(app, admin, { method: 'PUT', url: `/api/users/${owner.id}/staff`, headers: { 'sec-fetch-site': 'same-origin' }, payload: { staffIds: [staff.id] } })
  t.equal(bySession.statusCode, 200, 'the session still does it')
})

t.test('an owner’s token lists the company’s people and neither invites nor removes', async (t) => {
  const token = await createToken(app, owner)
  t.equal((await asToken(app, token, '/api/company/members')).statusCode, 200)
  t.equal((await asToken(app, token, { method: 'POST', url: '/api/company/members', payload: { email: 'collegue@example.dz', username: 'Collègue' } })).statusCode, 403)
  t.equal((await asToken(app, token, { method: 'DELETE', url: `/api/company/members/${member.id}` })).statusCode, 403)
  t.equal((await db.selectFrom('users').select('status').where('id', '=', member.id).executeTakeFirstOrThrow()).status, 'active')
})
