import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { refusals } from '../../shared/domain-error.js'
import { isUniqueViolation } from '../../db/constraints.js'
import { addDays, firmDay } from '../../shared/time.js'
import type { Documents } from '../documents/index.js'
import { FIRM_SCOPE, scopeOf, type CalendarCompany, type Identity, type Scope, type SessionUser } from '../identity/index.js'
import type { Requests } from '../requests/index.js'
import { frequencyOf, periodsBetween, periodsToRequest, requestTitle, type Frequency } from './periods.js'
import * as repo from './repository.js'
import type { Obligation } from './repository.js'
import { checkObligation } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

export interface CalendarDeps {
  db: Db
  identity: Pick<Identity, 'accounts' | 'companies'>
  documents: Pick<Documents, 'allTypes'>
  /** The calendar's requests are §7's, made through requests' own service (same mails, reminders, answers). */
  requests: Pick<Requests, 'createForObligation' | 'companiesWithPeriod' | 'obligationRequests'>
  /** Today, Algiers time. */
  clock: Clock
}

export type ItemStatus = 'upcoming' | 'requested' | 'fulfilled' | 'overdue'

/** One item of `GET /api/calendar` (contract §11). */
export interface CalendarItem {
  obligation: { id: number; code: string; label: string }
  period: string
  dueDate: string
  user: { id: number; username: string; entreprise: string }
  request: { id: number; status: 'open' | 'fulfilled' | 'cancelled' } | null
  status: ItemStatus
}

export interface ObligationView extends Obligation {
  frequency: Frequency
}

/** One line of the firm's page: an obligation's period, and how its companies stand. */
export interface OverviewRow {
  obligation: { id: number; code: string; label: string }
  period: string
  dueDate: string
  companies: number
  answered: Array<{ id: number; username: string; entreprise: string }>
  answeredCount: number
  requestedCount: number
  late: Array<{ id: number; username: string; entreprise: string }>
  lateCount: number
}

export interface RunOutcome {
  created: number
  existing: number
}

/** At most this many companies are named on a line of the firm's page (the counts say the rest). */
const NAMED = 12
const SPAN_DAYS_MAX = 800

