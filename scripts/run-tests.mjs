// Runs test files as tap's runner did, without its per-process cost: the sources and tests are first
// turned into JavaScript once, by esbuild (what tsx runs on each file, so the same JavaScript), in
// dist/.tests/<pid>/ (removed at the end); then N files at a time run in N long-lived workers
// (scripts/test-worker.mjs), each of which loads the app's modules once and runs files one after the
// other, each file under a root test of its own, with its own databases (test/helpers/app.ts), as if
// it were its own process (what the worker guarantees is written at its top). A file's own process
// spent about 1.3 s of CPU before its first test (Node, tap, 700 modules), half the SQLite leg's CPU
// (docs/decisions/101-tests-in-minutes.md). A file whose compiled JavaScript imports from tap more
// than its root `t`, and every file with TEST_WORKERS=0, runs in its own `node` process as before.
// A file's output is shown whole once it ends, then one line per file (its wall time and CPU) and the
// summed counts (`# { total, pass, fail }`, the line .ci/run reads). A file that opens the tests'
// database and is on neither of the MariaDB leg's lists fails (scripts/mariadb-leg.mjs). tap's runner
// started every file with @tapjs/processinfo's loader (about 1 s of CPU per file, not switchable off);
// `npx tap FILE` still works for one file.
//
//   node scripts/run-tests.mjs [--jobs=N] [FILE…]   (no FILE: every test file but the browser's)
// Exits 1 when a file fails, dies, passes its time limit or leaves something running.
import { spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, homedir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { isClassified, readLists, unlisted as unlistedOnLeg } from './mariadb-leg.mjs'

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
const cpuAtStart = lastCpu

/** A file's own counts: the last `# { total, pass, fail }` of its output (its root's). */
function countsOf(output) {
  const summary = [...output.matchAll(/^# \{ *total: *(\d+)(?:, *pass: *(\d+))?(?:, *fail: *(\d+))?[^}]*\}/gm)].at(-1)
  return { summary, counts: summary ? { total: Number(summary[1]), pass: Number(summary[2] ?? 0), fail: Number(summary[3] ?? 0) } : { total: 0, pass: 0, fail: 0 } }
}

const scriptOf = (file) => join(compiled, relative(root, join(root, file)).replace(/\.tsx?$/, '.js'))

/**
 * Which files run in the long-lived workers (scripts/test-worker.mjs): those whose compiled JavaScript
 * imports from tap its root `t` only, in one statement (esbuild drops the type imports, leaving `{}`), which the
 * worker replaces by a root of the file's own. The others, and all of them with TEST_WORKERS=0, run
 * in a process of their own, as before. The import is rewritten in this run's copy only.
 */
const TAP_IMPORT = /^import t(?:, \{\s*\})? from "tap";$/m
const ROOT_SHIM = pathToFileURL(join(root, 'scripts/test-root.mjs')).href
const useWorkers = process.env.TEST_WORKERS !== '0'
const inWorker = new Set()
const alone = new Map()
for (const file of new Set(files)) {
  const script = scriptOf(file)
  let text
  try {
    text = readFileSync(script, 'utf8')
  } catch {
    continue // a named file that does not exist: its own process says so, as before
  }
  const imports = text.match(/\bfrom "tap"|\bimport\("tap"\)|\brequire\("tap"\)/g) ?? []
  if (!useWorkers) alone.set(file, 'TEST_WORKERS=0')
  else if (imports.length !== 1 || !TAP_IMPORT.test(text)) alone.set(file, 'imports from tap more than its root t')
  else {
    writeFileSync(script, text.replace(TAP_IMPORT, `import t from ${JSON.stringify(`${ROOT_SHIM}?file=${encodeURIComponent(file)}`)};`))
    inWorker.add(file)
  }
}

const END = '\u001e<portal-test-end>'
/** The MariaDB leg's lists: a file that opens the leg's database must be on one (scripts/mariadb-leg.mjs). */
const lists = readLists(root)
/** The files seen opening the leg's database (TEST_OPENED_LEG_DATABASE=path writes them there, one a line). */
const openedLegDatabase = new Set()

/**
 * A long-lived worker: a process that has loaded the app's modules once and runs files one at a
 * time (scripts/test-worker.mjs). `run(file)` resolves as `run` does for a file in its own process.
 * A worker that dies, overruns a file's limit or is left with what a file kept running is replaced.
 */
class Worker {
  constructor() {
    this.child = spawn(process.execPath, ['--enable-source-maps', join(root, 'scripts/test-worker.mjs')], {
      cwd: root,
      env: { ...process.env, TAP: '1', TAP_TIMEOUT, TEST_RUN_ID, TEST_WORKER_PRELOAD: JSON.stringify([join(compiled, 'test/helpers/app.js')]) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    })
    running.add(this.child.pid)
    /** What the worker wrote since the last file ended, in the order it came: [stream, text]. */
    this.chunks = []
    this.alive = true
    this.ready = new Promise((resolve) => {
      this.child.once('message', resolve)
      this.child.once('close', resolve)
    })
    this.child.stdout.setEncoding('utf8').on('data', (c) => (this.chunks.push(['out', c]), this.check()))
    this.child.stderr.setEncoding('utf8').on('data', (c) => (this.chunks.push(['err', c]), this.check()))
    this.closed = new Promise((resolve) =>
      this.child.on('close', (code, signal) => {
        this.alive = false
        running.delete(this.child.pid)
        // Its start (and whatever no file was charged with) is nobody's file.
        lastCpu = reapedCpu()
        resolve(code ?? signal)
        this.check()
      }),
    )
  }

  /** All the worker wrote since the last file ended, in order. */
  written() {
    return this.chunks.map(([, text]) => text).join('')
  }

  /**
   * Ends the current file when both streams have its end (each stream is in order; the two are
   * interleaved as they came), or when the worker is gone.
   */
  check() {
    const pending = this.pending
    if (!pending) return
    const text = { out: this.chunks.filter(([s]) => s === 'out').map(([, t]) => t).join(''), err: this.chunks.filter(([s]) => s === 'err').map(([, t]) => t).join('') }
    const o = text.out.indexOf(END)
    const line = o === -1 ? -1 : text.out.indexOf('\n', o)
    const e = text.err.indexOf(END)
    const eLine = e === -1 ? -1 : text.err.indexOf('\n', e)
    if (line !== -1 && eLine !== -1) {
      const facts = JSON.parse(text.out.slice(o + END.length, line))
      // The file's part of each chunk, up to its stream's end; what comes after belongs to the next file.
      const cut = { out: o, err: e }
      const seen = { out: 0, err: 0 }
      let output = ''
      for (const [stream, chunk] of this.chunks) {
        const room = Math.max(0, cut[stream] - seen[stream])
        output += chunk.slice(0, room)
        seen[stream] += chunk.length
      }
      const rest = { out: text.out.slice(line + 1), err: text.err.slice(eLine + 1) }
      this.chunks = [['out', rest.out], ['err', rest.err]].filter(([, t]) => t)
      this.pending = undefined
      pending.done({ output: output.replace(/\n+$/, '\n'), facts })
    } else if (!this.alive) {
      this.pending = undefined
      pending.done({ output: this.written(), facts: undefined })
    }
  }

  async run(file) {
    const started = performance.now()
    await this.ready
    const { output, facts, timedOut } = await new Promise((done) => {
      const timer = setTimeout(() => {
        this.kill()
        done({ output: this.written(), facts: undefined, timedOut: true })
      }, FILE_LIMIT_MS)
      this.pending = { done: (r) => (clearTimeout(timer), done(r)) }
      if (this.alive) this.child.send({ file, script: this.scriptFor(file) })
      else this.check()
    })
    const { summary, counts } = countsOf(output)
    const leftovers = facts?.leftovers?.length ? `left running: ${facts.leftovers.join(', ')}` : ''
    const notOwn = facts && !facts.rootTaken ? 'its `t` was not the root the worker gave it (scripts/test-root.mjs not imported)' : ''
    const unlisted = facts?.legDatabase && !isClassified(file, lists) ? unlistedOnLeg(file) : ''
    if (facts?.legDatabase) openedLegDatabase.add(file)
    const ok = facts !== undefined && !leftovers && !unlisted && !notOwn && summary !== undefined && counts.fail === 0
    const why = timedOut ? `stopped after ${FILE_LIMIT_MS / 1000} s` : !facts ? `its worker died (${await this.closed})` : leftovers || unlisted || notOwn || (summary ? '' : 'no tap summary')
    if (facts?.retire) await this.closed
    return { file, output: `${output}${leftovers ? `\n# ${leftovers} (a process of its own would not have ended)` : ''}${unlisted ? `\n# ${unlisted}` : ''}`, ok, counts, ms: performance.now() - started, cpu: facts?.cpu ?? NaN, why }
  }

  /**
   * The file's compiled script; for a file this worker ran already (a file named twice runs twice), a
   * copy beside it (a module is evaluated once per process): its imports and source map are the same.
   */
  scriptFor(file) {
    const script = scriptOf(file)
    this.seen ??= new Map()
    const n = (this.seen.get(file) ?? 0) + 1
    this.seen.set(file, n)
    if (n === 1) return script
    const copy = script.replace(/\.js$/, `.again-${n}.js`)
    // Its root too is its own: the import of scripts/test-root.mjs differs by the run.
    writeFileSync(copy, readFileSync(script, 'utf8').replace(`?file=${encodeURIComponent(file)}"`, `?file=${encodeURIComponent(file)}&run=${n}"`))
    return copy
  }

  kill() {
    try {
      process.kill(-this.child.pid, 'SIGKILL')
    } catch {}
  }

  stop() {
    if (this.alive) this.child.send('exit')
    return this.closed
  }
}

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
      const { summary, counts } = countsOf(output)
      const cpuNow = reapedCpu()
      const cpu = cpuNow - lastCpu
      lastCpu = cpuNow
      const ok = code === 0 && !timedOut && summary !== undefined && counts.fail === 0
      resolve({ file, output, ok, counts, ms: performance.now() - started, cpu, alone: true, why: timedOut ? `stopped after ${FILE_LIMIT_MS / 1000} s` : code !== 0 ? `exit ${code ?? signal}` : summary ? '' : 'no tap summary' })
    })
  })
}

