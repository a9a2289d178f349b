import { formatsFor, type Formats } from '../../src/shared/formats.js'
import { useLanguage } from '../runtime/words.js'

/**
 * The render's formats (src/shared/formats.ts): its language's numbers, sizes, dates and times, Latin
 * digits, Algiers time. Every view writes a date or a number through these, so that a page says them
 * as its words do (issue 17: one format; contract §10: in each language).
 */
export function useFormats(): Formats {
  return formatsFor(useLanguage())
}

/**
 * Every date a page shows, in one format: "2 mars 2026 à 14:05" for an instant ("2 مارس 2026، الساعة
 * 14:05" in Arabic), "2 mars 2026" for a day (a due date). Dates arrive as Date from a page and as ISO
 * text from the API; both read the same.
 */
export function When({ at }: { at: Date | string }) {
  const formats = useFormats()
  const date = new Date(at)
  return <time dateTime={date.toISOString()}>{formats.instant(date)}</time>
}

/** A day `YYYY-MM-DD` (a due date), in the same format without the time. */
export function Day({ day }: { day: string }) {
  return <time dateTime={day}>{useFormats().day(day)}</time>
}
