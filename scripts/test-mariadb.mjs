// The MariaDB leg: every test file npm test runs, but those listed in test/skip-on-mariadb-leg.txt, on
// TEST_DATABASE_URL (mysql://root@127.0.0.1:3306/test unless set). Each listed file must exist and
// must not read or write a module's data on the leg's database (the rule is in that file and in
// docs/decisions.md, "Tests in eight minutes").
// `--check` only checks the list and prints the files the leg would run; other arguments go to tap.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const LIST = 'test/skip-on-mariadb-leg.txt'

/**
 * Signs that a file's SQL goes to the leg's database (TEST_DATABASE_URL): the app or the instances of
 * the helpers, or a fresh database of the helpers without a URL of its own.
 */
const LEG_DATABASE = /\b(buildTestApp|identityApp|twoInstances|instances)\(|\bfreshDatabase\(\s*\)/

/** What a listed file that reaches the leg's database may not contain: signs that it reads or writes a module's data. */
const DATA = [
  [/helpers\/identity\.js|helpers\/smtp\.js/, 'registers or mails through the identity flows'],
  [/documents\/fixtures\.js['"]/, 'uploads documents or adds types'],
  [/\bfreshDatabase\(\s*\)/, 'opens a database of the leg for queries of its own'],
  [/\.(selectFrom|insertInto|updateTable|deleteFrom)\(/, 'queries the database'],
  [/\bports\.db\b|\{[^}]*\bdb\b[^}]*\}\s*=\s*(await\s+)?(buildTestApp|identityApp|shared)\b/, 'takes the app’s database'],
]

function testFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return path === 'test/browser' || path === 'test/helpers' ? [] : testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const source = (file) => readFileSync(join(root, file), 'utf8')
const listed = source(LIST)
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
  const text = source(file)
  // A file that never reaches the leg's database runs the same on both legs: listing it is always right.
  if (!LEG_DATABASE.test(text)) continue
  for (const [pattern, why] of DATA) if (pattern.test(text)) problems.push(`${file}: ${why} (${pattern})`)
}
if (problems.length) {
  console.error(`${LIST}: these files touch the leg's database beyond what every MariaDB file runs; take them off the list:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}

const skipped = new Set(listed)
const files = testFiles('test').sort().filter((file) => !skipped.has(file))
const args = process.argv.slice(2)
if (args.includes('--check')) {
  console.log(`MariaDB leg: ${files.length} files (${skipped.size} skipped)\n${files.join('\n')}`)
  const twice = files.filter((file) => !LEG_DATABASE.test(source(file)))
  if (twice.length) console.log(`\nThese never reach the leg's database, so the MariaDB leg repeats them as they are: list them?\n${twice.join('\n')}`)
  process.exit(0)
}
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test' }
const result = spawnSync(process.execPath, [join(root, 'scripts/run-tests.mjs'), ...args, ...files], { cwd: root, env, stdio: 'inherit' })
process.exit(result.status ?? 1)
