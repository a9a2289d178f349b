// Runs test files as tap's runner did, without its per-process cost: the sources and tests are first
// turned into JavaScript once, by esbuild (what tsx runs on each file, so the same JavaScript), in
// dist/.tests/<pid>/ (removed at the end); then each file is its own `node` process (a tap test file
// prints its own TAP and its counts), N at a time. tsx's loader in every process (a thread, esbuild
// and a transform per module) cost about 1 s of CPU per file that builds the app;
// a file's output is shown whole once it ends, then one line per file and the summed counts
// (`# { total, pass, fail }`, the line .ci/run reads). tap's runner starts every file with
// @tapjs/processinfo's loader, which reads each imported module's source and sends it to the main
// thread for coverage (disabled here, and not switchable off): about 1 s of CPU per file, a minute of
// CI (docs/decisions.md, "Tests in eight minutes"). `npx tap FILE` still works for one file.
//
//   node scripts/run-tests.mjs [--jobs=N] [FILE…]   (no FILE: every test file but the browser's)
// Exits 1 when a file fails, dies or passes its time limit.
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, homedir } from 'node:os'
import { join, relative } from 'node:path'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
/**
 * tap's time limit for a file (package.json's `tap.timeout`, in seconds), as tap's runner passed it;
 * TAP_TIMEOUT in the environment sets another (the browser files, whose sweeps of every page take a
 * minute or two on a busy machine: `npm run test:browser`).
 */
const TAP_TIMEOUT = process.env.TAP_TIMEOUT || String(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).tap?.timeout ?? 30)
/** One name for this run's files (test/helpers/app.ts keeps the MariaDB schema the migrations gave once per run under it). */
const TEST_RUN_ID = process.env.TEST_RUN_ID ?? `${process.pid}-${Date.now()}`
/**
 * A file still running after this is stopped and counted as failed (a file that hangs past its own
 * limit): above the longest a file gives itself, axe's sweep's 20 minutes (t.setTimeout), which a
 * loaded CI run needs. At 10 minutes the runner stopped that sweep at its 175th of 180 checks (session 12).
 */
const FILE_LIMIT_MS = 1_320_000
/** Process groups of the files running: stopped with the runner. */
const running = new Set()
/** This run's JavaScript: its own folder, so runs side by side (.ci/run's legs) never share one. */
const compiled = join(root, 'dist/.tests', String(process.pid))
process.on('exit', () => rmSync(compiled, { recursive: true, force: true }))
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {}
    }
    process.exit(130)
  })
}

/** Every .ts and .tsx file below `dir` (a test imports sources, helpers, views and migrations). */
function sources(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

function testFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return path === 'test/browser' || path === 'test/helpers' ? [] : testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const args = process.argv.slice(2)
const jobsArg = args.find((a) => a.startsWith('--jobs='))
const jobs = Math.max(1, Number(jobsArg?.slice('--jobs='.length)) || availableParallelism())
const unknown = args.filter((a) => a.startsWith('-') && a !== jobsArg)
if (unknown.length) {
  console.error(`run-tests: unknown option ${unknown.join(' ')} (only --jobs=N)`)
  process.exit(2)
}
const named = args.filter((a) => !a.startsWith('-'))
/**
 * How long each file took when it last ran on this machine (outside the clone, like CI's other
 * caches): the longest start first, so that the run does not end waiting on one long file started
 * last. A file never timed starts first. The order changes nothing else: every file has its own
 * database and ports.
 */
const DURATIONS = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'portal-ci', 'test-durations.json')
const durations = (() => {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8'))
  } catch {
    return {}
  }
})()
const leg = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? 'mariadb' : 'sqlite'
const lastTime = (file) => durations[`${leg} ${file}`] ?? Infinity
const files = (named.length ? named : testFiles('test').sort()).map((file, i) => ({ file, i })).sort((a, b) => lastTime(b.file) - lastTime(a.file) || a.i - b.i).map(({ file }) => file)

// One transform of everything a test can import, in about a second; the tsconfig's JSX setting applies.
await build({
  entryPoints: ['src', 'views', 'migrations', 'scripts', 'test'].flatMap((dir) => sources(dir)).map((path) => join(root, path)),
  outdir: compiled,
  outbase: root,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  tsconfig: join(root, 'tsconfig.json'),
  logLevel: 'warning',
})

