/**
 * Soak (issue 14): two built portal processes on one MariaDB database, one Redis prefix and one
 * s3rver bucket (in its own process), behind a round-robin proxy (this file with `proxy`, in its
 * own process), loaded for SOAK_SECONDS (default 600) by 50 simulated clients and 5 administrators,
 * each an async loop with small think times, every request through the proxy:
 * - clients log in (and now and then out and in again), ask their status, list their profile and
 *   documents (the API and the profile page), upload 1 MiB PDFs and download their own, checking the
 *   bytes;
 * - administrators list new documents, view them (which marks them viewed), download one, archive
 *   viewed ones, list the archived ones, the clients and the counts, and open the new documents' page.
 * Recorded: every answer's status (goal: no 5xx), latency per route (p50/p99), every acknowledged
 * upload then checked at the end in the database and in the bucket with its byte size (and no object
 * the database does not name), each instance's RSS every 10 s from /proc/<pid>/status (goal: growth
 * under 10 % over the last 5 minutes, or the last half of a shorter run), the load average.
 * SOAK_TRACE_GC=1 starts the instances with V8's --trace-gc and reports, beside RSS, the heap used
 * after each full collection (to tell a JavaScript leak from memory held outside the heap).
 * SOAK_HEAP_SNAPSHOTS=DIR has each instance write a V8 heap snapshot into DIR/<instance> a third
 * into the load and again 15 s before its end (open both in Chromium's DevTools, "Comparison").
 * The accounts are seeded through the API (registration, the verification link from the mail an
 * SMTP sink in this process receives, acceptance), the four extra administrators promoted in the
 * database. Every account comes through the proxy's one address, so the per-IP limits of login,
 * registration and links are raised out of reach; the others (login per account, uploads per user)
 * keep their defaults.
 * Needs MariaDB (BENCH_MYSQL_URL, default mysql://root@127.0.0.1:3306; a database of its own,
 * dropped at the end) and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379; a fresh prefix,
 * its keys deleted at the end). Alone: `SOAK_SECONDS=60 npx tsx scripts/bench/soak.ts` (after
 * `npm run build`). Bounded: start-up and request deadlines, a watchdog, and whatever happens the
 * children are stopped, the database dropped, the keys deleted and the temporary folder removed.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Redis } from 'ioredis'
import { createPool, type Pool, type RowDataPacket } from 'mysql2/promise'
import { SMTPServer } from 'smtp-server'
import { appendRow, machine, now, percentile, ROOT } from './report.js'
import { freePort } from './server.js'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600)
const CLIENTS = 50
const ADMINS = 5
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const RSS_EVERY_MS = 10_000
/** Growth of RSS is measured over this last part of the run (the first part is the warm-up). */
const WINDOW_SECONDS = Math.min(300, SECONDS / 2)
const REQUEST_TIMEOUT_MS = 60_000
const START_TIMEOUT_MS = 60_000
const MIB = 1024 ** 2
const FILE_SIZE = MIB
const HEADER_SIZE = 96
const BUCKET = 'soak'
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
const PASSWORD = 'Zt9#qLm2vR'
const ADMIN = { email: 'soak-admin@cabinet.test', password: 'S0ak#Admin!x' }
const FIRM_EMAIL = 'cabinet@soak.test'
const TYPE = 'Bilan'
const UNREACHABLE = '1000000000'
/** SOAK_TRACE_GC=1: the instances run with V8's --trace-gc, and the report follows the heap after each full collection. */
const TRACE_GC = process.env.SOAK_TRACE_GC === '1'
const SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS
const COMMAND = '`npm run bench`; alone: `SOAK_SECONDS=… npx tsx scripts/bench/soak.ts`'

// ---------------------------------------------------------------------------------------------
// The proxy (its own process): round robin, no keep-alive towards the instances (nginx's default).

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'])

function withoutHopByHop(headers: IncomingMessage['headers']): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value
  return kept
}

async function runProxy(port: number, targets: string[]): Promise<void> {
  let next = 0
  const served = targets.map(() => 0)
  let failed = 0
  const server = createServer((req, res) => {
    if (req.url === '/__soak/proxy') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ served, failed }))
      return
    }
    const index = next++ % targets.length
    const upstream = httpRequest(new URL(req.url ?? '/', targets[index]), { method: req.method, headers: withoutHopByHop(req.headers), agent: false }, (answer) => {
      served[index]!++
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers))
      answer.pipe(res)
      answer.on('error', () => res.destroy())
    })
    upstream.on('error', () => {
      failed++
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end('bad gateway')
      } else res.destroy()
    })
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
    req.pipe(upstream)
  })
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  console.log('ready')
  process.once('SIGTERM', () => {
    server.closeAllConnections()
    server.close(() => process.exit(0))
  })
}

// ---------------------------------------------------------------------------------------------
// The children: s3rver, the proxy, the two instances.

interface Child {
  name: string
  child: ChildProcess
  stop(): Promise<void>
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
async function stopChild(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

/** Spawns `node args…` and waits for "ready" on its stdout. */
async function startReady(name: string, args: string[]): Promise<Child> {
  // Detached (their own process group), as every child here: a Ctrl-C reaches the soak alone, which stops them after its checks.
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true })
  const stop = () => stopChild(child, 5_000)
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} not up within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS)
      child.stdout!.once('data', () => {
        clearTimeout(timer)
        resolve()
      })
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)))
    })
  } catch (error) {
    await stop()
    throw error
  }
  child.stdout!.resume()
  return { name, child, stop }
}

