// The MariaDB leg: the test files of test/mariadb-leg.txt (those that exercise SQL on the leg's
// database), on TEST_DATABASE_URL (mysql://root@127.0.0.1:3306/test unless set). It refuses to start
// when the lists are wrong (scripts/mariadb-leg.mjs): a listed file that is missing, a file that shows
// it opens the leg's database and is on neither test/mariadb-leg.txt nor test/skip-on-mariadb-leg.txt,
// a skipped file that reads or writes a module's data there. scripts/run-tests.mjs also fails, on
// either leg, a file seen opening the leg's database that is on neither list.
// `--check` only checks the lists and prints the files the leg would run; other arguments go to run-tests.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { INCLUDED, listProblems, readLists, testFiles } from './mariadb-leg.mjs'

const root = new URL('..', import.meta.url).pathname
const files = testFiles(root).sort()
const { included, skipped } = readLists(root)
const problems = listProblems({ files, source: (file) => readFileSync(join(root, file), 'utf8'), included, skipped })
if (problems.length) {
  console.error(`The MariaDB leg's lists are wrong (scripts/mariadb-leg.mjs):\n  ${problems.join('\n  ')}`)
  process.exit(1)
}

const leg = files.filter((file) => included.includes(file))
const args = process.argv.slice(2)
if (args.includes('--check')) {
  console.log(`MariaDB leg: ${leg.length} files of ${INCLUDED} (${files.length - leg.length} run on SQLite only)\n${leg.join('\n')}`)
  process.exit(0)
}
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/test' }
const result = spawnSync(process.execPath, [join(root, 'scripts/run-tests.mjs'), ...args, ...leg], { cwd: root, env, stdio: 'inherit' })
process.exit(result.status ?? 1)
