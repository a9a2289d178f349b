// Issue 32, contract §11: GET /api/calendar.ics is the calendar as an iCalendar feed (one VEVENT per
// item, stable UIDs), twelve months back and twelve ahead, read with an access token of §8 (the
// Authorization header, or ?token= for a phone's calendar). Parsed by ical.js, not by our code.
import t from 'tap'
import ICAL from 'ical.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType } from '../documents/fixtures.js'
import { requestsApp, typeIdOf } from '../requests/helpers.js'

t.test('the feed, parsed by ical.js, with an access token', async (t) => {
  const { app, db } = await requestsApp(t, { start: '2027-01-05T09:00:00Z' })
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  await addType(app, admin, 'Déclarations')
  const typeId = await typeIdOf(db, 'Déclarations')
  for (const o of (await injectAs(app, admin, '/api/obligations')).json() as Array<{ id: number }>) await injectAs(app, admin, { method: 'PATCH', url: `/api/obligations/${o.id}`, payload: { typeId } })
  const owner = await seedAccount(app, { accepted: true, entreprise: 'SARL Atlas' })
  await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { taxRegime: 'reel', employer: true } })
  const other = await seedAccount(app, { accepted: true, entreprise: 'EI Tassili' })
  await injectAs(app, other, { method: 'PATCH', url: '/api/users/company', payload: { taxRegime: 'ifu' } })
  await app.services.calendarRuns.runNow()

  const token = (await injectAs(app, owner, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Téléphone', expiresInDays: 30 } })).json().token as string
  const viaHeader = await app.inject({ url: '/api/calendar.ics', headers: { authorization: `Bearer ${token}` } })
  t.equal(viaHeader.statusCode, 200, viaHeader.body)
  t.match(viaHeader.headers['content-type'], /^text\/calendar/)
  const viaQuery = await app.inject({ url: `/api/calendar.ics?token=${token}` })
  t.equal(viaQuery.statusCode, 200, 'the token in the address, for calendars that subscribe by URL')
  t.equal((await app.inject({ url: '/api/calendar.ics?token=not-a-token' })).statusCode, 401)
  t.equal((await app.inject({ url: '/api/calendar.ics' })).statusCode, 401)

  const calendar = new ICAL.Component(ICAL.parse(viaHeader.body))
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
  const items = (await injectAs(app, owner, '/api/calendar?from=2026-01-05&to=2028-01-05')).json() as Array<{ obligation: { id: number; code: string }; period: string; dueDate: string }>
  t.equal(events.length, items.length, 'one VEVENT per item of the year back and ahead')
  t.ok(events.length >= 12 + 4, 'G50 each month, IBS, LIASSE, DAS, CASNOS')
  const first = events.find((e) => e.summary.startsWith('G50 '))!
  t.equal(first.startDate.toString(), '2027-01-20', 'an all-day event on the due date')
  t.ok(first.startDate.isDate)
  t.match(first.summary, 'SARL Atlas')
  t.match(first.description, 'Demandé')
  t.ok(events.every((e) => /^\d+-\d{4}-\d{2}-\d+@portail\.test$/.test(e.uid)), 'UIDs of obligation, period and company')
  t.equal(new Set(events.map((e) => e.uid)).size, events.length, 'each its own')
  const again = new ICAL.Component(ICAL.parse((await app.inject({ url: '/api/calendar.ics', headers: { authorization: `Bearer ${token}` } })).body))
  t.same(again.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid')), events.map((e) => e.uid), 'stable across fetches')
  t.notOk(events.some((e) => e.summary.includes('Tassili')), 'not another company’s')

  // The firm's feed: its scope's (an admin every company's).
  const firm = new ICAL.Component(ICAL.parse((await injectAs(app, admin, '/api/calendar.ics')).body))
  t.ok(firm.getAllSubcomponents('vevent').some((v) => String(v.getFirstPropertyValue('summary')).includes('Tassili')))
})
