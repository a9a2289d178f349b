// Issue 32, contract §11: the obligations (seeded defaults, their checks, admins only to change), the
// requests the calendar makes (one per company, obligation and period, leadDays before the due date,
// through §7's requests, never twice however often it runs or restarts, soon after a change), the
// items of GET /api/calendar and their states, driven by an injected clock. Both dialects.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { fixedClock } from '../../src/clock/clock.js'
import type { Db } from '../../src/db/database.js'
import { nowDb } from '../../src/db/values.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { settled } from '../helpers/app.js'
import { instances } from '../helpers/instances.js'
import { addType, PDF, upload } from '../documents/fixtures.js'
import { requestsApp, typeIdOf } from '../requests/helpers.js'

/** A new session at the clock's time (sessions end when days pass). */
async function fresh(app: FastifyInstance, ...accounts: SeededAccount[]): Promise<void> {
  for (const account of accounts) account.cookie = await app.sessionCookieFor(account.id)
}

/** 10:00 in Algiers on that day. */
const at = (day: string) => `${day}T09:00:00Z`

interface Obligation {
  id: number
  code: string
  label: string
  frequency: string
  dueDay: number
  dueMonths: number[]
  appliesTo: { taxRegime?: string; employer?: boolean }
  typeId: number | null
  leadDays: number
  active: boolean
}

async function obligations(app: FastifyInstance, admin: SeededAccount): Promise<Obligation[]> {
  const res = await injectAs(app, admin, '/api/obligations')
  if (res.statusCode !== 200) throw new Error(res.body)
  return res.json()
}

/** Every obligation asks for `typeId`. */
async function askFor(app: FastifyInstance, admin: SeededAccount, typeId: number) {
  for (const o of await obligations(app, admin)) {
    const res = await injectAs(app, admin, { method: 'PATCH', url: `/api/obligations/${o.id}`, payload: { typeId } })
    if (res.statusCode !== 200) throw new Error(res.body)
  }
}

async function company(app: FastifyInstance, name: string, identifiers: Record<string, unknown>): Promise<SeededAccount> {
  const owner = await seedAccount(app, { accepted: true, entreprise: name, username: `Gérant ${name}` })
  const res = await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: identifiers })
  if (res.statusCode !== 200) throw new Error(res.body)
  return owner
}

/** The calendar's requests: `code period` per company id. */
async function made(db: Db): Promise<Map<number, string[]>> {
  const rows = await db.selectFrom('requests').select(['user_id', 'obligation_code', 'obligation_period', 'title', 'due_date']).where('obligation_id', 'is not', null).orderBy('obligation_code').orderBy('obligation_period').execute()
  const byCompany = new Map<number, string[]>()
  for (const row of rows) byCompany.set(Number(row.user_id), [...(byCompany.get(Number(row.user_id)) ?? []), `${row.obligation_code} ${row.obligation_period} ${row.due_date} ${row.title}`])
  return byCompany
}