function startS3rver(directory: string, port: number): Promise<Child> {
  const code = `new (require('s3rver'))({ port: ${port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: '${BUCKET}', configs: [] }] }).run().then(() => console.log('ready'))`
  return startReady('s3rver', ['-e', code])
}

function startProxy(port: number, targets: string[]): Promise<Child> {
  return startReady('proxy', ['--import', 'tsx', import.meta.filename, 'proxy', String(port), ...targets])
}

interface Instance extends Child {
  url: string
  log: string
  /** performance.now() when it was spawned (V8's --trace-gc counts from there). */
  spawnedAt: number
}

function startInstance(name: string, port: number, env: Record<string, string>, log: string): Instance {
  const fd = openSync(log, 'a')
  const spawnedAt = performance.now()
  const snapshots = SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${join(SNAPSHOTS, name)}`] : []
  if (SNAPSHOTS) mkdirSync(join(SNAPSHOTS, name), { recursive: true })
  const child = spawn(process.execPath, [...(TRACE_GC ? ['--trace-gc'] : []), ...snapshots, join(ROOT, 'dist/server/src/server.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', fd, fd],
    detached: true,
  })
  closeSync(fd)
  return { name, child, url: `http://127.0.0.1:${port}`, log, spawnedAt, stop: () => stopChild(child) }
}

