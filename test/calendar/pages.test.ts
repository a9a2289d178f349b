// Issue 32, contract §8 and §11: the client's /calendar, the firm's /admin-dashboard/calendar, and the
// company's identifiers on the profile (the owner's, the firm's client page), their form posted
// without JavaScript answered again with the errors in place. Both dialects.
import t from 'tap'
import { nowDb } from '../../src/db/values.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType } from '../documents/fixtures.js'
import { requestsApp, typeIdOf } from '../requests/helpers.js'

const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://portail.test' }, payload: new URLSearchParams(fields).toString() })

t.test('the calendar pages and the identifiers on the profile', async (t) => {
  const { app, db } = await requestsApp(t, { start: '2027-01-05T09:00:00Z' })
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  const staff = await seedAccount(app, { role: 'staff' })
  await addType(app, admin, 'Déclarations')
  const typeId = await typeIdOf(db, 'Déclarations')
  for (const o of (await injectAs(app, admin, '/api/obligations')).json() as Array<{ id: number }>) await injectAs(app, admin, { method: 'PATCH', url: `/api/obligations/${o.id}`, payload: { typeId } })
  const owner = await seedAccount(app, { accepted: true, entreprise: 'SARL Atlas' })
  const member = await seedAccount(app, { companyId: owner.id })
  await db.insertInto('client_staff').values({ client_id: owner.id, staff_id: staff.id, created_at: nowDb() }).execute()

  // The owner's profile: the section, its island; the form without JavaScript.
  let page = await injectAs(app, owner, `/users/profile/${owner.id}`)
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Identifiants de l’entreprise')
  t.match(page.body, 'CompanyIdentifiersForm')
  let res = await injectAs(app, owner, { method: 'POST', url: `/users/profile/${owner.id}/company`, ...form({ nif: '12', taxRegime: 'reel' }) })
  t.equal(res.statusCode, 400, 'answered again')
  t.match(res.body, 'NIF invalide : 15 ou 20 chiffres.')
  res = await injectAs(app, owner, { method: 'POST', url: `/users/profile/${owner.id}/company`, ...form({ nif: '000216001234567', nis: '', rc: '', articleImposition: '', legalForm: 'SARL', taxRegime: 'reel', employer: 'oui' }) })
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${owner.id}#profile-company-title`)
  t.match((await injectAs(app, owner, '/api/users/company')).json(), { nif: '000216001234567', legalForm: 'SARL', taxRegime: 'reel', employer: true })
  t.notMatch((await injectAs(app, member, `/users/profile/${member.id}`)).body, 'Identifiants de l’entreprise', 'a member’s own profile is no company')

  // The firm's client page shows them too, and the staff serving the company changes them.
  page = await injectAs(app, staff, `/users/profile/${owner.id}`)
  t.match(page.body, '000216001234567')
  res = await injectAs(app, staff, { method: 'POST', url: `/users/profile/${owner.id}/company`, ...form({ employer: 'non' }) })
  t.equal(res.statusCode, 303)
  t.equal((await injectAs(app, owner, '/api/users/company')).json().employer, false)

  await app.services.calendarRuns.runNow()
  page = await injectAs(app, member, '/calendar')
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Mon calendrier')
  t.match(page.body, 'G50')
  t.match(page.body, 'Demandé')
  t.match(page.body, 'http://portail.test/api/calendar.ics?token=JETON')
  t.equal((await injectAs(app, admin, '/calendar')).statusCode, 303, 'the firm has its own page')

  page = await injectAs(app, staff, '/admin-dashboard/calendar')
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Calendrier fiscal')
  t.match(page.body, 'G50 (janvier 2027)')
  t.match(page.body, 'Obligations')
  t.match(page.body, 'href="/admin-dashboard/calendar"', 'in the sidebar')
  t.equal((await injectAs(app, owner, '/admin-dashboard/calendar')).statusCode, 303)
})
