import { FIRM_TIME_ZONE, formatsFor } from './formats.js'

/** The firm works in Algiers time: dates are shown and date filters are read in it (src/shared/formats.ts writes them). */
export { FIRM_TIME_ZONE }

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: FIRM_TIME_ZONE, timeZoneName: 'longOffset' })

/** Minutes the firm's clock is ahead of UTC at `at` ("GMT+01:00" → 60). */
function offsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0
}

/** The UTC instant at which day `YYYY-MM-DD` begins in the firm's time zone. */
export function firmDayStart(day: string): Date {
  const midnightUtc = new Date(`${day}T00:00:00.000Z`)
  return new Date(midnightUtc.getTime() - offsetMinutes(midnightUtc) * 60_000)
}

/** The day after `YYYY-MM-DD`, as `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  return addDays(day, 1)
}

const french = formatsFor('fr')

/** "22 novembre 2026" (French: formatsFor(language).date for a person's language). */
export function formatDateFr(date: Date | string): string {
  return french.date(date)
}

/** "22 novembre 2026 à 14:05": an instant as every page shows it (views/components/When.tsx) and mails tell it. */
export function formatInstantFr(date: Date | string): string {
  return french.instant(date)
}

/** "22/11/2026 14:05" (the security mails' "Date :" line) */
export function formatDateTimeFr(date: Date | string): string {
  return french.dateTime(date)
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The firm's day at `at`, as `YYYY-MM-DD` (Algiers time). */
export function firmDay(at: Date): string {
  return dayFormat.format(at)
}

/** `YYYY-MM-DD` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00.000Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/** The UTC instant of `hour` o'clock on the firm's day `YYYY-MM-DD`. */
export function firmTimeOn(day: string, hour: number): Date {
  return new Date(firmDayStart(day).getTime() + hour * 3_600_000)
}

/** The firm's day `YYYY-MM-DD` in the lists' format: "22 novembre 2026". */
export function formatDayFr(day: string): string {
  return french.day(day)
}