async function healthy(instance: Instance): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`instance ${instance.name} exited: ${readFileSync(instance.log, 'utf8').slice(-2000)}`)
    try {
      if ((await fetch(`${instance.url}/healthz`)).status === 200) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance ${instance.name} not healthy within ${START_TIMEOUT_MS / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Resident set size of a process, from /proc/<pid>/status. */
function rss(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024
  } catch {
    return NaN
  }
}

// ---------------------------------------------------------------------------------------------
// The mail sink: keeps the mails of the accounts being seeded, counts the others.

interface Sink {
  url: string
  counts: { received: number }
  /** The verification link mailed to `email` (waits for it). */
  verificationLink(email: string, timeoutMs?: number): Promise<URL>
  close(): Promise<void>
}

async function startSink(): Promise<Sink> {
  const waiting = new Map<string, (body: string) => void>()
  const early = new Map<string, string>()
  const counts = { received: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        counts.received++
        const body = Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '').replace(/=3D/gi, '=')
        for (const to of session.envelope.rcptTo.map((r) => r.address.toLowerCase())) {
          if (!/\/verify\//.test(body) || !to.endsWith('@soak.test')) continue
          const wake = waiting.get(to)
          if (wake) wake(body)
          else early.set(to, body)
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts,
    async verificationLink(email, timeoutMs = 60_000) {
      const body = early.get(email) ?? await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no verification mail for ${email} within ${timeoutMs / 1000} s`)), timeoutMs)
        waiting.set(email, (text) => {
          clearTimeout(timer)
          resolve(text)
        })
      })
      waiting.delete(email)
      early.delete(email)
      const match = /https?:\/\/[^\s"<>]+\/users\/\d+\/verify\/[A-Za-z0-9_-]+/.exec(body)
      if (!match) throw new Error(`no verification link in the mail to ${email}`)
      return new URL(match[0])
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// ---------------------------------------------------------------------------------------------
// The load: one cookie jar per actor, every answer timed and counted by route.

interface RouteStats {
  times: number[]
  statuses: Map<number, number>
}

interface Failure {
  route: string
  status: number
  detail: string
}

class Recorder {
  readonly routes = new Map<string, RouteStats>()
  readonly failures: Failure[] = []
  /** Answers whose body was not what the request should get (bytes of a download, a page's redirect). */
  readonly wrong: string[] = []
  total = 0

  record(route: string, status: number, ms: number, detail = ''): void {
    let stats = this.routes.get(route)
    if (!stats) this.routes.set(route, (stats = { times: [], statuses: new Map() }))
    stats.times.push(ms)
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1)
    this.total++
    if (status === 0 || status >= 400) this.failures.push({ route, status, detail: detail.slice(0, 300) })
  }

  count(predicate: (status: number) => boolean): number {
    let n = 0
    for (const stats of this.routes.values()) for (const [status, c] of stats.statuses) if (predicate(status)) n += c
    return n
  }
}

interface Answer {
  status: number
  body: Buffer
  headers: Headers
}

class Actor {
  private readonly jar = new Map<string, string>()
  constructor(
    readonly name: string,
    readonly email: string,
    private readonly base: string,
    private readonly recorder: Recorder,
  ) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  /** One request through the proxy, timed to its last byte; `route` names it in the tables. */
  async call(route: string, path: string, init: { method?: string; json?: unknown; form?: FormData } = {}): Promise<Answer> {
    const headers: Record<string, string> = {}
    if (this.jar.size > 0) headers.cookie = this.cookie
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    if (!path.startsWith('/api/')) headers.accept = 'text/html'
    const started = performance.now()
    try {
      const res = await fetch(`${this.base}${path}`, {
        method: init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET'),
        headers,
        body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      const body = Buffer.from(await res.arrayBuffer())
      this.recorder.record(route, res.status, performance.now() - started, res.status >= 400 ? body.toString('utf8') : '')
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';')
        const at = pair.indexOf('=')
        const name = pair.slice(0, at).trim()
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(attributes.join(';')) || pair.slice(at + 1) === '') this.jar.delete(name)
        else this.jar.set(name, pair.slice(at + 1))
      }
      return { status: res.status, body, headers: res.headers }
    } catch (error) {
      this.recorder.record(route, 0, performance.now() - started, `${this.name}: ${(error as Error).message}`)
      return { status: 0, body: Buffer.alloc(0), headers: new Headers() }
    }
  }

  async logIn(password: string): Promise<boolean> {
    const answer = await this.call('POST /api/auth/login', '/api/auth/login', { json: { email: this.email, password } })
    return answer.status === 200
  }
}

const json = <T>(answer: Answer): T | undefined => {
  try {
    return JSON.parse(answer.body.toString('utf8')) as T
  } catch {
    return undefined
  }
}

/** Every uploaded file is its own header (who, which, random) then the same random filler. */
const FILLER = randomBytes(FILE_SIZE - HEADER_SIZE)

function fileBytes(label: string): { header: Buffer; blob: Blob } {
  const header = Buffer.alloc(HEADER_SIZE, 0x20)
  header.write(`%PDF-1.4\n% ${label} ${randomBytes(8).toString('hex')}\n`, 'latin1')
  return { header, blob: new Blob([header, FILLER], { type: 'application/pdf' }) }
}

interface Upload {
  id: number
  client: number
  header: Buffer
}

interface Shared {
  recorder: Recorder
  stop: { done: boolean }
  uploads: Map<number, Upload>
  /** Downloads whose bytes were checked against what was uploaded. */
  downloads: { checked: number }
}

function sameFile(body: Buffer, upload: Upload): boolean {
  return body.length === FILE_SIZE && body.subarray(0, HEADER_SIZE).equals(upload.header) && body.subarray(HEADER_SIZE).equals(FILLER)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Think time: 0.5 to 1.5 s. */
const think = () => sleep(500 + Math.random() * 1000)
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)]

function checkDownload(shared: Shared, actor: Actor, route: string, id: number, answer: Answer): void {
  const upload = shared.uploads.get(id)
  if (answer.status !== 200 || !upload) return
  if (sameFile(answer.body, upload)) shared.downloads.checked++
  else shared.recorder.wrong.push(`${actor.name} ${route} ${id}: ${answer.body.length} bytes, not what was uploaded`)
}

async function clientLoop(index: number, actor: Actor, userId: number, shared: Shared): Promise<void> {
  const { stop, recorder } = shared
  const own: Upload[] = []
  await sleep(Math.random() * 5000)
  if (!(await actor.logIn(PASSWORD))) recorder.wrong.push(`${actor.name}: first login refused`)
  for (let cycle = 0; !stop.done; cycle++) {
    await actor.call('GET /api/auth/status', '/api/auth/status')
    await think()
    if (stop.done) break
    const profile = await actor.call('GET /api/users/profile/:id', `/api/users/profile/${userId}?pageSize=10`)
    const listed = json<{ documents?: Array<{ id: number }> }>(profile)?.documents ?? []
    await think()
    if (stop.done) break
    if (cycle % 3 === 0) {
      const { header, blob } = fileBytes(`client-${index} cycle-${cycle}`)
      const form = new FormData()
      form.append('type', TYPE)
      form.append('description', `Relevé ${cycle} du client ${index}`)
      form.append('file', blob, `releve-${index}-${cycle}.pdf`)
      const answer = await actor.call('POST /api/documents/upload', '/api/documents/upload', { form })
      const id = answer.status === 201 ? json<{ id?: number }>(answer)?.id : undefined
      if (typeof id === 'number') {
        const upload = { id, client: index, header }
        shared.uploads.set(id, upload)
        own.push(upload)
      }
    } else if (cycle % 3 === 1) {
      // A document the profile listed, else one this client uploaded.
      const target = (pick(listed.filter((d) => shared.uploads.has(d.id))) ?? pick(own))?.id
      if (target !== undefined) checkDownload(shared, actor, 'GET /api/documents/download/:id', target, await actor.call('GET /api/documents/download/:id', `/api/documents/download/${target}`))
    } else {
      const page = await actor.call('GET /users/profile/:id (page)', `/users/profile/${userId}`)
      if (page.status === 200 && !page.body.includes('<html')) recorder.wrong.push(`${actor.name}: the profile page is not a page`)
    }
    await think()
    if (cycle % 15 === 14 && !stop.done) {
      await actor.call('POST /api/auth/logout', '/api/auth/logout', { method: 'POST' })
      await think()
      if (!(await actor.logIn(PASSWORD))) recorder.wrong.push(`${actor.name}: login refused`)
    }
  }
}

interface Listed {
  id: number
}

async function adminLoop(index: number, actor: Actor, password: string, shared: Shared): Promise<void> {
  const { stop, recorder } = shared
  // Each administrator takes the documents whose id falls to it, so that two do not archive one.
  const mine = (d: Listed) => d.id % ADMINS === index
  await sleep(Math.random() * 5000)
  if (!(await actor.logIn(password))) recorder.wrong.push(`${actor.name}: first login refused`)
  for (let cycle = 0; !stop.done; cycle++) {
    const fresh = json<Listed[]>(await actor.call('GET /api/documents/new-documents', '/api/documents/new-documents?pageSize=20')) ?? []
    await think()
    for (const doc of fresh.filter(mine).slice(0, 3)) {
      if (stop.done) break
      await actor.call('GET /api/documents/view-document/:id', `/api/documents/view-document/${doc.id}`)
      await think()
    }
    if (stop.done) break
    const sample = pick(fresh)
    if (sample && cycle % 2 === 0) {
      checkDownload(shared, actor, 'GET /api/documents/download/:id', sample.id, await actor.call('GET /api/documents/download/:id', `/api/documents/download/${sample.id}`))
      await think()
    }
    const viewed = json<Listed[]>(await actor.call('GET /api/documents/old-documents', '/api/documents/old-documents?pageSize=20')) ?? []
    await think()
    const archive = viewed.filter(mine)[0]
    if (archive && !stop.done) {
      await actor.call('POST /api/documents/archive/:id', `/api/documents/archive/${archive.id}`, { method: 'POST' })
      await think()
    }
    if (stop.done) break
    await actor.call('GET /api/documents/arch-documents', '/api/documents/arch-documents?pageSize=20')
    await think()
    if (stop.done) break
    await actor.call('GET /api/users/clients-profile', '/api/users/clients-profile?pageSize=50')
    await actor.call('GET /api/users/counts', '/api/users/counts')
    await think()
    if (cycle % 3 === 2 && !stop.done) {
      const page = await actor.call('GET /admin-dashboard/new-documents (page)', '/admin-dashboard/new-documents')
      if (page.status === 200 && !page.body.includes('<html')) recorder.wrong.push(`${actor.name}: the new documents' page is not a page`)
      await think()
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding through the API.

interface Account {
  email: string
  id: number
}

async function seed(base: string, sink: Sink, pool: Pool, recorder: Recorder): Promise<{ clients: Account[]; admins: Account[] }> {
  const admin = new Actor('seed-admin', ADMIN.email, base, recorder)
  if (!(await admin.logIn(ADMIN.password))) throw new Error('the administrator could not log in')
  const type = await admin.call('seed', '/api/documents/types', { json: { typeName: TYPE } })
  if (type.status !== 201 && type.status !== 409) throw new Error(`type: ${type.status}`)
  const emails = [
    ...Array.from({ length: CLIENTS }, (_, i) => `client${String(i + 1).padStart(2, '0')}@soak.test`),
    ...Array.from({ length: ADMINS - 1 }, (_, i) => `admin${i + 2}@soak.test`),
  ]
  const accounts: Account[] = []
  // Five at a time: each registration hashes a password (Argon2id, production cost).
  for (let i = 0; i < emails.length; i += 5) {
    await Promise.all(emails.slice(i, i + 5).map(async (email) => {
      const visitor = new Actor('seed', email, base, recorder)
      const name = email.split('@')[0]!
      const registered = await visitor.call('seed', '/api/auth/register', {
        json: { username: `Soak ${name}`, email, entreprise: `SARL ${name}`, telephone: '0551234567', password: PASSWORD, confirmPassword: PASSWORD },
      })
      if (registered.status !== 201) throw new Error(`registration of ${email}: ${registered.status} ${registered.body.toString('utf8')}`)
      const link = await sink.verificationLink(email)
      const [, , userId, , token] = link.pathname.split('/')
      const verified = await visitor.call('seed', `/api/auth/${userId}/verify/${token}`)
      if (verified.status !== 200) throw new Error(`verification of ${email}: ${verified.status}`)
      accounts.push({ email, id: Number(userId) })
    }))
  }
  const clients = accounts.filter((a) => a.email.startsWith('client')).sort((a, b) => a.email.localeCompare(b.email))
  for (const client of clients) {
    const accepted = await admin.call('seed', `/api/users/accept/${client.id}`, { method: 'POST' })
    if (accepted.status !== 200) throw new Error(`acceptance of ${client.email}: ${accepted.status}`)
  }
  // No route makes an administrator: the four others are promoted in the database.
  const promoted = accounts.filter((a) => a.email.startsWith('admin'))
  await pool.query('UPDATE users SET is_admin = 1, is_accepted = 1 WHERE id IN (?)', [promoted.map((a) => a.id)])
  const [first] = await pool.query<RowDataPacket[]>('SELECT id FROM users WHERE email = ?', [ADMIN.email])
  return { clients, admins: [{ email: ADMIN.email, id: Number(first[0]?.id) }, ...promoted] }
}

// ---------------------------------------------------------------------------------------------
// The end: what was acknowledged is in the database and the bucket.

interface Checked {
  acknowledged: number
  inDatabase: number
  inBucket: number
  sizeOk: number
  /** Rows the database holds that no 201 reported (an answer lost on the way). */
  unacknowledgedRows: number
  /** Objects under documents/ no row names. */
  orphans: number
  /** Multipart uploads begun and not finished (s3rver's folder). */
  unfinished: number
  problems: string[]
}

/** Every object key in s3rver's folder (it keeps `<bucket>/<key>._S3rver_object`). */
function storedKeys(directory: string): string[] {
  const root = join(directory, BUCKET)
  const keys: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== '._S3rver_uploads') walk(path)
      } else if (entry.name.endsWith('._S3rver_object')) keys.push(relative(root, path).slice(0, -'._S3rver_object'.length))
    }
  }
  if (existsSync(root)) walk(root)
  return keys
}

async function checkUploads(uploads: Map<number, Upload>, pool: Pool, s3: S3Client, directory: string): Promise<Checked> {
  const problems: string[] = []
  const [rows] = await pool.query<RowDataPacket[]>('SELECT id, storage_key, size FROM documents')
  const byId = new Map(rows.map((r) => [Number(r.id), { key: String(r.storage_key), size: Number(r.size) }]))
  let inDatabase = 0
  let inBucket = 0
  let sizeOk = 0
  const ids = [...uploads.keys()]
  let next = 0
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!
      const row = byId.get(id)
      if (!row) {
        problems.push(`document ${id}: acknowledged, no row`)
        continue
      }
      inDatabase++
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: row.key }))
        inBucket++
        if (row.size === FILE_SIZE && head.ContentLength === FILE_SIZE) sizeOk++
        else problems.push(`document ${id}: ${row.size} bytes in the database, ${head.ContentLength} in the bucket`)
      } catch (error) {
        problems.push(`document ${id}: ${row.key} not in the bucket (${(error as Error).name})`)
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  const named = new Set(rows.map((r) => String(r.storage_key)))
  const orphans = storedKeys(directory).filter((key) => key.startsWith('documents/') && !named.has(key))
  for (const key of orphans.slice(0, 5)) problems.push(`object ${key}: no row names it`)
  const uploadsDir = join(directory, BUCKET, '._S3rver_uploads')
  const unfinished = existsSync(uploadsDir) ? readdirSync(uploadsDir).length : 0
  return {
    acknowledged: uploads.size, inDatabase, inBucket, sizeOk,
    unacknowledgedRows: [...byId.keys()].filter((id) => !uploads.has(id)).length,
    orphans: orphans.length, unfinished, problems,
  }
}

