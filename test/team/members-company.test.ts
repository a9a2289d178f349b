// Issue 29, contract §9: a member cannot delete the company nor their own account (its owner removes
// them), and deleting the company (an administrator deleting the client, or the owner their own
// account) deletes its members with it, in the same transaction: no account is left that could log in
// to a space that is gone.
import t from 'tap'
import { injectAs, SEED_PASSWORD, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { submit } from '../helpers/forms.js'

const { app, db } = await buildTestApp(t, { RATE_LIMIT_LOGIN_IP: '1000' })

/** An accepted company with an active member, an invited one and a removed one. */
async function company(name: string) {
  const owner = await seedAccount(app, { accepted: true, entreprise: name })
  const active = await seedAccount(app, { companyId: owner.id, entreprise: name })
  const invited = await injectAs(app, owner, { method: 'POST', url: '/api/company/members', payload: { email: `invite-${owner.id}@example.dz`, username: 'Invité' } })
  const removed = await seedAccount(app, { companyId: owner.id, entreprise: name })
  await injectAs(app, owner, { method: 'DELETE', url: `/api/company/members/${removed.id}` })
  return { owner, active, invitedId: Number(invited.json().id), removed }
}

const exists = async (id: number) => (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
const deleteAccount = (as: SeededAccount, id: number) => injectAs(app, as, { method: 'DELETE', url: `/api/users/profile/${id}` })
const login = (account: SeededAccount) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: SEED_PASSWORD } })

t.test('a member deletes neither the company nor their own account (403); the owner removes them', async (t) => {
  const { owner, active } = await company('SARL Membre')
  for (const id of [owner.id, active.id]) {
    const res = await deleteAccount(active, id)
    t.equal(res.statusCode, 403, id === owner.id ? 'the company' : 'their own account')
    t.equal(res.json().message, 'Votre compte fait partie de l’équipe de votre entreprise : seul son propriétaire peut vous en retirer.')
  }
  isPage(t, await submit(app, '/users/profile/delete', {}, active.cookie), 403, 'the profile’s form without JavaScript')
  t.ok((await exists(owner.id)) && (await exists(active.id)), 'nothing deleted')
  t.equal((await injectAs(app, active, '/api/auth/status')).statusCode, 200, 'still logged in')
})

for (const [who, deleter] of [
  ['an administrator deletes the client', 'admin'],
  ['the owner deletes their account', 'owner'],
] as const) {
  t.test(`${who}: its members go with it, and no one of them can log in`, async (t) => {
    const { owner, active, invitedId, removed } = await company(`SARL ${deleter}`)
    const other = await company(`EURL autre ${deleter}`)
    const token = await injectAs(app, active, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })
    const bearer = { authorization: `Bearer ${token.json().token}` }

    const as = deleter === 'admin' ? await seedAccount(app, { admin: true }) : owner
    const res = await deleteAccount(as, owner.id)
    t.equal(res.statusCode, 200)
    for (const id of [owner.id, active.id, invitedId, removed.id]) t.notOk(await exists(id), `account ${id} deleted`)
    t.equal((await injectAs(app, active, '/api/auth/status')).statusCode, 401, 'the member’s session is gone')
    t.equal((await app.inject({ url: '/api/auth/status', headers: bearer })).statusCode, 401, 'so is their token')
    t.equal((await login(active)).statusCode, 400, 'their password opens nothing')
    const left = await db.selectFrom('users').select('id').where('company_id', '=', owner.id).execute()
    t.same(left, [], 'no member left of the company')

    t.ok((await exists(other.owner.id)) && (await exists(other.active.id)) && (await exists(other.invitedId)), 'another company is untouched')
    t.equal((await injectAs(app, other.active, '/api/auth/status')).statusCode, 200)
  })
}
