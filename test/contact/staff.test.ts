// Contract §9: only an administrator reads the contact inbox; a staff member is refused on the API
// (403) and sent home from its pages, and nothing is deleted.
import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

t.test('the contact inbox is an administrator’s: a staff member gets 403 from the API and is sent home from the pages', async (t) => {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const staff = await seedAccount(app, { role: 'staff' })
  const stored = await db.insertInto('contact_messages').values({ name: 'Visiteur', email: 'visiteur@example.dz', telephone: '0551234567', message: 'Bonjour', ip: null, created_at: toDbTime(new Date()) }).executeTakeFirstOrThrow()
  const id = Number(stored.insertId)

  const list = await injectAs(app, staff, '/api/users/contact')
  t.equal(list.statusCode, 403)
  t.same(list.json(), { message: 'Accès réservé aux administrateurs.', code: 'forbidden' })
  t.equal((await injectAs(app, staff, { method: 'DELETE', url: `/api/users/contact/${id}` })).statusCode, 403, 'deleting')
  for (const url of ['/admin-dashboard/messages', `/admin-dashboard/messages/${id}/delete`]) {
    const page = await injectAs(app, staff, { method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } })
    t.same([page.statusCode, page.headers.location], [303, '/'], `${url}: home`)
  }
  const form = await injectAs(app, staff, { method: 'POST', url: `/admin-dashboard/messages/${id}/delete`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }, payload: '' })
  t.equal(form.statusCode, 403, 'the delete form')
  t.ok(await db.selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst(), 'the message is still there')
  t.equal((await injectAs(app, admin, '/api/users/contact')).statusCode, 200, 'an administrator reads it')
})
