// Issue 17: every date a page shows is in one format, French and in Algiers time, written by one
// formatter in views (views/components/When.tsx): "2 mars 2026 à 11:00", a day "2 mars 2026".
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import t from 'tap'
import { formatDayFr, formatInstantFr } from '../../src/shared/time.js'
import { projectRoot } from '../../src/shared/project-root.js'

t.test('an instant and a day, Algiers time', async (t) => {
  t.equal(formatInstantFr(new Date('2026-03-02T10:00:00Z')), '2 mars 2026 à 11:00', 'UTC+1')
  t.equal(formatInstantFr('2026-06-30T23:30:00.000Z'), '1 juillet 2026 à 00:30', 'the next day in Algiers (no summer time)')
  t.equal(formatDayFr('2026-12-12'), '12 décembre 2026', 'a day: the same date, no time')
})

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

t.test('no view formats a date but the one formatter', async (t) => {
  const views = join(projectRoot, 'views')
  const formatter = join(views, 'components', 'When.tsx')
  const dateFormatting = /format(Date|DateTime|Instant|Day)Fr\(|Intl\.DateTimeFormat|toLocale(Date|Time)String|new Date\([^)]*\)\.toLocaleString/
  const files = sources(views)
  t.ok(files.includes(formatter) && dateFormatting.test(readFileSync(formatter, 'utf8')), 'the formatter is read, and found by the pattern')
  const offenders = files.filter((path) => path !== formatter && dateFormatting.test(readFileSync(path, 'utf8')))
  t.same(offenders.map((path) => relative(projectRoot, path)), [], 'dates go through views/components/When.tsx')
})
