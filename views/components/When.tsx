import { formatDayFr, formatInstantFr } from '../../src/shared/time.js'

/**
 * Every date a page shows, in one format (issue 17): French, Algiers time, "2 mars 2026 à 14:05" for
 * an instant, "2 mars 2026" for a day (a due date). Dates arrive as Date from a page and as ISO text
 * from the API; both read the same.
 */
export function When({ at }: { at: Date | string }) {
  const date = new Date(at)
  return <time dateTime={date.toISOString()}>{formatInstantFr(date)}</time>
}

/** A day `YYYY-MM-DD` (a due date), in the same format without the time. */
export function Day({ day }: { day: string }) {
  return <time dateTime={day}>{formatDayFr(day)}</time>
}

/** The same instant as text, for a title or a file. */
export const whenText = (at: Date | string) => formatInstantFr(at)

/** A day `YYYY-MM-DD` as text, for an option or a title. */
export const dayText = (day: string) => formatDayFr(day)
