import { FIRM_TIME_ZONE, formatDateFr, formatDateTimeFr, formatDayFr, formatInstantFr, firmTimeOn } from '../shared/time.js'
import type { Language } from '../shared/words.js'

/**
 * The dates a mail tells, in its recipient's language (contract §10): French as the mails always
 * wrote them; Arabic through Intl for ar-DZ, Latin digits, Algiers time.
 */
export interface MailDates {
  /** "22 novembre 2026"; "22 نوفمبر 2026". */
  date(at: Date | string): string
  /** The firm's day `YYYY-MM-DD` (a due date), as `date`. */
  day(day: string): string
  /** "22 novembre 2026 à 14:05"; "22 نوفمبر 2026، الساعة 14:05". */
  instant(at: Date | string): string
  /** "22/11/2026 14:05"; "22/11/2026، 14:05". */
  dateTime(at: Date | string): string
}

const clock = { timeZone: FIRM_TIME_ZONE, hourCycle: 'h23' } as const
const arabicDate = new Intl.DateTimeFormat('ar-DZ-u-nu-latn', { ...clock, day: 'numeric', month: 'long', year: 'numeric' })
const arabicTime = new Intl.DateTimeFormat('ar-DZ-u-nu-latn', { ...clock, hour: '2-digit', minute: '2-digit' })
const arabicDateTime = new Intl.DateTimeFormat('ar-DZ-u-nu-latn', { ...clock, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

const DATES: Record<Language, MailDates> = {
  fr: { date: formatDateFr, day: formatDayFr, instant: formatInstantFr, dateTime: formatDateTimeFr },
  ar: {
    date: (at) => arabicDate.format(new Date(at)),
    day: (day) => arabicDate.format(firmTimeOn(day, 12)),
    instant: (at) => `${arabicDate.format(new Date(at))}، الساعة ${arabicTime.format(new Date(at))}`,
    // Without the right-to-left marks Intl puts between the parts: a mail's text is read whole, and copied.
    dateTime: (at) => arabicDateTime.format(new Date(at)).replace(/\u200f/g, ''),
  },
}

export function mailDates(language: Language): MailDates {
  return DATES[language]
}