/**
 * CPU time (user and system, in seconds) of the children this process has reaped, with theirs
 * (/proc/self/stat's cutime and cstime); NaN without /proc. Read as each file ends, the difference is
 * that file's CPU, its servers and tools included (two ending together share it).
 */
function reapedCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return NaN
  }
}
let lastCpu = reapedCpu()

/** One file in its own process; resolves with its output, exit status and own counts. */
function run(file) {
  const started = performance.now()
  const script = join(compiled, relative(root, join(root, file)).replace(/\.tsx?$/, '.js'))
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', script], { cwd: root, env: { ...process.env, TAP: '1', TAP_TIMEOUT, TEST_RUN_ID }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    running.add(child.pid)
    const chunks = []
    child.stdout.on('data', (c) => chunks.push(c))
    child.stderr.on('data', (c) => chunks.push(c))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, FILE_LIMIT_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      running.delete(child.pid)
      const output = Buffer.concat(chunks).toString('utf8')
      const summary = [...output.matchAll(/^# \{ *total: *(\d+)(?:, *pass: *(\d+))?(?:, *fail: *(\d+))?[^}]*\}/gm)].at(-1)
      const counts = summary ? { total: Number(summary[1]), pass: Number(summary[2] ?? 0), fail: Number(summary[3] ?? 0) } : { total: 0, pass: 0, fail: 0 }
      const cpuNow = reapedCpu()
      const cpu = cpuNow - lastCpu
      lastCpu = cpuNow
      const ok = code === 0 && !timedOut && summary !== undefined && counts.fail === 0
      resolve({ file, output, ok, counts, ms: performance.now() - started, cpu, why: timedOut ? `stopped after ${FILE_LIMIT_MS / 1000} s` : code !== 0 ? `exit ${code ?? signal}` : summary ? '' : 'no tap summary' })
    })
  })
}

const results = []
const runStarted = performance.now()
let next = 0
async function worker() {
  while (next < files.length) {
    const result = await run(files[next++])
    results.push(result)
    process.stdout.write(`# Subtest: ${result.file}\n${result.output.replace(/^/gm, '    ').trimEnd()}\n`)
    process.stdout.write(`${result.ok ? 'ok' : 'not ok'} ${results.length} - ${result.file} # time=${result.ms.toFixed(3)}ms cpu=${result.cpu.toFixed(1)}s${result.ok ? '' : ` (${result.why || `${result.counts.fail} failed`})`}\n\n`)
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker))

try {
  // Merged with what the other runs side by side wrote meanwhile.
  const now = (() => {
    try {
      return JSON.parse(readFileSync(DURATIONS, 'utf8'))
    } catch {
      return {}
    }
  })()
  for (const result of results) now[`${leg} ${result.file}`] = Math.round(result.ms)
  mkdirSync(join(DURATIONS, '..'), { recursive: true })
  writeFileSync(`${DURATIONS}.${process.pid}`, JSON.stringify(now, null, 1))
  renameSync(`${DURATIONS}.${process.pid}`, DURATIONS)
} catch {
  // Only the next run's order is lost.
}

const sum = (k) => results.reduce((n, r) => n + r.counts[k], 0)
// A file that died without its own counts counts as one failure.
const fail = sum('fail') + results.filter((r) => !r.ok && r.counts.fail === 0).length
const failed = results.filter((r) => !r.ok)
console.log(`1..${results.length}`)
console.log(`# ${results.length} files in ${((performance.now() - runStarted) / 1000).toFixed(0)} s, ${jobs} at a time`)
console.log(`# cpu ${results.reduce((n, r) => n + r.cpu, 0).toFixed(0)} s in all; the most: ${[...results].sort((a, b) => b.cpu - a.cpu).slice(0, 8).map((r) => `${r.file} ${r.cpu.toFixed(0)} s`).join(', ')}`)
if (failed.length) console.log(`# failed files:\n${failed.map((r) => `#   ${r.file}: ${r.why || `${r.counts.fail} failed`}`).join('\n')}`)
console.log(`# { total: ${sum('total') + (fail - sum('fail'))}, pass: ${sum('pass')}${fail ? `, fail: ${fail}` : ''} }`)
process.exit(failed.length ? 1 : 0)
