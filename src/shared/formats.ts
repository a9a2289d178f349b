/**
 * Numbers, dates and times as each language writes them (contract §10), in one place: Algerian French
 * and Algerian Arabic through Intl, Latin digits in both (`-u-nu-latn`: 2026, never ٢٠٢٦), a 24-hour
 * clock, Algiers time. French is written exactly as the pages and mails always wrote it ("2 mars 2026
 * à 11:00", "2,5 Mo"). Plain Intl and data: the server, the mails and the islands import it alike.
 */
import { catalogue, wordsOf, type Language } from './words.js'

/** The firm works in Algiers time: dates are shown and date filters are read in it. */
export const FIRM_TIME_ZONE = 'Africa/Algiers'

/** Each language's Intl locale: the Algerian variants, Latin digits whatever the reader's settings. */
export const LOCALES: Readonly<Record<Language, string>> = { fr: 'fr-DZ-u-nu-latn', ar: 'ar-DZ-u-nu-latn' }

/** The units and the joint between a day and its time, in each language. */
const words = catalogue({
  fr: {
    at: (day: string, time: string) => `${day} à ${time}`,
    bytes: (n: string) => `${n} octets`,
    kilobytes: (n: string) => `${n} Ko`,
    megabytes: (n: string) => `${n} Mo`,
  },
  ar: {
    at: (day: string, time: string) => `${day}، الساعة ${time}`,
    bytes: (n: string) => `${n} بايت`,
    kilobytes: (n: string) => `${n} كيلوبايت`,
    megabytes: (n: string) => `${n} ميغابايت`,
  },
})

/** What a page, a mail or an island writes a number, a size, a date or an instant with. */
export interface Formats {
  readonly language: Language
  /** "1 234", "12,5" (French); "1.234", "12,5" (Arabic). */
  number(value: number, options?: Intl.NumberFormatOptions): string
  /** "22 novembre 2026"; "22 نوفمبر 2026". */
  date(at: Date | string): string
  /** The firm's day `YYYY-MM-DD` (a due date) in the same format. */
  day(day: string): string
  /** A month `YYYY-MM` (a period): "octobre 2026"; "أكتوبر 2026". */
  month(period: string): string
  /** A month of the year alone, 1–12: "octobre"; "أكتوبر". */
  monthName(month: number): string
  /** "14:05", Algiers time. */
  time(at: Date | string): string
  /** "22 novembre 2026 à 14:05": an instant as every page shows it; "22 نوفمبر 2026، الساعة 14:05". */
  instant(at: Date | string): string
  /** "22/11/2026 14:05" (the security mails' "Date :" line). */
  dateTime(at: Date | string): string
  /** A size in megabytes: "2,5 Mo", "2 048 Mo", "0 Mo" (never negative). */
  megabytes(bytes: number): string
  /** A file's size: "820 octets", "512 Ko", then megabytes as above. */
  fileSize(bytes: number): string
}

const made = new Map<Language, Formats>()

/** A language's formats, made once (an Intl formatter costs more to make than to use). */
export function formatsFor(language: Language): Formats {
  let formats = made.get(language)
  if (!formats) made.set(language, (formats = makeFormats(language)))
  return formats
}

function makeFormats(language: Language): Formats {
  const locale = LOCALES[language]
  const said = wordsOf(words, language)
  const clock = { timeZone: FIRM_TIME_ZONE, hourCycle: 'h23' } as const
  const dateFormat = new Intl.DateTimeFormat(locale, { ...clock, day: 'numeric', month: 'long', year: 'numeric' })
  const monthFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' })
  const monthNameFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long' })
  const timeFormat = new Intl.DateTimeFormat(locale, { ...clock, hour: '2-digit', minute: '2-digit' })
  const dateTimeFormat = new Intl.DateTimeFormat(locale, { ...clock, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  const date = (at: Date | string) => dateFormat.format(new Date(at))
  const time = (at: Date | string) => timeFormat.format(new Date(at))
  const megabytes = (bytes: number) => {
    const mb = Math.max(0, bytes) / (1024 * 1024)
    return said.megabytes((mb < 10 ? oneDecimal : integer).format(mb))
  }
  return {
    language,
    number: (value, options) => (options ? new Intl.NumberFormat(locale, options) : integer).format(value),
    date,
    // Noon of that day in Algiers: the same date whatever the offset.
    day: (day) => date(new Date(`${day}T11:00:00.000Z`)),
    month: (period) => monthFormat.format(new Date(`${period}-15T00:00:00.000Z`)),
    monthName: (month) => monthNameFormat.format(new Date(Date.UTC(2001, month - 1, 15))),
    time,
    instant: (at) => said.at(date(at), time(at)),
    dateTime: (at) => dateTimeFormat.format(new Date(at)),
    megabytes,
    // Under 1024 of a unit the digits need no grouping: written plainly, as they always were.
    fileSize: (bytes) => (bytes < 1024 ? said.bytes(String(Math.max(0, bytes))) : bytes < 1024 * 1024 ? said.kilobytes(String(Math.round(bytes / 1024))) : megabytes(bytes)),
  }
}