t.test('the seeded obligations, and who may change them', async (t) => {
  const { app, db } = await requestsApp(t, { start: at('2026-12-04') })
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  const staff = await seedAccount(app, { role: 'staff' })
  const client = await seedAccount(app, { accepted: true })
  const seeded = await obligations(app, admin)
  t.same(
    seeded.map(({ code, frequency, dueDay, dueMonths, appliesTo, leadDays, active }) => ({ code, frequency, dueDay, dueMonths, appliesTo, leadDays, active })),
    [
      { code: 'G50', frequency: 'monthly', dueDay: 20, dueMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], appliesTo: { taxRegime: 'reel' }, leadDays: 15, active: true },
      { code: 'G50TER', frequency: 'quarterly', dueDay: 20, dueMonths: [1, 4, 7, 10], appliesTo: { taxRegime: 'ifu' }, leadDays: 15, active: true },
      { code: 'LIASSE', frequency: 'yearly', dueDay: 30, dueMonths: [4], appliesTo: { taxRegime: 'reel' }, leadDays: 15, active: true },
      { code: 'IBS', frequency: 'yearly', dueDay: 20, dueMonths: [3, 6, 11], appliesTo: { taxRegime: 'reel' }, leadDays: 15, active: true },
      { code: 'DAS', frequency: 'yearly', dueDay: 31, dueMonths: [1], appliesTo: { employer: true }, leadDays: 15, active: true },
      { code: 'CASNOS', frequency: 'yearly', dueDay: 30, dueMonths: [6], appliesTo: {}, leadDays: 15, active: true },
    ],
    'the defaults of §11',
  )
  t.equal((await injectAs(app, staff, '/api/obligations')).statusCode, 200, 'staff read them')
  t.equal((await injectAs(app, client, '/api/obligations')).statusCode, 403)
  t.equal((await injectAs(app, null, '/api/obligations')).statusCode, 401)

  await addType(app, admin, 'Déclarations')
  const typeId = await typeIdOf(db, 'Déclarations')
  const body = { code: 'TAP', label: 'TAP', dueDay: 20, dueMonths: [1, 4, 7, 10], appliesTo: { taxRegime: 'reel' }, typeId, leadDays: 10 }
  t.equal((await injectAs(app, staff, { method: 'POST', url: '/api/obligations', payload: body })).statusCode, 403, 'staff do not change them')
  let res = await injectAs(app, admin, { method: 'POST', url: '/api/obligations', payload: body })
  t.equal(res.statusCode, 201, res.body)
  const tap = res.json() as Obligation
  t.match(tap, { ...body, frequency: 'quarterly', active: true })
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/obligations', payload: body })).statusCode, 409, 'a code once')

  const refused: Array<[Record<string, unknown>, string, string]> = [
    [{ ...body, code: 'tap' }, 'code', 'Code invalide : 2 à 20 lettres majuscules, chiffres ou _.'],
    [{ ...body, code: undefined }, 'code', 'Code requis : 2 à 20 lettres majuscules ou chiffres.'],
    [{ ...body, code: 'X1', label: '' }, 'label', 'Libellé requis'],
    [{ ...body, code: 'X1', dueDay: 32 }, 'dueDay', 'Jour d’échéance invalide : un nombre de 1 à 31.'],
    [{ ...body, code: 'X1', dueMonths: [0] }, 'dueMonths', 'Mois d’échéance invalides : une liste de mois de 1 à 12, au moins un.'],
    [{ ...body, code: 'X1', dueMonths: [] }, 'dueMonths', 'Mois d’échéance invalides : une liste de mois de 1 à 12, au moins un.'],
    [{ ...body, code: 'X1', appliesTo: { taxRegime: 'forfait' } }, 'appliesTo', 'Champ « s’applique à » invalide : un régime fiscal (reel ou ifu) et/ou employer: true.'],
    [{ ...body, code: 'X1', typeId: 999999 }, 'typeId', 'Type de document invalide : l’identifiant d’un type existant, ou null.'],
    [{ ...body, code: 'X1', leadDays: 400 }, 'leadDays', 'Délai invalide : un nombre de jours de 0 à 365.'],
    [{ ...body, code: 'X1', active: 'oui' }, 'active', 'Champ « active » invalide : true ou false.'],
  ]
  for (const [payload, field, message] of refused) {
    res = await injectAs(app, admin, { method: 'POST', url: '/api/obligations', payload })
    t.equal(res.statusCode, 400, `${field}: ${res.body}`)
    t.same(res.json(), { message, code: 'validation', field })
  }

  res = await injectAs(app, admin, { method: 'PATCH', url: `/api/obligations/${tap.id}`, payload: { leadDays: 20, active: false } })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { code: 'TAP', leadDays: 20, active: false, dueMonths: [1, 4, 7, 10] }, 'a field given changes alone')
  t.equal((await injectAs(app, admin, { method: 'PATCH', url: `/api/obligations/${tap.id}`, payload: { code: 'G50' } })).statusCode, 409)
  t.equal((await injectAs(app, admin, { method: 'PATCH', url: '/api/obligations/999999', payload: { leadDays: 2 } })).statusCode, 404)
  t.equal((await injectAs(app, staff, { method: 'DELETE', url: `/api/obligations/${tap.id}` })).statusCode, 403)
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/obligations/${tap.id}` })).statusCode, 200)
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/obligations/${tap.id}` })).statusCode, 404)
  t.equal((await obligations(app, admin)).length, 6)
})

