// Which test files the MariaDB leg runs, and the checks that keep that choice honest
// (docs/decisions/101-tests-in-minutes.md):
// - test/mariadb-leg.txt: the files the MariaDB leg runs, those that exercise SQL on the leg's database;
// - test/skip-on-mariadb-leg.txt: files that open the leg's database but are not run again on MariaDB,
//   each with why (only what every MariaDB file runs anyway: migrations at the app's start, an account
//   and its session); one that reads or writes a module's data there is refused (DATA below).
// A file that opens the leg's database (a fresh database of test/helpers/app.ts without a URL of its
// own, as the app and the helpers do; or TEST_DATABASE_URL read by the file itself) must be on one of
// the two: scripts/run-tests.mjs fails such a file when it is on neither (seen as it runs, on either
// leg), and scripts/test-mariadb.mjs refuses to start when its signs are in a file on neither. A file
// that opens no such database runs the same on both legs: the MariaDB leg does not run it again.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const INCLUDED = 'test/mariadb-leg.txt'
export const SKIPPED = 'test/skip-on-mariadb-leg.txt'

/** Signs in a file's source that its SQL goes to the leg's database: the app or the helpers' instances, or a fresh database without a URL. */
export const LEG_DATABASE = /\b(buildTestApp|identityApp|twoInstances|instances)\(|\bfreshDatabase\(\s*(\)|undefined\b)/
/** The same, or the leg's URL read by the file itself: such a file must be on one of the lists. */
export const OPENS_LEG_DATABASE = new RegExp(`${LEG_DATABASE.source}|\\bTEST_DATABASE_URL\\b`)

/** What a skipped file that reaches the leg's database may not contain: signs that it reads or writes a module's data. */
export const DATA = [
  [/helpers\/identity\.js|helpers\/smtp\.js/, 'registers or mails through the identity flows'],
  [/documents\/fixtures\.js['"]/, 'uploads documents or adds types'],
  [/\bfreshDatabase\(\s*(\)|undefined\b)/, 'opens a database of the leg for queries of its own'],
  [/\.(selectFrom|insertInto|updateTable|deleteFrom)\(/, 'queries the database'],
  [/\bports\.db\b|\{[^}]*\bdb\b[^}]*\}\s*=\s*(await\s+)?(buildTestApp|identityApp|shared)\b/, 'takes the app’s database'],
]

/** Every test file the legs run (not the browser's, not the helpers). */
export function testFiles(root, dir = 'test') {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return path === 'test/browser' || path === 'test/helpers' ? [] : testFiles(root, path)
    return /\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** A list's paths (the first word of each line that is not blank or a comment). */
export function parseList(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/)[0])
}

/** The two lists of a checkout. */
export function readLists(root) {
  const read = (file) => (existsSync(join(root, file)) ? parseList(readFileSync(join(root, file), 'utf8')) : [])
  return { included: read(INCLUDED), skipped: read(SKIPPED) }
}

/**
 * What is wrong with the lists, for these test files and their sources: a listed file that is
 * missing, listed twice or on both lists; a skipped file whose source reads or writes the leg's data;
 * a file whose source shows that it opens the leg's database and is on neither list.
 */
export function listProblems({ files, source, included, skipped }) {
  const problems = []
  const known = new Set(files)
  const inc = new Set(included)
  const skip = new Set(skipped)
  for (const [name, list] of [
    [INCLUDED, included],
    [SKIPPED, skipped],
  ]) {
    const seen = new Set()
    for (const file of list) {
      if (!known.has(file)) problems.push(`${name}: ${file} is listed but is not a test file`)
      if (seen.has(file)) problems.push(`${name}: ${file} is listed twice`)
      seen.add(file)
    }
  }
  for (const file of included) if (skip.has(file)) problems.push(`${file} is on both ${INCLUDED} and ${SKIPPED}`)
  for (const file of files) {
    const text = source(file)
    if (!OPENS_LEG_DATABASE.test(text)) continue
    if (skip.has(file)) {
      // A file that names its database itself (MariaDB whatever the leg, its own SQLite file) may query it.
      if (!LEG_DATABASE.test(text)) continue
      for (const [pattern, why] of DATA) if (pattern.test(text)) problems.push(`${SKIPPED}: ${file} ${why} (${pattern}): it belongs on ${INCLUDED}`)
    } else if (!inc.has(file)) problems.push(unlisted(file))
  }
  return problems
}

/** The refusal for a file that opens the leg's database and is on neither list. */
export function unlisted(file) {
  return `${file} opens the tests' database (TEST_DATABASE_URL) but is on neither ${INCLUDED} (the MariaDB leg runs it) nor ${SKIPPED} (it does not, with why): add it to one`
}

/** Whether a file that opened the leg's database as it ran is classified (run-tests.mjs's check). */
export function isClassified(file, lists) {
  return lists.included.includes(file) || lists.skipped.includes(file)
}
