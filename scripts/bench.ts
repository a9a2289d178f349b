/**
 * `npm run bench`: every measure below, each appended to its section of BENCHMARKS.md.
 * Event-loop health under password hashing: p99 of GET /healthz idle, then while 20 logins
 * (Argon2id) run concurrently, against the built server on loopback with a temporary SQLite file.
 * Bounded: fixed request counts, a start-up deadline, and the server is always stopped.
 */
import { benchLists } from './bench/lists.js'
import { benchUploads } from './bench/uploads.js'
import { benchBucketUploads } from './bench/bucket-uploads.js'
import { benchDocumentLists } from './bench/documents-lists.js'
import { benchTeamLists } from './bench/team-lists.js'
import { benchJournal } from './bench/journal.js'
import { benchSpaceAndThread } from './bench/space-and-thread.js'
import { benchSearch } from './bench/search.js'
import { benchPublicPages } from './bench/public-pages.js'
import { benchRedis } from './bench/redis.js'
import { benchCalendar } from './bench/calendar.js'
import { benchExport } from './bench/export.js'
import { appendRow, machine, now, percentile as p } from './bench/report.js'
import { BENCH_ADMIN, startPortal } from './bench/server.js'

const SAMPLES = 1000
const WARMUP = 100
const CONCURRENT_LOGINS = 20
const ADMIN = BENCH_ADMIN

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

async function main() {
  const server = await startPortal({ RATE_LIMIT_LOGIN_IP: '1000000', RATE_LIMIT_LOGIN_ACCOUNT: '1000000' })
  const base = server.base
  try {
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
    await server.stop()
  }
}

function report(idle: number[], loaded: number[], loginsPerSecond: number) {
  const f = (n: number) => n.toFixed(2)
  const ratio = p(loaded, 0.99) / p(idle, 0.99)
  console.log('\n| measure | p50 (ms) | p99 (ms) |\n| --- | --- | --- |')
  console.log(`| /healthz idle | ${f(p(idle, 0.5))} | ${f(p(idle, 0.99))} |`)
  console.log(`| /healthz with ${CONCURRENT_LOGINS} concurrent logins | ${f(p(loaded, 0.5))} | ${f(p(loaded, 0.99))} |`)
  console.log(`\nloaded/idle p99: ${ratio.toFixed(2)}× (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}); logins/s: ${loginsPerSecond.toFixed(1)}`)
  appendRow(
    '/healthz latency while logins hash passwords (`npm run bench`)',
    `${SAMPLES} sequential GET /healthz idle, then ${SAMPLES} more while ${CONCURRENT_LOGINS} logins (Argon2id, m=19456 KiB, t=2, p=1) run concurrently in a loop. Built server, SQLite, loopback. Goal: loaded p99 ≤ 2× idle p99.`,
    ['date', 'machine', 'idle p50 (ms)', 'idle p99 (ms)', 'loaded p50 (ms)', 'loaded p99 (ms)', 'loaded/idle p99', 'logins/s'],
    [now(), machine(), f(p(idle, 0.5)), f(p(idle, 0.99)), f(p(loaded, 0.5)), f(p(loaded, 0.99)), `${ratio.toFixed(2)}×`, loginsPerSecond.toFixed(1)],
  )
}

main()
  .then(() => benchLists())
  .then(() => benchUploads())
  .then(() => benchBucketUploads())
  .then(() => benchDocumentLists())
  .then(() => benchTeamLists())
  .then(() => benchJournal())
  .then(() => benchSpaceAndThread())
  .then(() => benchSearch())
  .then(() => benchPublicPages())
  .then(() => benchRedis())
  .then(() => benchCalendar())
  .then(() => benchExport())
  .then(() => import('./bench/soak.js').then((soak) => soak.benchSoak()))
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