t.test('the requests the calendar makes: leadDays before, once per company, obligation and period', async (t) => {
  const { app, db, clock } = await requestsApp(t, { start: at('2027-01-05') })
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  await addType(app, admin, 'Déclarations')
  await askFor(app, admin, await typeIdOf(db, 'Déclarations'))
  const reel = await company(app, 'SARL Atlas', { taxRegime: 'reel', employer: true })
  const ifu = await company(app, 'EI Tassili', { taxRegime: 'ifu' })
  const bare = await company(app, 'SNC Hoggar', {})
  await seedAccount(app, { accepted: false, entreprise: 'En attente' })
  const member = await seedAccount(app, { companyId: reel.id })

  await app.services.calendarRuns.runNow()
  let byCompany = await made(db)
  t.same(byCompany.get(reel.id), ['G50 2027-01 2027-01-20 G50 — décembre 2026'], '5 January: G50 of January (due the 20th) is 15 days ahead')
  t.same(byCompany.get(ifu.id), ['G50TER 2027-01 2027-01-20 G50 ter — 4e trimestre 2026'])
  t.notOk(byCompany.get(bare.id), 'no regime: neither')
  t.equal(byCompany.size, 2, 'not the account awaiting acceptance, nor a member')

  // Through §7: a request like any other, its mail and reminders to every person of the company.
  const listed = (await injectAs(app, member, '/api/requests')).json() as Array<Record<string, unknown>>
  t.match(listed, [{ title: 'G50 — décembre 2026', dueDate: '2027-01-20', status: 'open', type: { typeName: 'Déclarations' }, obligation: { code: 'G50', period: '2027-01' }, note: '' }])
  await settled(app)
  const reminders = await db.selectFrom('request_reminders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  t.ok(Number(reminders.n) >= 4, 'its reminders wait in the outbox')

  await app.services.calendarRuns.runNow()
  await app.services.calendarRuns.runNow()
  t.same(await made(db), byCompany, 'again: nothing more')

  // 16 January: DAS (31 January, employers) enters its lead.
  clock.set(at('2027-01-16'))
  await fresh(app, admin)
  await app.services.calendarRuns.runNow()
  byCompany = await made(db)
  t.same(byCompany.get(reel.id), ['DAS 2027-01 2027-01-31 DAS (CNAS) — exercice 2026', 'G50 2027-01 2027-01-20 G50 — décembre 2026'])

  // A company's identifiers change: a run soon after makes what now applies.
  const res = await injectAs(app, admin, { method: 'PATCH', url: `/api/users/${bare.id}/company`, payload: { taxRegime: 'reel' } })
  t.equal(res.statusCode, 200)
  t.ok(app.services.calendarRuns.pending, 'a run is waiting (within SOON_MS)')
  await app.services.calendarRuns.runNow()
  t.same((await made(db)).get(bare.id), ['G50 2027-01 2027-01-20 G50 — décembre 2026'])

  // An obligation's change too; its deletion keeps what it made and makes no more.
  const das = (await obligations(app, admin)).find((o) => o.code === 'DAS')!
  await injectAs(app, admin, { method: 'PATCH', url: `/api/obligations/${das.id}`, payload: { appliesTo: {} } })
  t.ok(app.services.calendarRuns.pending)
  await app.services.calendarRuns.runNow()
  t.same((await made(db)).get(ifu.id), ['DAS 2027-01 2027-01-31 DAS (CNAS) — exercice 2026', 'G50TER 2027-01 2027-01-20 G50 ter — 4e trimestre 2026'], 'DAS for every company now')
  await injectAs(app, admin, { method: 'DELETE', url: `/api/obligations/${das.id}` })
  await db.insertInto('company_identifiers').values({ user_id: (await seedAccount(app, { accepted: true })).id, tax_regime: null, updated_at: nowDb() }).execute()
  await app.services.calendarRuns.runNow()
  const after = await made(db)
  t.equal([...after.values()].flat().filter((r) => r.startsWith('DAS')).length, 3, 'the DAS requests stay, none more')

  // The due date passed: the period is not made any more (only today or later).
  const late = await company(app, 'SPA Djurdjura', { taxRegime: 'reel' })
  clock.set(at('2027-01-21'))
  await fresh(app, admin)
  await app.services.calendarRuns.runNow()
  t.notOk((await made(db)).get(late.id), 'G50 of January, due yesterday: not made')
  clock.set(at('2027-02-05'))
  await fresh(app, admin)
  await app.services.calendarRuns.runNow()
  t.same((await made(db)).get(late.id), ['G50 2027-02 2027-02-20 G50 — janvier 2027'])

  // An obligation without a type, or inactive, makes nothing.
  const g50 = (await obligations(app, admin)).find((o) => o.code === 'G50')!
  await injectAs(app, admin, { method: 'PATCH', url: `/api/obligations/${g50.id}`, payload: { typeId: null } })
  const newcomer = await company(app, 'EURL Aurès', { taxRegime: 'reel' })
  await app.services.calendarRuns.runNow()
  t.notOk((await made(db)).get(newcomer.id))
})

t.test('restarts and instances make no duplicate', async (t) => {
  const clock = fixedClock(at('2027-04-16'))
  const another = await instances(t, {}, { clock })
  const first = await another()
  const admin = await seedAccount(first, { admin: true, role: 'admin' })
  await addType(first, admin, 'Déclarations')
  await askFor(first, admin, await typeIdOf(first.ports.db, 'Déclarations'))
  const companies: SeededAccount[] = []
  for (let i = 0; i < 6; i++) companies.push(await company(first, `SARL N${i}`, { taxRegime: i % 2 ? 'reel' : 'ifu', employer: true }))
  await first.services.calendarRuns.runNow()
  const once = await made(first.ports.db)
  t.equal([...once.values()].flat().length, 3 * 2 + 3, 'reel: G50 and LIASSE (30 April); ifu: G50TER')
  // Restarts, and two instances started at once, each running at start and again.
  const [b, c] = await Promise.all([another(), another()])
  await Promise.all([b.services.calendarRuns.runNow(), c.services.calendarRuns.runNow(), first.services.calendarRuns.runNow()])
  t.same(await made(first.ports.db), once, 'the same requests')
  const keys = await first.ports.db.selectFrom('requests').select(['obligation_id', 'obligation_period', 'user_id']).select((eb) => eb.fn.countAll<number>().as('n')).where('obligation_id', 'is not', null).groupBy(['obligation_id', 'obligation_period', 'user_id']).execute()
  t.ok(keys.every((k) => Number(k.n) === 1), 'one per key')
})

t.test('GET /api/calendar: a company’s year and its states; the firm’s within its scope', async (t) => {
  const { app, db, clock } = await requestsApp(t, { start: at('2027-01-05') })
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  const staff = await seedAccount(app, { role: 'staff' })
  await addType(app, admin, 'Déclarations')
  await askFor(app, admin, await typeIdOf(db, 'Déclarations'))
  const atlas = await company(app, 'SARL Atlas', { taxRegime: 'reel', employer: true })
  const tassili = await company(app, 'EI Tassili', { taxRegime: 'ifu' })
  const member = await seedAccount(app, { companyId: atlas.id })
  await db.insertInto('client_staff').values({ client_id: tassili.id, staff_id: staff.id, created_at: nowDb() }).execute()
  await app.services.calendarRuns.runNow()

  type Item = { obligation: { code: string }; period: string; dueDate: string; user: { id: number }; request: { id: number; status: string } | null; status: string }
  const items = async (account: SeededAccount, query = '') => {
    const res = await injectAs(app, account, `/api/calendar${query}`)
    t.equal(res.statusCode, 200, res.body)
    return res.json() as Item[]
  }
  let year = await items(member, '?from=2027-01-01&to=2027-06-30')
  t.same(
    year.map((i) => `${i.obligation.code} ${i.period} ${i.dueDate} ${i.status}`),
    ['G50 2027-01 2027-01-20 requested', 'DAS 2027-01 2027-01-31 upcoming', 'G50 2027-02 2027-02-20 upcoming', 'G50 2027-03 2027-03-20 upcoming', 'IBS 2027-03 2027-03-20 upcoming', 'G50 2027-04 2027-04-20 upcoming', 'LIASSE 2027-04 2027-04-30 upcoming', 'G50 2027-05 2027-05-20 upcoming', 'G50 2027-06 2027-06-20 upcoming', 'IBS 2027-06 2027-06-20 upcoming', 'CASNOS 2027-06 2027-06-30 upcoming'],
    'the company’s items, a member’s too',
  )
  t.ok(year.every((i) => i.user.id === atlas.id))
  t.equal(year[0]!.request?.status, 'open')

  // Answered by an upload: fulfilled.
  const requestId = year[0]!.request!.id
  const up = await upload(app, member, { type: 'Déclarations', userId: atlas.id, requestId, content: PDF })
  t.equal(up.statusCode, 201, up.body)
  // Past its due date without an answer: overdue (DAS, made on the 16th, due the 31st).
  clock.set(at('2027-01-16'))
  await app.services.calendarRuns.runNow()
  clock.set(at('2027-02-01'))
  await fresh(app, admin, staff, atlas, member)
  year = await items(atlas, '?from=2027-01-01&to=2027-02-28')
  t.same(year.map((i) => `${i.obligation.code} ${i.period} ${i.status}`), ['G50 2027-01 fulfilled', 'DAS 2027-01 overdue', 'G50 2027-02 upcoming'])

  // The firm: an admin every company (`userId`: one), a staff member theirs.
  const all = await items(admin, '?from=2027-01-01&to=2027-01-31')
  t.same([...new Set(all.map((i) => i.user.id))].sort(), [atlas.id, tassili.id].sort())
  t.same([...new Set((await items(admin, `?from=2027-01-01&to=2027-01-31&userId=${tassili.id}`)).map((i) => i.user.id))], [tassili.id])
  t.same([...new Set((await items(staff, '?from=2027-01-01&to=2027-12-31')).map((i) => i.user.id))], [tassili.id], 'staff: their clients')
  t.same(await items(staff, `?from=2027-01-01&to=2027-12-31&userId=${atlas.id}`), [], 'another client: none')
  const paged = await injectAs(app, admin, '/api/calendar?from=2027-01-01&to=2027-12-31&pageSize=2')
  t.equal(paged.json().length, 2)
  t.ok(Number(paged.headers['x-total-count']) > 2, 'X-Total-Count')

  for (const bad of ['?from=2027-02-01&to=2027-01-01', '?from=2027-01-01&to=2030-01-01', '?from=2027-13-01']) t.equal((await injectAs(app, atlas, `/api/calendar${bad}`)).statusCode, 400, bad)
  t.equal((await injectAs(app, null, '/api/calendar')).statusCode, 401)
})
