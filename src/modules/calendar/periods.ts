import { addDays } from '../../shared/time.js'

/**
 * The periods an obligation makes (contract §11): it falls due on `dueDay` (the month's last day when
 * the month is shorter) of each month of `dueMonths`; a period is the due date's month `YYYY-MM`. A
 * due date is never moved off a Friday or a holiday (docs/decisions/154-due-dates-as-set.md). Pure
 * functions of days `YYYY-MM-DD`: the service hands them the firm's day (Algiers time).
 */
export type Frequency = 'monthly' | 'quarterly' | 'yearly'

export interface Schedule {
  dueDay: number
  dueMonths: number[]
}

export interface Period {
  period: string
  dueDate: string
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Days in month `month` (1–12) of `year`, 29 February included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The due date of the obligation in that month. */
export function dueDateIn(schedule: Schedule, year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(Math.min(schedule.dueDay, daysInMonth(year, month)))}`
}

/** `frequency` follows from `dueMonths`: twelve months, monthly; four a quarter apart, quarterly; otherwise yearly. */
export function frequencyOf(dueMonths: readonly number[]): Frequency {
  const months = [...new Set(dueMonths)].sort((a, b) => a - b)
  if (months.length === 12) return 'monthly'
  if (months.length === 4 && months.every((m, i) => i === 0 || m - months[i - 1]! === 3)) return 'quarterly'
  return 'yearly'
}

/** Every period whose due date is within `from`–`to` (inclusive), in date order. */
export function periodsBetween(schedule: Schedule, from: string, to: string): Period[] {
  const found: Period[] = []
  const months = new Set(schedule.dueMonths)
  let year = Number(from.slice(0, 4))
  let month = Number(from.slice(5, 7))
  const lastYear = Number(to.slice(0, 4))
  const lastMonth = Number(to.slice(5, 7))
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    if (months.has(month)) {
      const dueDate = dueDateIn(schedule, year, month)
      if (dueDate >= from && dueDate <= to) found.push({ period: `${year}-${pad(month)}`, dueDate })
    }
    month += 1
    if (month === 13) {
      month = 1
      year += 1
    }
  }
  return found
}

/**
 * The periods whose request is due to be made on `today`: due today or later, and no more than
 * `leadDays` ahead (created `leadDays` before the due date, §11).
 */
export function periodsToRequest(schedule: Schedule & { leadDays: number }, today: string): Period[] {
  return periodsBetween(schedule, today, addDays(today, schedule.leadDays))
}

const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']

/** « octobre 2026 » */
export function monthFr(period: string): string {
  return `${MONTHS_FR[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`
}

/** The month before `YYYY-MM`. */
function previousMonth(period: string): string {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(5, 7))
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`
}

/**
 * What a period covers, as a request's title names it (§11: "G50 — octobre 2026"): a monthly
 * declaration the month before its due date, a quarterly one the quarter before, a yearly one with a
 * single due date the year before (the exercise), one due several times a year its due month.
 */
export function coveredFr(schedule: Schedule, period: string): string {
  const frequency = frequencyOf(schedule.dueMonths)
  const before = previousMonth(period)
  if (frequency === 'monthly') return monthFr(before)
  if (frequency === 'quarterly') {
    const quarter = Math.ceil(Number(before.slice(5, 7)) / 3)
    return `${quarter === 1 ? '1er' : `${quarter}e`} trimestre ${before.slice(0, 4)}`
  }
  if (new Set(schedule.dueMonths).size === 1) return `exercice ${Number(period.slice(0, 4)) - 1}`
  return `échéance de ${monthFr(period)}`
}

/** The title of the request a period makes: « G50 — octobre 2026 ». */
export function requestTitle(obligation: Schedule & { label: string }, period: string): string {
  return `${obligation.label} — ${coveredFr(obligation, period)}`
}