interface LogSummary {
  /** Lines at level error (50) or above. */
  errors: string[]
  /** Warnings (40), counted by message. */
  warnings: Map<string, number>
  /** Lines that are not pino's JSON (Node's own warnings on stderr), --trace-gc's aside. */
  other: string[]
  /** --trace-gc: each full collection (Mark-Compact), ms since the process started, heap used after it in MB. */
  fullCollections: Array<{ ms: number; after: number }>
}

function summarizeLog(file: string): LogSummary {
  const summary: LogSummary = { errors: [], warnings: new Map(), other: [], fullCollections: [] }
  if (!existsSync(file)) return summary
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue
    let entry: { level?: number; msg?: string }
    try {
      entry = JSON.parse(line) as { level?: number; msg?: string }
    } catch {
      const gc = /(\d+) ms: Mark-Compact[^\d]*[\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/.exec(line)
      if (gc) summary.fullCollections.push({ ms: Number(gc[1]), after: Number(gc[2]) })
      else if (!/^\[\d+:0x[0-9a-f]+\]/.test(line)) summary.other.push(line.slice(0, 200))
      continue
    }
    const level = entry.level ?? 0
    if (level >= 50) summary.errors.push(line.slice(0, 500))
    else if (level === 40) summary.warnings.set(entry.msg ?? '?', (summary.warnings.get(entry.msg ?? '?') ?? 0) + 1)
  }
  return summary
}