/** Whether the obligation applies to the company (§11: an empty `appliesTo` applies to every one). */
export function appliesTo(obligation: Pick<Obligation, 'appliesTo'>, company: Pick<CalendarCompany, 'taxRegime' | 'employer'>): boolean {
  const { taxRegime, employer } = obligation.appliesTo
  return (!taxRegime || company.taxRegime === taxRegime) && (!employer || company.employer)
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The firm's calendar of declarations (issue 32, contract §11): its obligations, the requests it makes, the items and the feed. */
export function createCalendar({ db, identity, documents, requests, clock }: CalendarDeps) {
  const today = () => firmDay(clock.now())
  const view = (o: Obligation): ObligationView => ({ ...o, frequency: frequencyOf(o.dueMonths) })

  async function checkType(typeId: number | null): Promise<void> {
    if (typeId !== null && !(await documents.allTypes()).some((type) => type.id === typeId)) throw refuse('validation', 'typeInvalid').under('typeId')
  }

  async function found(id: number): Promise<Obligation> {
    const obligation = await repo.findObligation(db, id)
    if (!obligation) throw refuse('not_found', 'notFound')
    return obligation
  }

  async function saved<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('conflict', 'codeTaken').under('code')
      throw error
    }
  }

  /** Every (obligation, period, company) of `from`–`to` in the scope, with its request: the items and the firm's page read it. */
  async function itemsIn(scope: Scope, from: string, to: string, userId?: number): Promise<CalendarItem[]> {
    const day = today()
    const [obligations, companies, asked] = await Promise.all([
      repo.listObligations(db),
      identity.companies.calendarCompanies(scope),
      requests.obligationRequests(scope, { from, to, userId }),
    ])
    const chosen = userId === undefined ? companies : companies.filter((c) => c.id === userId)
    const byId = new Map(obligations.map((o) => [o.id, o]))
    const requestOf = new Map(asked.map((r) => [`${r.obligationId}|${r.period}|${r.userId}`, r]))
    const rows: Array<Omit<CalendarItem, 'user'> & { userId: number }> = []
    const seen = new Set<string>()
    const add = (o: Obligation, period: string, dueDate: string, companyId: number) => {
      const key = `${o.id}|${period}|${companyId}`
      if (seen.has(key)) return
      seen.add(key)
      const request = requestOf.get(key)
      // A cancelled request is no longer expected; a past period without one was never asked (the calendar began later).
      if (request?.status === 'cancelled') return
      if (!request && dueDate < day) return
      const status: ItemStatus = !request ? 'upcoming' : request.status === 'fulfilled' ? 'fulfilled' : dueDate < day ? 'overdue' : 'requested'
      rows.push({ obligation: { id: o.id, code: o.code, label: o.label }, period, dueDate, userId: companyId, request: request ? { id: request.id, status: request.status } : null, status })
    }
    for (const r of asked) {
      const o = byId.get(r.obligationId)
      if (o) add(o, r.period, r.dueDate, r.userId)
    }
    for (const o of obligations) {
      if (!o.active) continue
      const periods = periodsBetween(o, from < day ? day : from, to)
      if (periods.length === 0) continue
      for (const company of chosen) if (appliesTo(o, company)) for (const p of periods) add(o, p.period, p.dueDate, company.id)
    }
    const names = await identity.accounts.summariesByIds([...new Set(rows.map((r) => r.userId))])
    return rows
      .map(({ userId: id, ...row }) => ({ ...row, user: { id, username: names.get(id)?.username ?? '', entreprise: names.get(id)?.entreprise ?? '' } }))
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.obligation.code.localeCompare(b.obligation.code) || a.user.username.localeCompare(b.user.username, 'fr') || a.user.id - b.user.id)
  }

  /** `from`–`to` as asked, or the default; refused when malformed, reversed or too long. */
  function rangeOf(from: string | undefined, to: string | undefined, fallback: { back: number; ahead: number }): { from: string; to: string } {
    const day = today()
    const range = { from: from || addDays(day, -fallback.back), to: to || addDays(day, fallback.ahead) }
    const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value
    if (!isDay(range.from) || !isDay(range.to) || range.from > range.to || range.to > addDays(range.from, SPAN_DAYS_MAX)) throw refuse('validation', 'rangeInvalid')
    return range
  }

  return {
    today,
    now: () => clock.now(),

    /** GET /api/obligations (the firm's people). */
    listObligations: async (): Promise<ObligationView[]> => (await repo.listObligations(db)).map(view),

    /** One obligation (its page), or not_found. */
    findObligation: async (id: number): Promise<ObligationView> => view(await found(id)),

    /** POST /api/obligations (admins): the checks, then the type; a code already used: 409. */
    async createObligation(input: Record<string, unknown>): Promise<ObligationView> {
      const checked = checkObligation(input)
      if (!checked.ok) throw refuse.form(checked)
      await checkType(checked.value.typeId)
      const id = await saved(() => repo.insertObligation(db, checked.value, clock.now()))
      return view(await found(id))
    },

    /** PATCH /api/obligations/:id (admins): the fields given over the obligation's. */
    async updateObligation(id: number, input: Record<string, unknown>): Promise<ObligationView> {
      const current = await found(id)
      const checked = checkObligation(input, current)
      if (!checked.ok) throw refuse.form(checked)
      if (checked.value.typeId !== current.typeId) await checkType(checked.value.typeId)
      await saved(() => repo.updateObligation(db, id, checked.value, clock.now()))
      return view(await found(id))
    },

    /** DELETE /api/obligations/:id (admins): the requests it made stay (§11). */
    async deleteObligation(id: number): Promise<void> {
      if (!(await repo.deleteObligation(db, id))) throw refuse('not_found', 'notFound')
    },

    /**
     * The run (at start, hourly, soon after a change): for each active obligation with a type, each
     * period due today or later and at most `leadDays` ahead, each accepted company it applies to
     * that has no request of it yet gets one. Reading who has one is only the shortcut of a run with
     * nothing to do: the unique key of (obligation, period, company) is what makes one, whoever else
     * writes at the same time (another instance), so a request refused by it is simply counted as there.
     */
    async run(): Promise<RunOutcome> {
      const day = today()
      const [obligations, companies] = await Promise.all([repo.listObligations(db), identity.companies.calendarCompanies()])
      const outcome: RunOutcome = { created: 0, existing: 0 }
      for (const o of obligations) {
        if (!o.active || o.typeId === null) continue
        const applying = companies.filter((c) => appliesTo(o, c))
        for (const { period, dueDate } of periodsToRequest(o, day)) {
          const have = await requests.companiesWithPeriod(o.id, period)
          outcome.existing += have.size
          for (const company of applying) {
            if (have.has(company.id)) continue
            const made = await requests.createForObligation({ userId: company.id, typeId: o.typeId, title: requestTitle(o, period), note: '', dueDate, obligation: { id: o.id, code: o.code, period } })
            if (made === 'created') outcome.created += 1
            if (made === 'exists') outcome.existing += 1
            // Each request is a transaction of its own: the event loop answers between them (/healthz).
            await yieldToOthers()
          }
        }
      }
      return outcome
    },

    /** GET /api/calendar (§11): a company's people their company's; the firm its scope's (`userId`: one client). */
    async items(viewer: SessionUser, query: { from?: string | undefined; to?: string | undefined; userId?: number | undefined }): Promise<CalendarItem[]> {
      const scope = scopeOf(viewer)
      const range = rangeOf(query.from, query.to, { back: 365, ahead: 365 })
      if (scope.kind === 'none') return []
      return itemsIn(scope, range.from, range.to, scope.kind === 'company' ? scope.companyId : query.userId)
    },

    /** The feed's items: twelve months back and twelve ahead (§11), as `items`. */
    feed: (viewer: SessionUser, userId?: number): Promise<CalendarItem[]> => {
      const scope = scopeOf(viewer)
      if (scope.kind === 'none') return Promise.resolve([])
      const day = today()
      return itemsIn(scope, addDays(day, -365), addDays(day, 365), scope.kind === 'company' ? scope.companyId : userId)
    },

    /**
     * The firm's page (`/admin-dashboard/calendar`): each obligation's periods due from `months` back
     * to `ahead` months ahead, with the companies it applies to (a staff member's: theirs), which
     * answered and which are late.
     */
    async overview(viewer: SessionUser, span: { back: number; ahead: number } = { back: 31, ahead: 120 }): Promise<OverviewRow[]> {
      const day = today()
      const items = await itemsIn(scopeOf(viewer) ?? FIRM_SCOPE, addDays(day, -span.back), addDays(day, span.ahead))
      const rows = new Map<string, OverviewRow>()
      for (const item of items) {
        const key = `${item.obligation.id}|${item.period}`
        let row = rows.get(key)
        if (!row) rows.set(key, (row = { obligation: item.obligation, period: item.period, dueDate: item.dueDate, companies: 0, answered: [], answeredCount: 0, requestedCount: 0, late: [], lateCount: 0 }))
        row.companies += 1
        if (item.request) row.requestedCount += 1
        if (item.status === 'fulfilled') {
          row.answeredCount += 1
          if (row.answered.length < NAMED) row.answered.push(item.user)
        }
        if (item.status === 'overdue') {
          row.lateCount += 1
          if (row.late.length < NAMED) row.late.push(item.user)
        }
      }
      return [...rows.values()]
    },
  }
}

export type Calendar = ReturnType<typeof createCalendar>
