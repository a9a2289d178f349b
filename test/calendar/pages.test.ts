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

// Contract §11 « each editable », §8 without JavaScript: an obligation made, changed and deleted from
// the firm's page, with the API's checks in place; administrators alone (staff read, change nothing).
t.test('the obligations’ pages: new, changed, deleted, the checks in place, administrators alone', async (t) => {
  const { app } = await requestsApp(t, { start: '2027-01-05T09:00:00Z' })
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  const staff = await seedAccount(app, { role: 'staff' })
  await addType(app, admin, 'Bilans')
  const owner = await seedAccount(app, { accepted: true, entreprise: 'SARL Tassili' })
  const NEW = '/admin-dashboard/calendar/obligations/new'

  let page = await injectAs(app, admin, '/admin-dashboard/calendar')
  t.match(page.body, `href="${NEW}"`, 'an administrator adds')
  const g50 = ((await injectAs(app, admin, '/api/obligations')).json() as Array<{ id: number; code: string; dueMonths: number[] }>).find((o) => o.code === 'G50')!
  t.match(page.body, `href="/admin-dashboard/calendar/obligations/${g50.id}"`, 'and changes each')
  page = await injectAs(app, staff, '/admin-dashboard/calendar')
  t.notMatch(page.body, NEW, 'staff read the calendar only')
  t.notMatch(page.body, '/admin-dashboard/calendar/obligations/', 'no link to change one')
  t.equal((await injectAs(app, staff, NEW)).statusCode, 303, 'staff go home from the form')
  t.equal((await injectAs(app, staff, { method: 'POST', url: NEW, ...form({ code: 'TAP', label: 'TAP', dueDay: '20', dueMonths: '1', leadDays: '15', active: 'on' }) })).statusCode, 403, 'and their post is refused')
  t.equal((await injectAs(app, staff, { method: 'POST', url: `/admin-dashboard/calendar/obligations/${g50.id}/delete`, ...form({}) })).statusCode, 403)
  t.equal((await injectAs(app, owner, `/admin-dashboard/calendar/obligations/${g50.id}`)).statusCode, 303, 'a client goes home')
  const visitor = await app.inject({ method: 'GET', url: NEW })
  t.equal(visitor.statusCode, 303)
  t.equal(visitor.headers.location, '/login', 'a visitor logs in first')

  // The form, with every field the page posts; the checks of the API, each under its field.
  page = await injectAs(app, admin, NEW)
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Nouvelle obligation')
  for (const field of ['code', 'label', 'dueDay', 'dueMonths', 'taxRegime', 'employer', 'typeId', 'leadDays', 'active']) t.match(page.body, `name="${field}"`, field)
  t.match(page.body, '>octobre</label>', 'the months by name')
  let res = await injectAs(app, admin, { method: 'POST', url: NEW, ...form({ code: 'tap', label: '', dueDay: '32', leadDays: '15', active: 'on' }) })
  t.equal(res.statusCode, 400, 'answered again')
  t.match(res.body, 'Libellé requis')
  t.match(res.body, 'Jour d’échéance invalide : un nombre de 1 à 31.')
  t.match(res.body, 'Mois d’échéance invalides')
  t.match(res.body, 'value="tap"', 'what was typed stays')
  res = await injectAs(app, admin, { method: 'POST', url: NEW, ...form({ code: 'G50', label: 'Encore', dueDay: '20', dueMonths: '1', leadDays: '15', active: 'on' }) })
  t.equal(res.statusCode, 409, 'a code taken, as the API')
  t.match(res.body, 'Une obligation porte déjà ce code.')

  const types = (await injectAs(app, admin, '/api/documents/types')).json() as Array<{ id: number; typeName: string }>
  const typeId = types.find((type) => type.typeName === 'Bilans')!.id
  const body = new URLSearchParams({ code: 'TAP', label: 'Taxe locale', dueDay: '31', taxRegime: 'reel', employer: 'on', typeId: String(typeId), leadDays: '10', active: 'on' })
  for (const month of ['2', '5', '8', '11']) body.append('dueMonths', month)
  res = await injectAs(app, admin, { method: 'POST', url: NEW, headers: form({}).headers, payload: body.toString() })
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin-dashboard/calendar')
  const made = ((await injectAs(app, admin, '/api/obligations')).json() as Array<Record<string, unknown>>).find((o) => o.code === 'TAP')!
  t.match(made, { label: 'Taxe locale', dueDay: 31, dueMonths: [2, 5, 8, 11], frequency: 'quarterly', appliesTo: { taxRegime: 'reel', employer: true }, typeId, leadDays: 10, active: true })

  // Changed: the page shows what it holds; a box unticked is false; a wrong value is answered again.
  page = await injectAs(app, admin, `/admin-dashboard/calendar/obligations/${made.id}`)
  t.match(page.body, 'Modifier l’obligation TAP')
  t.match(page.body, 'value="Taxe locale"')
  res = await injectAs(app, admin, { method: 'POST', url: `/admin-dashboard/calendar/obligations/${made.id}`, ...form({ code: 'TAP', label: 'Taxe locale', dueDay: '31', dueMonths: '2', leadDays: '400', taxRegime: '', typeId: '' }) })
  t.equal(res.statusCode, 400)
  t.match(res.body, 'Délai invalide : un nombre de jours de 0 à 365.')
  t.match(res.body, /id="obligation-month-2"[^>]*checked/, 'the months ticked stay ticked')
  res = await injectAs(app, admin, { method: 'POST', url: `/admin-dashboard/calendar/obligations/${made.id}`, ...form({ code: 'TAP', label: 'Taxe locale annuelle', dueDay: '30', dueMonths: '6', leadDays: '20', taxRegime: '', typeId: '' }) })
  t.equal(res.statusCode, 303)
  t.match(((await injectAs(app, admin, '/api/obligations')).json() as Array<Record<string, unknown>>).find((o) => o.id === made.id), { label: 'Taxe locale annuelle', dueDay: 30, dueMonths: [6], frequency: 'yearly', appliesTo: {}, typeId: null, leadDays: 20, active: false })
  t.equal((await injectAs(app, admin, '/admin-dashboard/calendar/obligations/999999')).statusCode, 404)
  t.equal((await injectAs(app, admin, '/admin-dashboard/calendar/obligations/abc')).statusCode, 404)

  // Deleted after its confirmation page; the page in Arabic when asked.
  page = await app.inject({ url: `/admin-dashboard/calendar/obligations/${made.id}/delete`, headers: { cookie: `${admin.cookie}; lang=ar` } })
  t.equal(page.statusCode, 200)
  t.match(page.body, 'حذف الالتزام TAP؟')
  res = await injectAs(app, admin, { method: 'POST', url: `/admin-dashboard/calendar/obligations/${made.id}/delete`, ...form({}) })
  t.equal(res.statusCode, 303)
  t.notOk(((await injectAs(app, admin, '/api/obligations')).json() as Array<{ id: number }>).some((o) => o.id === made.id), 'gone')
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/admin-dashboard/calendar/obligations/${made.id}/delete`, ...form({}) })).statusCode, 404, 'twice: 404')
})
