/**
 * Issue 32: the calendar's hourly run over 10,000 accepted companies and 8 obligations (§11's six,
 * and two more that apply to every company), on SQLite and on MariaDB when it answers, in process,
 * every obligation's lead at 60 days so that each company has several periods to be asked. The
 * requests of the periods due are already there (bulk rows with their obligation keys, as earlier
 * runs leave them): the run is the hourly one, finding nothing missing; then 100 of them are taken
 * out and the run makes them again (each through requests' service: its mails and reminders).
 * /healthz is asked in the same process while the runs go, its p99 against idle's (goal ≤ 2×; the
 * run's time goal ≤ 2 s).
 */
import { sql } from 'kysely'
import { periodsToRequest } from '../../src/modules/calendar/periods.js'
import { appliesTo } from '../../src/modules/calendar/service.js'
import { firmDay } from '../../src/shared/time.js'
import { toDbTime } from '../../src/db/values.js'
import type { Db } from '../../src/db/database.js'
import { HASH, onEachDatabase, withApp, type App } from './databases.js'
import { appendRow, machine, now, percentile } from './report.js'

const COMPANIES = Number(process.env.BENCH_CALENDAR_COMPANIES ?? 10_000)
const BATCH = 500
const RUNS = 5
const IDLE_SAMPLES = 500
const REMADE = 100

