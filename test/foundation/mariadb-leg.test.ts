// The MariaDB leg runs the files that exercise SQL (test/mariadb-leg.txt); a file that opens the tests'
// database and is on neither that list nor test/skip-on-mariadb-leg.txt is refused (issue 30).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { projectRoot as root } from '../../src/shared/project-root.js'

interface Lists {
  files: string[]
  source: (file: string) => string
  included: string[]
  skipped: string[]
}
/** A call in a fixture's source, written so that this file's own source shows no such sign. */
const call = (name: string, args = '') => `${name}(${args})`
const LEG_URL = ['TEST', 'DATABASE', 'URL'].join('_')

const { INCLUDED, SKIPPED, listProblems, readLists, testFiles, isClassified } = (await import(pathToFileURL(join(root, 'scripts/mariadb-leg.mjs')).href)) as {
  INCLUDED: string
  SKIPPED: string
  listProblems: (lists: Lists) => string[]
  readLists: (root: string) => { included: string[]; skipped: string[] }
  testFiles: (root: string) => string[]
  isClassified: (file: string, lists: { included: string[]; skipped: string[] }) => boolean
}

t.test("the repository's lists pass: every file that shows it opens the tests' database is on one of them", async (t) => {
  const files = testFiles(root)
  const lists = readLists(root)
  t.same(listProblems({ files, source: (file) => readFileSync(join(root, file), 'utf8'), ...lists }), [])
  t.ok(lists.included.length > 50, 'the MariaDB leg runs the files that exercise SQL')
  t.ok(files.includes('test/foundation/mariadb-leg.test.ts'), 'the test files are found (this one among them)')
  t.notOk(lists.included.includes('test/foundation/mariadb-leg.test.ts'), 'a file that opens no database is not run twice')
})

t.test('a new repository test on neither list is refused, whichever way it reaches the database', async (t) => {
  const sources: Record<string, string> = {
    'test/a/app.test.ts': `const { app } = await ${call('buildTestApp', 't')}\nawait app.inject('/api/x')`,
    'test/a/fresh.test.ts': `const { db } = await ${call('freshDatabase')}\nawait db.selectFrom("users").execute()`,
    'test/a/seeded.test.ts': `const { db } = await ${call('freshDatabase', 'undefined, { seeded: true }')}`,
    'test/a/url.test.ts': `const url = process.env.${LEG_URL} ?? "sqlite::memory:"`,
    'test/a/pure.test.ts': "t.equal(fold('É'), 'e')",
  }
  const files = Object.keys(sources)
  const problems = listProblems({ files, source: (file) => sources[file]!, included: [], skipped: [] })
  t.same(
    problems.map((problem) => problem.split(' ')[0]),
    ['test/a/app.test.ts', 'test/a/fresh.test.ts', 'test/a/seeded.test.ts', 'test/a/url.test.ts'],
    'each file that opens the database, and not the one that opens none',
  )
  t.match(problems[0], `is on neither ${INCLUDED}`)
  t.same(listProblems({ files, source: (file) => sources[file]!, included: files.slice(0, 4), skipped: [] }), [], 'listed, they pass')
  t.ok(isClassified('test/a/app.test.ts', { included: ['test/a/app.test.ts'], skipped: [] }))
  t.notOk(isClassified('test/a/app.test.ts', { included: [], skipped: ['test/a/other.test.ts'] }), 'what run-tests.mjs checks of a file seen opening the database')
})

t.test('a skipped file may not read or write the data; a listed file must exist, once, on one list', async (t) => {
  const sources: Record<string, string> = {
    'test/a/headers.test.ts': `const { app } = await ${call('buildTestApp', 't')}\nt.equal((await app.inject('/')).headers['x-frame-options'], 'DENY')`,
    'test/a/queries.test.ts': `const { app, db } = await ${call('buildTestApp', 't')}\nawait db.selectFrom('users').execute()`,
    'test/a/own-mariadb.test.ts': `const { db } = await ${call('freshDatabase', 'MARIADB')}\nawait db.selectFrom('users').execute()`,
  }
  const files = Object.keys(sources)
  const problems = listProblems({ files, source: (file) => sources[file]!, included: ['test/a/gone.test.ts', 'test/a/headers.test.ts'], skipped: ['test/a/headers.test.ts', 'test/a/queries.test.ts', 'test/a/own-mariadb.test.ts', 'test/a/own-mariadb.test.ts'] })
  t.match(problems.join('\n'), `${INCLUDED}: test/a/gone.test.ts is listed but is not a test file`)
  t.match(problems.join('\n'), `${SKIPPED}: test/a/own-mariadb.test.ts is listed twice`)
  t.match(problems.join('\n'), `test/a/headers.test.ts is on both`)
  t.match(problems.join('\n'), `${SKIPPED}: test/a/queries.test.ts queries the database`)
  t.notMatch(problems.join('\n'), 'own-mariadb.test.ts queries', 'a file that names its own database may query it')
  t.notMatch(problems.join('\n'), 'headers.test.ts takes', 'nor does a file that only asks the app')
})
