/**
 * `npm run bench`: every measure below, each appended to its section of BENCHMARKS.md.
 * Event-loop health under password hashing: p99 of GET /healthz idle, then while 20 logins
 * (Argon2id) run concurrently, against the built server on loopback with a temporary SQLite file.
 * Bounded: fixed request counts, a start-up deadline, and the server is always stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { benchLists } from './bench/lists.js'
import { benchUploads } from './bench/uploads.js'
import { benchDocumentLists } from './bench/documents-lists.js'
import { benchPublicPages } from './bench/public-pages.js'

const ROOT = resolve(import.meta.dirname, '..')
const SAMPLES = 1000
const WARMUP = 100
const CONCURRENT_LOGINS = 20
const ADMIN = { email: 'bench-admin@cabinet.test', password: 'B3nch#Admin!x' }

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

async function waitUntilUp(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start within 30 s')
}

function p(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!
}

async function sampleHealthz(base: string, count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    const res = await fetch(`${base}/healthz`)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`/healthz answered ${res.status}`)
    times.push(performance.now() - start)
  }
  return times
}

/** Logs in again and again until told to stop; answers how many logins succeeded. */
async function loginLoop(base: string, stop: { done: boolean }): Promise<number> {
  let count = 0
  while (!stop.done) {
    const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`login answered ${res.status}`)
    count++
  }
  return count
}

function writeRow(row: string) {
  const file = join(ROOT, 'BENCHMARKS.md')
  const header = '| date | machine | idle p50 (ms) | idle p99 (ms) | loaded p50 (ms) | loaded p99 (ms) | loaded/idle p99 | logins/s |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n'
  const intro = '# Benchmarks\n\n## /healthz latency while logins hash passwords (`npm run bench`)\n\n' +
    `${SAMPLES} sequential GET /healthz idle, then ${SAMPLES} more while ${CONCURRENT_LOGINS} logins (Argon2id, m=19456 KiB, t=2, p=1) run concurrently in a loop. Built server, SQLite, loopback. Goal: loaded p99 ≤ 2× idle p99.\n\n`
  let text = existsSync(file) ? readFileSync(file, 'utf8') : intro + header
  if (!text.includes(header)) text += `\n${intro}${header}`
  const lines = text.split('\n')
  const last = lines.reduce((at, line, i) => (line.startsWith('| 20') ? i : at), lines.indexOf(header.split('\n')[1]!))
  lines.splice(last + 1, 0, row)
  writeFileSync(file, lines.join('\n'))
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [join(ROOT, 'dist/server/src/server.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base,
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`, SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, UPLOAD_DIR: join(dir, 'uploads'),
      RATE_LIMIT_LOGIN_IP: '1000000', RATE_LIMIT_LOGIN_ACCOUNT: '1000000',
    },
  })
  try {
    await waitUntilUp(base, server)
    await sampleHealthz(base, WARMUP)
    const idle = await sampleHealthz(base, SAMPLES)
    const stop = { done: false }
    const started = performance.now()
    const loops = Array.from({ length: CONCURRENT_LOGINS }, () => loginLoop(base, stop))
    await new Promise((r) => setTimeout(r, 200)) // let the hashing start before sampling
    const loaded = await sampleHealthz(base, SAMPLES)
    stop.done = true
    const logins = (await Promise.all(loops)).reduce((a, b) => a + b, 0)
    const seconds = (performance.now() - started) / 1000
    report(idle, loaded, logins / seconds)
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)))
    rmSync(dir, { recursive: true, force: true })
  }
}

function report(idle: number[], loaded: number[], loginsPerSecond: number) {
  const f = (n: number) => n.toFixed(2)
  const ratio = p(loaded, 0.99) / p(idle, 0.99)
  console.log('\n| measure | p50 (ms) | p99 (ms) |\n| --- | --- | --- |')
  console.log(`| /healthz idle | ${f(p(idle, 0.5))} | ${f(p(idle, 0.99))} |`)
  console.log(`| /healthz with ${CONCURRENT_LOGINS} concurrent logins | ${f(p(loaded, 0.5))} | ${f(p(loaded, 0.99))} |`)
  console.log(`\nloaded/idle p99: ${ratio.toFixed(2)}× (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}); logins/s: ${loginsPerSecond.toFixed(1)}`)
  const machine = `${availableParallelism()} CPU, ${cpus()[0]?.model.trim() ?? '?'}, Node ${process.version}`
  writeRow(`| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${machine} | ${f(p(idle, 0.5))} | ${f(p(idle, 0.99))} | ${f(p(loaded, 0.5))} | ${f(p(loaded, 0.99))} | ${ratio.toFixed(2)}× | ${loginsPerSecond.toFixed(1)} |`)
}

main()
  .then(() => benchLists())
  .then(() => benchUploads())
  .then(() => benchDocumentLists())
  .then(() => benchPublicPages())
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
