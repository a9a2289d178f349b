/**
 * Shared limits (issue 14): requests/s of the built portal with REDIS_URL set against the same portal
 * without, both started in their own process (production, default logging to a sink, SQLite), loaded
 * by `wrk` like the public pages (scripts/bench/public-pages.ts), in alternated rounds:
 * - a logged-in `/` (the measure, goal ≥ 90 %): no page route is rate-limited, so with Redis
 *   it should cost nothing, and this shows that it does not;
 * - `GET /api/password/1/<token>`, the reset-link check, limited per IP (its limit raised out of
 *   reach): an invalid link answers 400 at once, so the rate limit's round trip to Redis is most of
 *   what differs; what a limited route pays for sharing its counter.
 * Needs a Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379); its keys go under a fresh prefix,
 * deleted at the end. Alone: `npx tsx scripts/bench/redis.ts` (after `npm run build`).
 */
import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { Redis } from 'ioredis'
import { appendRow, machine, mean, median, now } from './report.js'
import { logIn, startPortal, type Running } from './server.js'
import { answered, type Run } from './wrk.js'

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const ROUNDS = 5
const SECONDS = 3
const WARMUP_SECONDS = 2
const CONNECTIONS = 32
const COMMAND = '`npm run bench`; alone: `npx tsx scripts/bench/redis.ts`'
const UNREACHABLE = '1000000000'
const RESET_CHECK = `/api/password/1/${'a'.repeat(43)}`

interface Case {
  label: string
  path: string
  /** The route answers 4xx by design (an invalid link). */
  refusals: boolean
  goal: number | undefined
}

const CASES: Case[] = [
  { label: 'logged-in /', path: '/', refusals: false, goal: 0.9 },
  { label: 'reset-link check (limited per IP)', path: RESET_CHECK, refusals: true, goal: undefined },
]

const pct = (ratio: number) => `${(ratio * 100).toFixed(0)} %`
const int = (n: number) => Math.round(n).toLocaleString('en-US')

async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const found: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
    found.push(...batch)
    cursor = next
  } while (cursor !== '0')
  return found
}

export async function benchRedis(): Promise<void> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await client.connect().catch((error: Error) => {
    throw new Error(`the Redis bench needs Redis at ${REDIS_URL} (BENCH_REDIS_URL): ${error.message}`)
  })
  const prefix = `bench:${randomBytes(4).toString('hex')}:`
  const env = { LOG_LEVEL: '', RATE_LIMIT_TOKEN_IP: UNREACHABLE }
  const servers: Running[] = []
  try {
    const shared = await startPortal({ ...env, REDIS_URL, REDIS_PREFIX: prefix })
    servers.push(shared)
    const alone = await startPortal(env)
    servers.push(alone)
    const cookies = new Map([[shared, await logIn(shared.base)], [alone, await logIn(alone.base)]])
    const rows: string[] = []
    for (const c of CASES) {
      for (const server of [shared, alone]) {
        const answer = await fetch(`${server.base}${c.path}`, { headers: { cookie: cookies.get(server)! } })
        if (answer.status !== (c.refusals ? 400 : 200)) throw new Error(`${c.label}: ${answer.status}`)
      }
      const run = (server: Running, seconds: number) => answered(server, `${server.base}${c.path}`, { connections: CONNECTIONS, seconds, headers: { cookie: cookies.get(server)! }, refusals: c.refusals })
      await run(shared, WARMUP_SECONDS)
      await run(alone, WARMUP_SECONDS)
      const rounds: { shared: Run; alone: Run }[] = []
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 2 === 0) {
          const s = await run(shared, SECONDS)
          rounds.push({ shared: s, alone: await run(alone, SECONDS) })
        } else {
          const a = await run(alone, SECONDS)
          rounds.push({ shared: await run(shared, SECONDS), alone: a })
        }
      }
      const ratios = rounds.map((r) => r.shared.rate / r.alone.rate)
      const ratio = median(ratios)
      const sharedRate = mean(rounds.map((r) => r.shared.rate))
      const aloneRate = mean(rounds.map((r) => r.alone.rate))
      const sharedCpu = median(rounds.map((r) => r.shared.cpu))
      const aloneCpu = median(rounds.map((r) => r.alone.cpu))
      const verdict = c.goal === undefined ? '' : ` (goal ≥ ${pct(c.goal)}: ${ratio >= c.goal ? 'met' : 'NOT met'})`
      console.log(`${c.label}: ${int(sharedRate)} req/s with REDIS_URL against ${int(aloneRate)} without: ${pct(ratio)} (rounds ${ratios.map(pct).join(', ')})${verdict}; CPU per request ${sharedCpu.toFixed(0)} µs against ${aloneCpu.toFixed(0)} µs`)
      rows.push(`${int(sharedRate)} / ${int(aloneRate)} = ${pct(ratio)} (${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))})${c.goal === undefined || ratio >= c.goal ? '' : ' (not met)'}; CPU ${sharedCpu.toFixed(0)} / ${aloneCpu.toFixed(0)} µs`)
    }
    // The limited route was counted in Redis, not in the instance's memory.
    const counters = (await keysUnder(client, `${prefix}rate:`)).filter((key) => key.includes('/api/password/'))
    const counted = counters.length === 1 ? Number(await client.get(counters[0]!)) : 0
    if (!(counted > 1000)) throw new Error(`the reset-link check was not counted in Redis (${counters.length} keys, ${counted})`)
    console.log(`the reset-link check's per-IP counter in Redis: ${int(counted)}`)
    appendRow(
      `Shared limits: requests/s with REDIS_URL against without (${COMMAND})`,
      `Two built servers, each in its own process, NODE_ENV=production, default logging (a JSON line per request, to a sink), SQLite, loopback: one with REDIS_URL (the Redis on this machine, 127.0.0.1:6379), one without; the reset-link limit raised out of reach on both. Load: \`wrk -t1 -c${CONNECTIONS}\` (Debian's package), the session cookie on every request. After ${WARMUP_SECONDS} s of warm-up each, ${ROUNDS} rounds of ${SECONDS} s, each running both servers back to back (alternating which goes first). Each cell: mean req/s with / mean req/s without = median of the rounds' ratios (lowest–highest round), then each server's CPU time per request (utime + stime from /proc, median; Redis's own CPU is not counted). The logged-in \`/\` is the issue's measure (goal ≥ 90 %): no page route is rate-limited, so Redis is not asked. \`GET ${RESET_CHECK.replace(/a{43}/, '<43 chars>')}\` answers 400 (an invalid link) after its per-IP counter is incremented: in Redis (one Lua script, INCR and PEXPIRE) on one server, in memory on the other.`,
      ['date', 'machine', ...CASES.map((c) => (c.goal === undefined ? c.label : `${c.label} (goal ≥ ${pct(c.goal)})`))],
      [now(), machine(), ...rows],
    )
  } finally {
    for (const server of servers) await server.stop()
    const left = await keysUnder(client, prefix)
    if (left.length > 0) await client.del(...left)
    await client.quit()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchRedis().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
