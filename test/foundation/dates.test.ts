// Issue 17: every date a page shows is in one format, in Algiers time, written by one formatter in
// views (views/components/When.tsx, over src/shared/formats.ts): "2 mars 2026 à 11:00", a day "2 mars
// 2026"; contract §10: in the render's language (test/shared/formats.test.ts has the Arabic).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import t from 'tap'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { LanguageContext } from '../../src/render/language.js'
import { formatDayFr, formatInstantFr } from '../../src/shared/time.js'
import type { Language } from '../../src/shared/words.js'
import { Day, When } from '../../views/components/When.js'
import { projectRoot } from '../../src/shared/project-root.js'

t.test('an instant and a day, Algiers time', async (t) => {
  t.equal(formatInstantFr(new Date('2026-03-02T10:00:00Z')), '2 mars 2026 à 11:00', 'UTC+1')
  t.equal(formatInstantFr('2026-06-30T23:30:00.000Z'), '1 juillet 2026 à 00:30', 'the next day in Algiers (no summer time)')
  t.equal(formatDayFr('2026-12-12'), '12 décembre 2026', 'a day: the same date, no time')
})

t.test('the one formatter writes in the render\'s language, Latin digits in both', async (t) => {
  const said = (language: Language, element: ReturnType<typeof createElement>) => renderToString(createElement(LanguageContext.Provider, { value: language }, element))
  const at = new Date('2026-03-02T10:00:00Z')
  t.equal(said('fr', createElement(When, { at })), '<time dateTime="2026-03-02T10:00:00.000Z">2 mars 2026 à 11:00</time>')
  t.equal(said('ar', createElement(When, { at })), '<time dateTime="2026-03-02T10:00:00.000Z">2 مارس 2026، الساعة 11:00</time>')
  t.equal(said('fr', createElement(Day, { day: '2026-07-05' })), '<time dateTime="2026-07-05">5 juillet 2026</time>')
  t.equal(said('ar', createElement(Day, { day: '2026-07-05' })), '<time dateTime="2026-07-05">5 جويلية 2026</time>')
})

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

t.test('no view formats a date or a number but through the one formatter, in the render\'s language', async (t) => {
  const views = join(projectRoot, 'views')
  const formatter = join(views, 'components', 'When.tsx')
  // Contract §10: the French helpers, Intl, toLocale…String and formatsFor itself are the formatter's
  // (useFormats: the render's language); a view that wrote one would say it in French on an Arabic page.
  const formatting = /format(Date|DateTime|Instant|Day)Fr\(|format(Megabytes|FileSize)\(|Intl\.(DateTimeFormat|NumberFormat)|toLocale(Date|Time)?String\(|formatsFor\(/
  const files = sources(views)
  t.ok(files.includes(formatter) && formatting.test(readFileSync(formatter, 'utf8')), 'the formatter is read, and found by the pattern')
  const offenders = files.filter((path) => path !== formatter && formatting.test(readFileSync(path, 'utf8')))
  t.same(offenders.map((path) => relative(projectRoot, path)), [], 'dates and numbers go through views/components/When.tsx')
})
