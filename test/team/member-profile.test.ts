// Contract §9: a company's member deletes neither the company nor their own account (the owner removes
// them): their own profile page does not offer the deletion the owner's offers.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

const { app } = await buildTestApp(t)
const owner = await seedAccount(app, { accepted: true, username: 'Amina Haddad' })
const member = await seedAccount(app, { companyId: owner.id, username: 'Karim Benali' })

t.test('the owner’s profile offers deleting the account; a member’s does not', async (t) => {
  const own = await injectAs(app, owner, `/users/profile/${owner.id}`)
  t.equal(own.statusCode, 200)
  t.match(own.body, /Supprimer mon compte/)
  const mine = await injectAs(app, member, `/users/profile/${member.id}`)
  t.equal(mine.statusCode, 200)
  t.notMatch(mine.body, /Supprimer mon compte/)
  t.notMatch(mine.body, /\/users\/profile\/delete/, 'nor its page without JavaScript')
})
