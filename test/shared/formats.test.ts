// Contract §10: numbers, dates and times through Intl for fr-DZ and ar-DZ, Latin digits in both,
// Algiers time; French exactly as the pages and mails always wrote it.
import t from 'tap'
import { formatsFor, LOCALES } from '../../src/shared/formats.js'
import { formatDateTimeFr, formatDayFr, formatInstantFr } from '../../src/shared/time.js'
import { formatFileSize, formatMegabytes } from '../../src/shared/sizes.js'

const fr = formatsFor('fr')
const ar = formatsFor('ar')
/** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits: never written. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/
const MARCH_2 = new Date('2026-03-02T10:05:00Z')
const NEW_YEAR = '2026-12-31T23:30:00.000Z'

t.test('the locales: the Algerian variants with Latin digits', async (t) => {
  t.same(LOCALES, { fr: 'fr-DZ-u-nu-latn', ar: 'ar-DZ-u-nu-latn' })
  for (const locale of Object.values(LOCALES)) t.equal(new Intl.NumberFormat(locale).resolvedOptions().numberingSystem, 'latn', `${locale}: latn`)
  t.equal(formatsFor('ar'), ar, 'made once per language')
})

t.test('French: dates, times and instants as before, Algiers time, a 24-hour clock', async (t) => {
  t.equal(fr.date(MARCH_2), '2 mars 2026')
  t.equal(fr.time(MARCH_2), '11:05', 'UTC+1, never 11:05 AM (fr-DZ writes a 12-hour clock by default)')
  t.equal(fr.time('2026-03-02T13:05:00Z'), '14:05')
  t.equal(fr.instant(MARCH_2), '2 mars 2026 à 11:05')
  t.equal(fr.instant(NEW_YEAR), '1 janvier 2027 à 00:30', 'the next day and year in Algiers')
  t.equal(fr.dateTime('2026-11-22T13:05:00Z'), '22/11/2026 14:05')
  t.equal(fr.day('2026-12-12'), '12 décembre 2026', 'a day: its own date whatever the offset')
  t.equal(fr.month('2026-10'), 'octobre 2026')
  // The French helpers the mails and the pages used keep their words.
  t.equal(formatInstantFr(MARCH_2), fr.instant(MARCH_2))
  t.equal(formatDayFr('2026-06-30'), '30 juin 2026')
  t.equal(formatDateTimeFr('2026-11-22T13:05:00Z'), '22/11/2026 14:05')
})

t.test('Arabic: Algerian month names, Latin digits, a 24-hour clock', async (t) => {
  t.equal(ar.date(MARCH_2), '2 مارس 2026')
  t.equal(ar.time('2026-03-02T13:05:00Z'), '14:05', 'no ص/م marker')
  t.equal(ar.instant(MARCH_2), '2 مارس 2026، الساعة 11:05')
  t.equal(ar.instant(NEW_YEAR), '1 جانفي 2027، الساعة 00:30')
  t.equal(ar.day('2026-07-05'), '5 جويلية 2026')
  t.equal(ar.month('2026-02'), 'فيفري 2026')
  t.match(ar.dateTime('2026-11-22T13:05:00Z'), /^22\u200F?\/11\u200F?\/2026،? 14:05$/, 'day/month/year then the time (right-to-left marks allowed)')
  const months = Array.from({ length: 12 }, (_, m) => ar.month(`2026-${String(m + 1).padStart(2, '0')}`).replace(' 2026', ''))
  t.same(months, ['جانفي', 'فيفري', 'مارس', 'أفريل', 'ماي', 'جوان', 'جويلية', 'أوت', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'], 'the Maghreb names of the months')
})

t.test('numbers and sizes in both languages', async (t) => {
  t.equal(fr.number(1234567), '1\u202F234\u202F567', 'French groups with a narrow no-break space')
  t.equal(fr.number(12.345, { maximumFractionDigits: 2 }), '12,35')
  t.equal(ar.number(1234567), '1.234.567', 'Algerian Arabic groups with a dot')
  t.equal(ar.number(12.345, { maximumFractionDigits: 2 }), '12,35', 'and its decimal comma')
  t.equal(fr.megabytes(2.5 * 1024 * 1024), '2,5 Mo')
  t.equal(fr.megabytes(12.5 * 1024 * 1024), '13 Mo', 'from 10 Mo: whole megabytes')
  t.equal(fr.megabytes(2048 * 1024 * 1024), '2\u202F048 Mo')
  t.equal(fr.megabytes(-5), '0 Mo', 'never negative')
  t.equal(fr.fileSize(820), '820 octets')
  t.equal(fr.fileSize(1023), '1023 octets', 'under a unit: plain digits')
  t.equal(fr.fileSize(512 * 1024), '512 Ko')
  t.equal(fr.fileSize(3 * 1024 * 1024), '3 Mo')
  t.equal(formatMegabytes(2.5 * 1024 * 1024), '2,5 Mo', 'the French helpers say the same')
  t.equal(formatFileSize(820), '820 octets')
  t.equal(ar.megabytes(2.5 * 1024 * 1024), '2,5 ميغابايت')
  t.equal(ar.megabytes(2048 * 1024 * 1024), '2.048 ميغابايت')
  t.equal(ar.fileSize(820), '820 بايت')
  t.equal(ar.fileSize(512 * 1024), '512 كيلوبايت')
})

t.test('no Arabic-Indic digit in anything Arabic writes, over a year of instants and many numbers', async (t) => {
  const written: string[] = []
  for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 37 * 3_600_000 + 11 * 60_000) {
    written.push(ar.instant(new Date(at)), ar.dateTime(new Date(at)))
  }
  for (let n = 0; n < 2e9; n = n * 7 + 13) written.push(ar.number(n), ar.megabytes(n), ar.fileSize(n))
  t.same(written.filter((text) => ARABIC_DIGITS.test(text)), [], `${written.length} texts, Latin digits only`)
  t.ok(written.every((text) => /[0-9]/.test(text)), 'each has its digits')
})