const results = []
const runStarted = performance.now()
let next = 0
let workersStarted = 0
async function slot() {
  let worker
  while (next < files.length) {
    const file = files[next++]
    let result
    if (inWorker.has(file)) {
      if (!worker?.alive) ((worker = new Worker()), workersStarted++)
      result = await worker.run(file)
    } else result = await run(file)
    results.push(result)
    process.stdout.write(`# Subtest: ${result.file}\n${result.output.replace(/^/gm, '    ').trimEnd()}\n`)
    process.stdout.write(`${result.ok ? 'ok' : 'not ok'} ${results.length} - ${result.file} # time=${result.ms.toFixed(3)}ms cpu=${result.cpu.toFixed(1)}s${alone.has(file) ? ` (own process: ${alone.get(file)})` : ''}${result.ok ? '' : ` (${result.why || `${result.counts.fail} failed`})`}\n\n`)
  }
  await worker?.stop()
}
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, slot))

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
console.log(`# cpu ${(reapedCpu() - cpuAtStart).toFixed(0)} s in all (the files' own ${results.reduce((n, r) => n + (r.cpu || 0), 0).toFixed(0)} s, ${inWorker.size} of ${results.length} files in ${workersStarted} long-lived workers); the most: ${[...results].sort((a, b) => b.cpu - a.cpu).slice(0, 8).map((r) => `${r.file} ${r.cpu.toFixed(0)} s`).join(', ')}`)
if (failed.length) console.log(`# failed files:\n${failed.map((r) => `#   ${r.file}: ${r.why || `${r.counts.fail} failed`}`).join('\n')}`)
console.log(`# { total: ${sum('total') + (fail - sum('fail'))}, pass: ${sum('pass')}${fail ? `, fail: ${fail}` : ''} }`)
if (process.env.TEST_OPENED_LEG_DATABASE) writeFileSync(process.env.TEST_OPENED_LEG_DATABASE, [...openedLegDatabase].sort().map((file) => `${file}\n`).join(''))
process.exit(failed.length ? 1 : 0)
