// Security review of issue 29: no invitation reserves an address forever, and a company's owner never
// takes over someone else's registration. A valid invitation holds its address (a registration with it
// changes nothing, and answers as a new one); one that lapsed or was withdrawn before it was accepted gives way to a registration or another
// invitation; an unverified registration gives way to the firm's invitation, not to an owner's.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { registration, SHARED_APP_LIMITS } from '../helpers/identity.js'

const { app, db } = await buildTestApp(t, SHARED_APP_LIMITS)
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }
const admin = await seedAccount(app, { admin: true })
const owner = await seedAccount(app, { accepted: true })
const register = (email: string) => app.inject({ method: 'POST', url: '/api/auth/register', headers: SAME_SITE, payload: registration({ email }) })
const inviteMember = (email: string) => injectAs(app, owner, { method: 'POST', url: '/api/company/members', headers: SAME_SITE, payload: { email, username: 'Collègue' } })
const rowOf = (email: string) => db.selectFrom('users').select(['id', 'status', 'company_id', 'role']).where('email', '=', email).executeTakeFirst()

t.test('an owner cannot take over an unverified registration; the firm can', async (t) => {
  t.equal((await register('inscrite@example.dz')).statusCode, 201)
  const res = await inviteMember('inscrite@example.dz')
  t.equal(res.statusCode, 409)
  t.same((await rowOf('inscrite@example.dz'))?.status, 'active', 'the registration is still there')
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/staff', headers: SAME_SITE, payload: { email: 'inscrite@example.dz', username: 'Recrue', role: 'staff' } })).statusCode, 201, 'the firm invites over it')
  t.equal((await rowOf('inscrite@example.dz'))?.role, 'staff')
})

t.test('a valid invitation holds its address; a lapsed or withdrawn one gives way', async (t) => {
  t.equal((await inviteMember('invitee@example.dz')).statusCode, 201)
  const invited = (await rowOf('invitee@example.dz'))!
  t.equal((await register('invitee@example.dz')).statusCode, 201, 'registering over a valid invitation: answered as a new address (issue 34)…')
  t.same(await rowOf('invitee@example.dz'), invited, '…and the invitation still holds it')
  await db.updateTable('user_tokens').set({ expires_at: '2020-01-01 00:00:00.000' }).where('user_id', '=', Number(invited.id)).execute()
  t.equal((await register('invitee@example.dz')).statusCode, 201, 'the lapsed invitation gave way to a registration')
  t.equal((await rowOf('invitee@example.dz'))?.company_id, null, 'the address is the registrant’s now')

  t.equal((await inviteMember('retiree@example.dz')).statusCode, 201)
  const retiree = (await rowOf('retiree@example.dz'))!
  t.equal((await injectAs(app, owner, { method: 'DELETE', url: `/api/company/members/${retiree.id}`, headers: SAME_SITE })).statusCode, 200)
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/staff', headers: SAME_SITE, payload: { email: 'retiree@example.dz', username: 'Recrue', role: 'staff' } })).statusCode, 201, 'the withdrawn invitation gave way to the firm’s')
})
