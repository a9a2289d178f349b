// The MariaDB leg: every test file npm test runs, but those listed in test/sqlite-only.txt, on
// TEST_DATABASE_URL (mysql://root@127.0.0.1:3306/test unless set). Each listed file must exist and
// must not read or write a module's data (the rule is in that file and in docs/decisions.md).
// `--check` only checks the list and prints the files the leg would run; other arguments go to tap.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const LIST = 'test/sqlite-only.txt'

/** What a listed file may not contain: a sign that it reads or writes a module's data. */
const DATA = [
  [/helpers\/identity\.js|helpers\/smtp\.js/, 'registers or mails through the identity flows'],
  [/documents\/fixtures\.js['"]/, 'uploads documents or adds types'],
  [/\bfreshDatabase\b/, 'opens a database of TEST_DATABASE_URL'],
  [/\.(selectFrom|insertInto|updateTable|deleteFrom)\(/, 'queries the database'],
  [/\bports\.db\b|\{[^}]*\bdb\b[^}]*\}\s*=\s*await\s+buildTestApp/, 'takes the app’s database'],
]

/** Whether a file's SQL goes to TEST_DATABASE_URL (through the app or a fresh database of the helpers). */
const usesTestDatabase = (source) => /\b(buildTestApp|freshDatabase|identityApp|TEST_DATABASE_URL)\b/.test(source)

function testFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return path === 'test/browser' || path === 'test/helpers' ? [] : testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const listed = readFileSync(join(root, LIST), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => line.split(/\s+/)[0])
const problems = []
for (const file of listed) {
  if (!existsSync(join(root, file))) {
    problems.push(`${file}: listed but missing`)
    continue
  }
  const source = readFileSync(join(root, file), 'utf8')
  // A file that never reaches TEST_DATABASE_URL runs the same on both legs: listing it is always right.
  if (!usesTestDatabase(source)) continue
  for (const [pattern, why] of DATA) if (pattern.test(source)) problems.push(`${file}: ${why} (${pattern})`)
}
if (problems.length) {
  console.error(`${LIST}: these files touch the database beyond what every MariaDB file runs; take them off the list:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}

const skipped = new Set(listed)
const files = testFiles('test').sort().filter((file) => !skipped.has(file))
const args = process.argv.slice(2)
if (args.includes('--check')) {
  console.log(`MariaDB leg: ${files.length} files (${skipped.size} SQLite only)\n${files.join('\n')}`)
  const twice = files.filter((file) => !usesTestDatabase(readFileSync(join(root, file), 'utf8')))
  if (twice.length) console.log(`\nThese never reach TEST_DATABASE_URL, so the MariaDB leg repeats them as they are: list them?\n${twice.join('\n')}`)
  process.exit(0)
}
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test' }
const tap = relative(root, join(root, 'node_modules/.bin/tap'))
const result = spawnSync(tap, [...args, ...files], { cwd: root, env, stdio: 'inherit' })
process.exit(result.status ?? 1)