// ---------------------------------------------------------------------------------------------

interface Sample {
  t: number
  rss: number[]
  load: number
}

const f0 = (n: number) => Math.round(n).toLocaleString('en-US')
const f1 = (n: number) => n.toFixed(1)
const mib = (bytes: number) => (bytes / MIB).toFixed(1)
const pct = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`

export async function benchSoak(): Promise<void> {
  if (!(SECONDS > 0)) throw new Error(`SOAK_SECONDS must be a positive number (${process.env.SOAK_SECONDS})`)
  const tag = randomBytes(4).toString('hex')
  const dir = mkdtempSync(join(tmpdir(), 'portal-soak-'))
  const bucketDir = join(dir, 's3')
  mkdirSync(bucketDir)
  const children: Child[] = []
  const instances: Instance[] = []
  const stop = { done: false }
  let sink: Sink | undefined
  let s3: S3Client | undefined
  const database = `portal_soak_${tag}`
  const server = createPool({ uri: MYSQL_URL, connectionLimit: 1 })
  let pool: Pool | undefined
  let created = false
  const redisPrefix = `soak:${tag}:`
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  let cleaned: Promise<void> | undefined

  const cleanup = () =>
    (cleaned ??= (async () => {
      stop.done = true
      const attempt = async (what: string, step: () => Promise<unknown>) => {
        try {
          await step()
        } catch (error) {
          console.error(`soak cleanup: ${what}: ${(error as Error).message}`)
        }
      }
      for (const instance of instances) await attempt(`stop ${instance.name}`, () => instance.stop())
      for (const child of children) await attempt(`stop ${child.name}`, () => child.stop())
      await attempt('mail sink', async () => sink?.close())
      s3?.destroy()
      await attempt('pool', async () => pool?.end())
      await attempt('drop database', async () => {
        if (created) await server.query(`DROP DATABASE IF EXISTS \`${database}\``)
      })
      await attempt('database server', () => server.end())
      await attempt('redis keys', async () => {
        if (redis.status !== 'ready') return
        let cursor = '0'
        do {
          const [nextCursor, batch] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000)
          if (batch.length > 0) await redis.del(...batch)
          cursor = nextCursor
        } while (cursor !== '0')
      })
      redis.disconnect()
      rmSync(dir, { recursive: true, force: true })
    })())

  let signalled = false
  const interrupted = () => {
    console.error('soak: interrupted, stopping (this run is not recorded)')
    signalled = true
    stop.done = true
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  // Whatever hangs, the soak ends: its duration, then 15 minutes for start-up, checks and clean-up.
  const watchdog = setTimeout(() => {
    console.error('soak: over its deadline, cleaning up')
    void cleanup().finally(() => process.exit(1))
  }, (SECONDS + 900) * 1000)
  watchdog.unref()

  try {
    await redis.connect().catch((error: Error) => {
      throw new Error(`the soak needs Redis at ${REDIS_URL} (BENCH_REDIS_URL): ${error.message}`)
    })
    await server.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`).catch((error: Error) => {
      throw new Error(`the soak needs MariaDB at ${MYSQL_URL} (BENCH_MYSQL_URL): ${error.message}`)
    })
    created = true
    const databaseUrl = new URL(MYSQL_URL)
    databaseUrl.pathname = `/${database}`
    pool = createPool({ uri: databaseUrl.toString(), connectionLimit: 2 })

    const [s3Port, proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()]
    children.push(await startS3rver(bucketDir, s3Port))
    const endpoint = `http://127.0.0.1:${s3Port}`
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS })
    sink = await startSink()
    const proxyUrl = `http://127.0.0.1:${proxyPort}`
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl.toString(),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: proxyUrl,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: sink.url,
      FIRM_EMAIL,
      STORAGE_URL: `s3://${BUCKET}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      UPLOAD_DIR: join(dir, 'uploads'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every simulated browser comes through the proxy's one address.
      RATE_LIMIT_LOGIN_IP: UNREACHABLE,
      RATE_LIMIT_REGISTER_IP: UNREACHABLE,
      RATE_LIMIT_TOKEN_IP: UNREACHABLE,
    }
    // Started together, as a deployment would: both migrate (the lock decides).
    instances.push(startInstance('A', portA, env, join(dir, 'a.log')), startInstance('B', portB, env, join(dir, 'b.log')))
    await Promise.all(instances.map(healthy))
    children.push(await startProxy(proxyPort, instances.map((i) => i.url)))

    const setup = new Recorder()
    const loadAtStart = loadavg()
    console.log(`soak: two instances (pids ${instances.map((i) => i.child.pid).join(', ')}) behind ${proxyUrl}, database ${database}, Redis prefix ${redisPrefix}; load average ${loadAtStart.map(f1).join(' ')}`)
    const { clients, admins } = await seed(proxyUrl, sink, pool, setup)
    console.log(`soak: ${clients.length} clients and ${admins.length} administrators seeded; ${SECONDS} s of load begins`)

    const recorder = new Recorder()
    const shared: Shared = { recorder, stop, uploads: new Map(), downloads: { checked: 0 } }
    const samples: Sample[] = []
    const started = performance.now()
    const sample = () => samples.push({ t: (performance.now() - started) / 1000, rss: instances.map((i) => rss(i.child.pid)), load: loadavg()[0]! })
    sample()
    let lastPrint = 0
    const snapshotAt = SNAPSHOTS ? [SECONDS / 3, SECONDS - 15] : []
    const sampler = setInterval(() => {
      sample()
      const s = samples.at(-1)!
      if (snapshotAt.length > 0 && s.t >= snapshotAt[0]!) {
        snapshotAt.shift()
        for (const instance of instances) instance.child.kill('SIGUSR2')
        console.log(`soak: ${f0(s.t)} s, heap snapshots asked for (${SNAPSHOTS})`)
      }
      if (s.t - lastPrint >= 60) {
        lastPrint = s.t
        console.log(`soak: ${f0(s.t)} s, ${f0(recorder.total)} answers, ${recorder.count((x) => x >= 500)} 5xx, ${recorder.count((x) => x === 0)} without answer, ${shared.uploads.size} uploads, RSS ${s.rss.map(mib).join(' / ')} MiB, load ${f1(s.load)}`)
      }
      for (const instance of instances) if (instance.child.exitCode !== null) stop.done = true
    }, RSS_EVERY_MS)
    const ended = new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer)
        clearInterval(poll)
        resolve()
      }
      const timer = setTimeout(finish, SECONDS * 1000)
      const poll = setInterval(() => stop.done && finish(), 500)
    })
    const loops = [
      ...clients.map((client, i) => clientLoop(i + 1, new Actor(`client${i + 1}`, client.email, proxyUrl, recorder), client.id, shared)),
      ...admins.map((admin, i) => adminLoop(i, new Actor(`admin${i + 1}`, admin.email, proxyUrl, recorder), i === 0 ? ADMIN.password : PASSWORD, shared)),
    ]
    await ended
    stop.done = true
    const elapsed = (performance.now() - started) / 1000
    sample()
    clearInterval(sampler)
    await Promise.all(loops)
    const died = instances.filter((i) => i.child.exitCode !== null).map((i) => `${i.name} exited with ${i.child.exitCode}`)
    const proxyStats = json<{ served: number[]; failed: number }>(await new Actor('stats', '', proxyUrl, new Recorder()).call('stats', '/__soak/proxy'))
    const [outboxRows] = await pool.query<RowDataPacket[]>('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status')
    const outbox = outboxRows.map((r) => `${String(r.status)} ${Number(r.n)}`).join(', ')
    const checked = await checkUploads(shared.uploads, pool, s3, bucketDir)
    for (const instance of instances) await instance.stop()
    const logs = instances.map((i) => summarizeLog(i.log))

    const gcOffsets = instances.map((i) => (i.spawnedAt - started) / 1000)
    report({ gcOffsets, elapsed, recorder, samples, checked, shared, loadAtStart, proxyStats, outbox, mails: sink.counts.received, logs, died, interrupted: elapsed < SECONDS - 1, record: !signalled })
  } finally {
    clearTimeout(watchdog)
    process.removeListener('SIGINT', interrupted)
    process.removeListener('SIGTERM', interrupted)
    await cleanup()
  }
}

interface Results {
  /** Seconds from the start of the load to each instance's spawn (negative). */
  gcOffsets: number[]
  elapsed: number
  recorder: Recorder
  samples: Sample[]
  checked: Checked
  shared: Shared
  loadAtStart: number[]
  proxyStats: { served: number[]; failed: number } | undefined
  outbox: string
  mails: number
  logs: LogSummary[]
  died: string[]
  /** Ended before SOAK_SECONDS (an instance died). */
  interrupted: boolean
  /** False after SIGINT/SIGTERM: printed, not appended to BENCHMARKS.md. */
  record: boolean
}

function report(r: Results): void {
  const { recorder, samples, checked } = r
  const fivexx = recorder.count((s) => s >= 500)
  const noAnswer = recorder.count((s) => s === 0)
  const refused = recorder.count((s) => s >= 400 && s < 500)
  const end = samples.at(-1)!.t
  const window = samples.filter((s) => s.t >= end - WINDOW_SECONDS - 1)
  const growth = [0, 1].map((i) => {
    const first = window[0]!.rss[i]!
    const last = window.at(-1)!.rss[i]!
    const peak = Math.max(...window.map((s) => s.rss[i]!))
    return { start: samples[0]!.rss[i]!, first, last, peak, growth: last / first - 1 }
  })
  const loads = samples.map((s) => s.load)
  const loadMean = loads.reduce((a, b) => a + b, 0) / loads.length
  const rssOk = growth.every((g) => g.growth < 0.1)
  const uploadsOk = checked.acknowledged > 0 && checked.sizeOk === checked.acknowledged && checked.orphans === 0 && checked.unfinished === 0
  const windowLabel = WINDOW_SECONDS === 300 ? 'last 5 min' : `last ${f0(WINDOW_SECONDS)} s`

  console.log(`\nsoak: ${f0(r.elapsed)} s${r.interrupted ? ' (cut short)' : ''}, ${f0(recorder.total)} answers (${f1(recorder.total / r.elapsed)}/s) through the proxy (A ${r.proxyStats?.served[0] ?? '?'}, B ${r.proxyStats?.served[1] ?? '?'}, proxy errors ${r.proxyStats?.failed ?? '?'})`)
  console.log('| route | answers | p50 (ms) | p99 (ms) | statuses |\n| --- | --- | --- | --- | --- |')
  const rows = [...recorder.routes].sort(([a], [b]) => a.localeCompare(b))
  const statuses = (stats: RouteStats) => [...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s === 0 ? 'none' : s} × ${f0(n)}`).join(', ')
  for (const [route, stats] of rows) console.log(`| ${route} | ${f0(stats.times.length)} | ${f1(percentile(stats.times, 0.5))} | ${f1(percentile(stats.times, 0.99))} | ${statuses(stats)} |`)
  console.log(`5xx: ${fivexx} (goal 0: ${fivexx === 0 ? 'met' : 'NOT met'}); without answer: ${noAnswer}; 4xx: ${refused}`)
  for (const failure of recorder.failures.slice(0, 10)) console.log(`  ${failure.route} → ${failure.status || 'no answer'}: ${failure.detail}`)
  for (const wrong of recorder.wrong.slice(0, 10)) console.log(`  wrong: ${wrong}`)
  console.log(`downloads checked byte for byte: ${r.shared.downloads.checked}; wrong answers: ${recorder.wrong.length}`)
  console.log(`uploads acknowledged ${checked.acknowledged}: in the database ${checked.inDatabase}, in the bucket ${checked.inBucket}, ${FILE_SIZE} bytes in both ${checked.sizeOk}; rows not acknowledged ${checked.unacknowledgedRows}; orphan objects ${checked.orphans}; unfinished multipart ${checked.unfinished} (${uploadsOk ? 'met' : 'NOT met'})`)
  for (const problem of checked.problems.slice(0, 10)) console.log(`  ${problem}`)
  for (const [i, g] of growth.entries()) console.log(`RSS ${'AB'[i]}: ${mib(g.start)} MiB at start, ${mib(g.first)} → ${mib(g.last)} MiB over the ${windowLabel} (${pct(g.growth)}, peak ${mib(g.peak)})`)
  console.log(`RSS growth goal < 10 %: ${rssOk ? 'met' : 'NOT met'}; RSS series (MiB): ${samples.map((s) => s.rss.map(mib).join('/')).join(' ')}`)
  console.log(`load average (1 min): ${r.loadAtStart.map(f1).join(' ')} at start; during the run mean ${f1(loadMean)}, max ${f1(Math.max(...loads))}`)
  console.log(`mails received by the sink: ${r.mails}; outbox at the end: ${r.outbox}`)
  for (const [i, log] of r.logs.entries()) {
    const warnings = [...log.warnings].map(([msg, n]) => `${msg} × ${n}`).join('; ')
    console.log(`instance ${'AB'[i]} log: ${log.errors.length} lines at error or above; warnings: ${warnings || 'none'}; ${log.other.length} lines not from pino${log.other[0] ? ` (first: ${log.other[0]})` : ''}`)
    for (const line of log.errors.slice(0, 5)) console.log(`  ${line}`)
  }
  if (TRACE_GC) {
    for (const [i, log] of r.logs.entries()) {
      const collections = log.fullCollections.map((c) => ({ t: r.gcOffsets[i]! + c.ms / 1000, after: c.after })).filter((c) => c.t >= 0)
      const inWindow = collections.filter((c) => c.t >= end - WINDOW_SECONDS - 1)
      const perMinute = Array.from({ length: Math.ceil(end / 60) }, (_, m) => collections.filter((c) => c.t >= m * 60 && c.t < (m + 1) * 60).at(-1)?.after)
      const first = inWindow[0]?.after
      const last = inWindow.at(-1)?.after
      console.log(`heap ${'AB'[i]} after full collections (--trace-gc): ${collections.length} during the load; over the ${windowLabel} ${first ?? '?'} → ${last ?? '?'} MB${first && last ? ` (${pct(last / first - 1)})` : ''}; last of each minute (MB): ${perMinute.map((v) => v ?? '–').join(' ')}`)
    }
  }
  if (r.died.length > 0) console.log(`instances that died: ${r.died.join(', ')}`)

  if (!r.record) return
  const date = now()
  const duration = `${f0(r.elapsed)} s${r.interrupted ? ' (cut short)' : ''}${TRACE_GC ? ', --trace-gc' : ''}${SNAPSHOTS ? ', heap snapshots' : ''}`
  appendRow(
    `Soak: two instances behind a proxy for 10 minutes (${COMMAND})`,
    `Two built servers (NODE_ENV=production, default logging to a file), each in its own process, on one fresh MariaDB database (the server on this machine), one Redis prefix (the Redis on this machine) and one s3rver bucket (npm, its own process, objects on the local disk), started together, behind a round-robin proxy (Node's http, its own process, a new connection to an instance per request like nginx's default). ${CLIENTS} clients and ${ADMINS} administrators, seeded through the API (registration, the mailed verification link, acceptance; four administrators promoted in the database), each an async loop in the bench's process with think times of 0.5–1.5 s, everything through the proxy. A client: status, its profile (API), then in turn an upload of a 1 MiB PDF, a download of one of its documents (bytes compared) or its profile page; every fifteenth turn a logout and login. An administrator: new documents, view up to three (marked viewed), every other turn download one (bytes compared), viewed documents and archive one, archived documents, clients, counts, every third turn the new documents' page. Per-IP limits of login, registration and links raised out of reach (one address: the proxy's); the others at their defaults. At the end every acknowledged upload is looked for in the database (its row, its size) and in the bucket (HeadObject: present, 1 MiB), and the bucket's folder for objects no row names. RSS of each instance from /proc/<pid>/status every 10 s; growth over the last 5 minutes (the last half of a shorter run: SOAK_SECONDS). Goals: no answer 5xx, every acknowledged upload in both, RSS growth < 10 %. The instances' log lines at error and warn are counted (what they say is in the notes). Latency per route in the next section. The machine is shared: the load average (1 min, 2 CPUs) is in each row.`,
    ['date', 'machine', 'duration', 'load avg (start; mean, max)', 'answers', '5xx (goal 0)', 'no answer', '4xx', 'downloads checked', 'uploads acknowledged / in DB / in bucket / 1 MiB in both', 'orphans', 'RSS A: start; window first → last (growth)', 'RSS B: start; window first → last (growth)', 'logged errors, warnings: A; B'],
    [
      date, machine(), duration,
      `${f1(r.loadAtStart[0]!)}; ${f1(loadMean)}, ${f1(Math.max(...loads))}`,
      f0(recorder.total), `${fivexx}${fivexx === 0 ? '' : ' (not met)'}`, String(noAnswer), String(refused), `${f0(r.shared.downloads.checked)}${recorder.wrong.length > 0 ? ` (${recorder.wrong.length} wrong answers)` : ''}`,
      `${f0(checked.acknowledged)} / ${f0(checked.inDatabase)} / ${f0(checked.inBucket)} / ${f0(checked.sizeOk)}${uploadsOk ? '' : ' (not met)'}`,
      String(checked.orphans),
      ...growth.map((g) => `${mib(g.start)}; ${mib(g.first)} → ${mib(g.last)} MiB (${pct(g.growth)})${g.growth < 0.1 ? '' : ' (not met)'}`),
      r.logs.map((log) => `${log.errors.length}, ${[...log.warnings.values()].reduce((a, b) => a + b, 0)}`).join('; '),
    ],
  )
  for (const [route, stats] of rows) {
    appendRow(
      `Soak: latency per route (${COMMAND})`,
      'The soak above, per route: answers, p50 and p99 in ms measured by the simulated browser from the request to the last byte of the answer (through the proxy, on a 2-CPU machine that also runs the load, the proxy, s3rver, MariaDB and Redis), and the statuses.',
      ['date', 'duration', 'route', 'answers', 'p50 (ms)', 'p99 (ms)', 'statuses'],
      [date, duration, `\`${route}\``, f0(stats.times.length), f1(percentile(stats.times, 0.5)), f1(percentile(stats.times, 0.99)), statuses(stats)],
    )
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'proxy') {
    void runProxy(Number(process.argv[3]), process.argv.slice(4))
  } else {
    benchSoak().catch((error: unknown) => {
      console.error(error)
      process.exitCode = 1
    })
  }
}