async function seedCompanies(db: Db): Promise<void> {
  const at = toDbTime(new Date())
  for (let start = 0; start < COMPANIES; start += BATCH) {
    const users = []
    for (let i = start; i < Math.min(COMPANIES, start + BATCH); i++) users.push({ username: `Gérant ${i}`, email: `gerant${i}@bench.dz`, entreprise: `SARL Banc ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at, updated_at: at })
    await db.insertInto('users').values(users).execute()
  }
  const ids = (await db.selectFrom('users').select('id').where('is_admin', '=', 0).orderBy('id').execute()).map((row) => Number(row.id))
  for (let start = 0; start < ids.length; start += BATCH) {
    const rows = ids.slice(start, start + BATCH).map((id, i) => ({ user_id: id, nif: String(100000000000000 + start + i), tax_regime: (start + i) % 3 === 0 ? 'ifu' : 'reel', employer: (start + i) % 2, updated_at: at }))
    await db.insertInto('company_identifiers').values(rows).execute()
  }
}

/** Two more obligations (8 in all), every lead at 60 days. */
async function seedObligations(db: Db): Promise<void> {
  const typeId = Number((await db.selectFrom('document_types').select('id').orderBy('id').executeTakeFirstOrThrow()).id)
  const at = toDbTime(new Date())
  await db.insertInto('obligations').values([
    { code: 'TAP', label: 'TAP', due_day: 20, due_months: '1,2,3,4,5,6,7,8,9,10,11,12', tax_regime: null, employer: null, type_id: typeId, lead_days: 60, active: 1, created_at: at, updated_at: at },
    { code: 'CNAS', label: 'Cotisations CNAS', due_day: 30, due_months: '1,2,3,4,5,6,7,8,9,10,11,12', tax_regime: null, employer: null, type_id: typeId, lead_days: 60, active: 1, created_at: at, updated_at: at },
  ]).execute()
  await db.updateTable('obligations').set({ lead_days: 60 }).execute()
}

/** The requests earlier runs left: one per company, obligation and period due within the leads. */
async function seedRequests(app: App, db: Db): Promise<number> {
  const today = firmDay(new Date())
  const obligations = await app.services.calendar.listObligations()
  const companies = await app.services.identity.companies.calendarCompanies()
  const at = toDbTime(new Date())
  let rows: Array<Record<string, unknown>> = []
  let count = 0
  const flush = async () => {
    if (rows.length) await db.insertInto('requests').values(rows as never).execute()
    count += rows.length
    rows = []
  }
  for (const o of obligations) {
    for (const { period, dueDate } of periodsToRequest(o, today)) {
      for (const c of companies) {
        if (!appliesTo(o, c)) continue
        rows.push({ user_id: c.id, type_id: o.typeId, title: `${o.label} ${period}`, note: '', due_date: dueDate, status: 'open', created_at: at, obligation_id: o.id, obligation_code: o.code, obligation_period: period })
        if (rows.length === BATCH) await flush()
      }
    }
  }
  await flush()
  return count
}

async function healthz(app: App): Promise<number> {
  const start = performance.now()
  const res = await app.inject({ method: 'GET', url: '/healthz' })
  if (res.statusCode !== 200) throw new Error(`/healthz answered ${res.statusCode}`)
  return performance.now() - start
}

/** /healthz asked again and again until `work` settles; answers the work's outcome and the samples. */
async function probed<T>(app: App, work: () => Promise<T>): Promise<{ value: T; ms: number; samples: number[] }> {
  const samples: number[] = []
  let done = false
  const start = performance.now()
  const running = work().finally(() => {
    done = true
  })
  const probe = (async () => {
    // Each ask comes as a request would, from the event loop (an in-process ask of SQLite's ping never leaves the microtasks).
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve))
      samples.push(await healthz(app))
    }
  })()
  const value = await running
  const ms = performance.now() - start
  await probe
  return { value, ms, samples }
}

export async function benchCalendar(): Promise<void> {
  await onEachDatabase(async (label, url, db) => {
    await withApp(url, db, 'portal-bench-calendar-', async (app) => {
      let t0 = performance.now()
      await seedCompanies(db)
      console.log(`${label}: companies seeded in ${Math.round(performance.now() - t0)} ms`)
      t0 = performance.now()
      await seedObligations(db)
      const existing = await seedRequests(app, db)
      console.log(`${label}: ${existing} requests seeded in ${Math.round(performance.now() - t0)} ms`)
      for (let i = 0; i < 100; i++) await healthz(app)
      const idle: number[] = []
      for (let i = 0; i < IDLE_SAMPLES; i++) idle.push(await healthz(app))
      const hourly: number[] = []
      const during: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const run = await probed(app, () => app.services.calendar.run())
        if (run.value.created !== 0) throw new Error(`the hourly run made ${run.value.created} requests`)
        hourly.push(run.ms)
        during.push(...run.samples)
      }
      // 100 requests gone: the run makes them again, with their mails and reminders.
      const gone = await db.selectFrom('requests').select('id').orderBy('id', 'desc').limit(REMADE).execute()
      await db.deleteFrom('requests').where('id', 'in', gone.map((row) => Number(row.id))).execute()
      const remade = await probed(app, () => app.services.calendar.run())
      if (remade.value.created !== REMADE) throw new Error(`the run made ${remade.value.created} requests, not ${REMADE}`)
      during.push(...remade.samples)
      const f = (n: number) => n.toFixed(2)
      const p99Idle = percentile(idle, 0.99)
      const p99During = percentile(during, 0.99)
      const ratio = p99During / p99Idle
      const worst = Math.max(...hourly)
      console.log(`${label}: hourly run ${f(percentile(hourly, 0.5))} ms (worst ${f(worst)}), 100 made in ${f(remade.ms)} ms; /healthz p99 ${f(p99Idle)} → ${f(p99During)} ms (${ratio.toFixed(2)}×)`)
      const [{ n }] = (await sql<{ n: number }>`select count(*) as n from obligations`.execute(db)).rows as [{ n: number }]
      appendRow(
        'The calendar’s hourly run (`npm run bench`, scripts/bench/calendar.ts)',
        `The calendar's run (issue 32) over ${COMPANIES.toLocaleString('en')} accepted companies and 8 obligations, every lead at 60 days, the periods' requests already there (the hourly run: nothing to make), ${RUNS} runs; then ${REMADE} requests taken out and made again (mails and reminders included). In process on a fresh database; /healthz asked in the same process throughout, its p99 against ${IDLE_SAMPLES} idle asks. Goals: the run ≤ 2 s, /healthz p99 ≤ 2× idle.`,
        ['date', 'machine', 'database', 'companies', 'obligations', 'requests there', 'hourly run median (ms)', 'hourly run worst (ms)', `${REMADE} made (ms)`, '/healthz p99 idle (ms)', '/healthz p99 during (ms)', 'ratio'],
        [now(), machine(), label, String(COMPANIES), String(n), String(existing), f(percentile(hourly, 0.5)), f(worst), f(remade.ms), f(p99Idle), f(p99During), `${ratio.toFixed(2)}×`],
      )
    })
  })
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCalendar()
