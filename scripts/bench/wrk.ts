/**
 * `wrk` (Debian's package: C, one thread, no Node event loop of its own on the cores it measures): the
 * load and the latency samples of the benches. A Node client on the same two cores spends about as
 * much CPU per request as the server, and its own event loop's delays show up in what it measures.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Running } from './server.js'

export const WRK = '/usr/bin/wrk'

export interface WrkOptions {
  connections: number
  seconds: number
  headers?: Record<string, string>
  /** Paths requested in turn (a Lua script cycles through them); without it, `url` only. */
  paths?: string[]
  /** Answers other than 2xx/3xx are allowed (a route that refuses by design). */
  refusals?: boolean
  /**
   * wrk's nice value (`nice -n`): 19 makes it the load of remote clients, which takes the CPU the
   * server and the probe leave, instead of a third of the two cores they share with it.
   */
  nice?: number
}

export interface WrkResult {
  requests: number
  /** Requests per second. */
  rate: number
  /** Latency percentiles wrk reports (`--latency`), in ms. */
  p50: number
  p99: number
}

/** wrk's duration ("812.00us", "1.53ms", "2.01s") in ms. */
function ms(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) return NaN
  const value = Number(match[1])
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000
}

/** `wrk -t1 -cN -dS --latency` against `url` (the origin when `paths` is given). Any socket error, or an answer other than 2xx/3xx unless `refusals`, fails. */
export async function wrk(url: string, options: WrkOptions): Promise<WrkResult> {
  if (!existsSync(WRK)) throw new Error(`${WRK} is missing: apt-get install -y wrk`)
  const dir = mkdtempSync(join(tmpdir(), 'portal-wrk-'))
  try {
    const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '--timeout', '30s']
    for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`)
    if (options.paths?.length) {
      const script = join(dir, 'paths.lua')
      const list = options.paths.map((path) => JSON.stringify(path)).join(', ')
      writeFileSync(script, `local paths = { ${list} }\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, paths[(i % #paths) + 1])\nend\n`)
      args.push('-s', script)
    }
    args.push(url)
    const [command, argv] = options.nice ? ['nice', ['-n', String(options.nice), WRK, ...args]] : [WRK, args]
    const output = await new Promise<string>((done, fail) => {
      execFile(command, argv, { timeout: (options.seconds + 30) * 1000 }, (error, stdout, stderr) => (error ? fail(new Error(`wrk ${url}: ${error.message} ${stderr}`)) : done(stdout)))
    })
    const requests = Number(/(\d+) requests in/.exec(output)?.[1])
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1])
    const percentile = (p: number) => ms(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '')
    const failures = [...(options.refusals ? [] : [/Non-2xx or 3xx responses: \d+/]), /Socket errors: .*/].map((re) => re.exec(output)?.[0]).filter(Boolean)
    if (failures.length > 0 || !(requests > 0) || !(rate > 0)) throw new Error(`${url}: ${failures.join('; ') || output}`)
    return { requests, rate, p50: percentile(50), p99: percentile(99) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface Run {
  /** Requests per second wrk measured. */
  rate: number
  /** The server process's CPU time (all threads, user and system) per request, in µs; NaN without /proc. */
  cpu: number
}

/** utime + stime of a process, in clock ticks (100 per second on Linux); NaN where /proc is missing. */
function cpuTicks(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return NaN
  }
}
const TICK_US = 10_000

/** `wrk` against `url` (see `wrk`): its rate, and the CPU per request of `server`'s process. */
export async function answered(server: Running, url: string, options: WrkOptions): Promise<Run> {
  const before = cpuTicks(server.child.pid)
  const { requests, rate } = await wrk(url, options)
  const after = cpuTicks(server.child.pid)
  return { rate, cpu: ((after - before) * TICK_US) / requests }
}
