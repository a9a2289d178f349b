// Issue 29: a member the firm deletes outright (DELETE /api/users/profile/:id, not the owner's
// removal) leaves their company as a removal does: the reminders of its open requests addressed to
// them are discarded in the deletion's transaction; the owner's stay.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType } from '../documents/fixtures.js'
import { askFor, requestsApp, typeIdOf } from './helpers.js'

const { app, db } = await requestsApp(t, { start: '2026-03-02T09:00:00Z' })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const owner = await seedAccount(app, { accepted: true })
const member = await seedAccount(app, { companyId: owner.id })
/** The request's reminders waiting for `email` (the request's own first mail is not one). */
const pendingTo = async (email: string) =>
  Number(
    (await db.selectFrom('outbox').innerJoin('request_reminders', 'request_reminders.outbox_id', 'outbox.id').select((eb) => eb.fn.countAll().as('n')).where('outbox.recipient', '=', email).where('outbox.status', '=', 'pending').executeTakeFirstOrThrow()).n,
  )

t.test('the firm deletes a member: their waiting reminders go, the owner’s stay', async (t) => {
  await askFor(app, admin, { userId: owner.id, typeId: await typeIdOf(db, 'Bilan'), title: 'Bilan 2025', note: '', dueDate: '2026-03-20' })
  const before = { member: await pendingTo(member.email), owner: await pendingTo(owner.email) }
  t.ok(before.member > 0, `the member had ${before.member} reminders waiting`)
  const res = await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${member.id}`, headers: { 'sec-fetch-site': 'same-origin' } })
  t.equal(res.statusCode, 200)
  t.equal(await pendingTo(member.email), 0, 'none left for the member')
  t.equal(await pendingTo(owner.email), before.owner, 'the owner’s untouched')
})
