// A long-lived test process of scripts/run-tests.mjs: it loads the app's modules once, then runs the
// test files the runner sends it one after the other, each under a root test of its own, as if it were
// its own `node` process. Started by the runner only (it talks to it over IPC), never by hand.
//
// Why: a file's own process spent about 1.3 s of CPU before its first test (Node, tap, the app's
// modules: 700 modules read, compiled and run) and ran the app's code cold; 180 files, each leg
// (docs/decisions/101-tests-in-minutes.md).
//
// What a file gets, as in its own process:
// - `import t from 'tap'`: its own root test (the runner's compiled file imports scripts/test-root.mjs
//   instead, with the file's name), with tap's time limit (TAP_TIMEOUT), its TAP on stdout, its
//   counts (`# { total, pass, fail }`) and `# time=` at the end, as tap's root prints them;
// - throws and rejections outside its subtests fail its root (tap's root domain does the same);
// - the environment, working directory and umask it started with: what it changes is put back after it;
// - its root ends when tap's would: once the file has nothing left running (its process would exit),
//   or, if it gave the root a teardown, once the root stays idle (tap's autoend);
// - what it leaves running (a server, a timer, a socket, a child, a worker thread) fails it, as a
//   process that never exits did: the next file starts only once the worker is back to what it held
//   before, or the worker is replaced.
// A file's database is its own already (test/helpers/app.ts: a fresh database per app).
import { AsyncResource } from 'node:async_hooks'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { Domain } from 'async-hook-domain'
// @tapjs/core first: its TAP class extends @tapjs/test's Test, which imports @tapjs/core back.
import '@tapjs/core'
import { Test } from '@tapjs/test'

const IMPLICIT = Symbol.for('implicit end')
const TAP_TIMEOUT = Number(process.env.TAP_TIMEOUT || '30') * 1000
/** How long a file's leftovers (sockets closing, a child exiting) may take to go once its root has ended. */
const LEFTOVER_MS = Number(process.env.TEST_LEFTOVER_MS || 20_000)
/** Past this, the worker reports and exits after the file, and the runner starts another (memory is the processes' limit, not time). */
const RSS_LIMIT = 1_200 * 1024 * 1024
const END = '\u001e<portal-test-end>'

function reapedCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return 0
  }
}
const cpuNow = () => {
  const own = process.cpuUsage()
  return (own.user + own.system) / 1e6 + reapedCpu()
}

/** What keeps the event loop alive, by kind, ignoring what the worker itself always holds. */
function resources() {
  const counts = new Map()
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return counts
}
function beyond(base) {
  const now = resources()
  const extra = []
  for (const [kind, n] of now) if (n > (base.get(kind) ?? 0)) extra.push(`${kind}${n - (base.get(kind) ?? 0) > 1 ? ` ×${n - (base.get(kind) ?? 0)}` : ''}`)
  return extra
}

let current
globalThis[Symbol.for('portal test worker')] = {
  /** The root test of the file being run (scripts/test-root.mjs). */
  root(file) {
    if (!current || current.file !== file) throw new Error(`test-worker: ${file} imported while ${current?.file ?? 'no file'} runs`)
    current.rootTaken = true
    return current.root
  },
  /** test/helpers/app.ts: the file opened the leg's database (TEST_DATABASE_URL, or in-memory SQLite on the SQLite leg). */
  legDatabase() {
    if (current) current.legDatabase = true
  },
}

/** Writes the end of a file's output on both streams (pipes are written in order on Linux), with its facts on stdout. */
function endMarker(facts) {
  process.stderr.write(`\n${END}\n`)
  process.stdout.write(`\n${END}${JSON.stringify(facts)}\n`)
}

const turn = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/**
 * Resolves once the file is done as its own process would be: tap's root ends when the process has
 * nothing left to do, or, once the file gave the root a teardown (which closes its servers), when the
 * root stays idle over three turns of the event loop. Here "nothing left" is: nothing beyond what the
 * worker held before the file. After LEFTOVER_MS idle with something still there, it ends anyway (the
 * file then fails for what it left).
 */
async function whenDone(root, before, teardown) {
  let idleSince
  for (;;) {
    await turn(teardown.used ? 0 : 10)
    if (!root.idle) {
      idleSince = undefined
      continue
    }
    idleSince ??= Date.now()
    if (teardown.used) {
      await turn()
      await turn()
      if (root.idle) return
    } else if (beyond(before).length === 0 || Date.now() - idleSince > LEFTOVER_MS) return
  }
}

async function runFile({ file, script }) {
  const cpuStart = cpuNow()
  const env = { ...process.env }
  const cwd = process.cwd()
  const umask = process.umask()
  const before = resources()
  const root = new Test({ name: 'TAP', timeout: TAP_TIMEOUT, preserveWhitespace: true })
  root.on('data', (chunk) => process.stdout.write(chunk))
  root.on('complete', () => {
    root.comment(root.counts.toJSON())
    root.comment(`time=${root.time}ms`)
  })
  // As tap's root: a teardown means the file's servers close at its end, so idle is done.
  const teardown = { used: false }
  const ownTeardown = root.teardown
  root.teardown = (...args) => {
    teardown.used = true
    root.teardown = ownTeardown
    return root.teardown(...args)
  }
  const ended = new Promise((resolve) => root.on('end', resolve))
  current = { file, root }
  root.runMain(() => {})
  let domain
  const work = new AsyncResource('portal-test-file').runInAsyncScope(async () => {
    domain = new Domain((error, type) => root.hookDomain.onerror(error, type))
    try {
      await import(pathToFileURL(script).href)
    } catch (error) {
      root.threw(error)
    }
    await whenDone(root, before, teardown)
    root.end(IMPLICIT)
  })
  // A root that ends first (its time limit passed while the module still awaits something) ends the
  // file, as tap's root then stopped its process; what still runs is then a leftover.
  await Promise.race([work, ended])
  await ended
  // Its leftovers: given time to go (a socket's close, a child's exit), as its process would have been.
  let extra = beyond(before)
  for (const deadline = Date.now() + LEFTOVER_MS; extra.length && Date.now() < deadline; extra = beyond(before)) await turn(25)
  domain?.destroy()
  const legDatabase = current.legDatabase === true
  const rootTaken = current.rootTaken === true
  current = undefined
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
  Object.assign(process.env, env)
  if (process.cwd() !== cwd) process.chdir(cwd)
  process.umask(umask)
  const retire = extra.length > 0 || process.memoryUsage().rss > RSS_LIMIT
  endMarker({ file, cpu: cpuNow() - cpuStart, leftovers: extra, legDatabase, rootTaken, retire })
  if (retire) process.exit(0)
}

// The app's modules, once: what almost every file imports first. One that fails to load is the files'
// to report (each that imports it fails with the error, as in its own process).
for (const module of JSON.parse(process.env.TEST_WORKER_PRELOAD || '[]')) await import(pathToFileURL(module).href).catch(() => {})

const queue = []
let busy = false
process.on('message', async (message) => {
  if (message === 'exit') process.exit(0)
  queue.push(message)
  if (busy) return
  busy = true
  while (queue.length) await runFile(queue.shift())
  busy = false
})
// A worker whose runner is gone stops.
process.on('disconnect', () => process.exit(0))
process.send({ ready: true })
