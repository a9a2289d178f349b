// Issue 14 (contract §5): two portal processes on one MariaDB database, one Redis and one bucket,
// behind a round-robin proxy, behave as one portal. Runs once (MariaDB whatever the leg), built server.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { freeAddress } from '../helpers/address.js'
import { freshDatabase } from '../helpers/app.js'
import { testRedis } from '../helpers/redis.js'
import { startBucket } from '../helpers/s3.js'
import { startSmtp } from '../helpers/smtp.js'
import { PDF } from '../documents/fixtures.js'
import { projectRoot } from '../../src/shared/project-root.js'

const root = projectRoot
const MARIADB = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? process.env.TEST_DATABASE_URL : 'mysql://root@127.0.0.1:3306/test'
const PASSWORD = 'Zt9#qLm2vR'

interface Instance {
  name: string
  url: string
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
}

function startInstance(name: string, env: Record<string, string>, host: string, port: number): Instance {
  let output = ''
  const child = spawn(process.execPath, ['dist/server/src/server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), HOST: host, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { name, url: `http://${host}:${port}`, child, output: () => output, exited }
}

async function healthy(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited: ${instance.output()}`)
    try {
      if ((await fetch(`${instance.url}/healthz`)).status === 200) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${instance.name} not healthy: ${instance.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Round robin over the instances still listening; records which one answered each request. */
function roundRobin(instances: Instance[]): Promise<{ url: string; served: string[]; server: Server }> {
  let next = 0
  const served: string[] = []
  const server = createServer((req, res) => {
    const forward = (attempt: number) => {
      const target = instances[next++ % instances.length]!
      const url = new URL(req.url ?? '/', target.url)
      const upstream = httpRequest(url, { method: req.method, headers: req.headers }, (answer) => {
        served.push(target.name)
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => (attempt < instances.length && !res.headersSent ? forward(attempt + 1) : res.destroy()))
      req.pipe(upstream)
    }
    forward(1)
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, served, server })))
}

t.test('two instances behind a proxy are one portal', async (t) => {
  const database = await freshDatabase(MARIADB)
  const bucket = await startBucket(t)
  const redis = await testRedis(t, 'instances')
  const smtp = await startSmtp(t)
  const dir = mkdtempSync(join(tmpdir(), 'portal-instances-'))
  const addresses = [await freeAddress(), await freeAddress()]
  let proxyUrl = ''
  const instances: Instance[] = []
  const proxy = await roundRobin(instances)
  proxyUrl = proxy.url
  t.teardown(async () => {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL')
    await Promise.all(instances.map((i) => i.exited))
    await new Promise<void>((done) => proxy.server.close(() => done()))
    await database.drop()
    rmSync(dir, { recursive: true, force: true })
  })
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: proxyUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redis.prefix,
    SMTP_URL: smtp.url,
    UPLOAD_DIR: join(dir, 'uploads'),
    ADMIN_EMAIL: 'admin@cabinet.dz',
    ADMIN_PASSWORD: 'Adm1n#Cabinet',
    RATE_LIMIT_LOGIN_ACCOUNT: '4',
    RATE_LIMIT_CONTACT_IP: '3',
    // A worker that died holds its claimed mails this long before the other instance sends them.
    OUTBOX_LEASE_SECONDS: '2',
    ...bucket.env,
  }
  // Started together: both migrate (the lock decides) and both make sure of the administrator.
  instances.push(startInstance('A', env, addresses[0]!.host, addresses[0]!.port), startInstance('B', env, addresses[1]!.host, addresses[1]!.port))
  await Promise.all(instances.map((i) => healthy(i)))

  const call = (path: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${proxyUrl}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...(init.cookie ? { cookie: init.cookie } : {}) }, redirect: 'manual' })
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  let admin = ''
  await t.test('a session opened through one works through the other', async (t) => {
    const login = await call('/api/auth/login', json({ email: 'admin@cabinet.dz', password: 'Adm1n#Cabinet' }))
    t.equal(login.status, 200)
    admin = login.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!
    const answers = [await call('/api/auth/status', { cookie: admin }), await call('/api/auth/status', { cookie: admin })]
    t.same(answers.map((a) => a.status), [200, 200])
    t.same(new Set(proxy.served.slice(-2)), new Set(['A', 'B']), 'one answer from each instance')
  })

  await t.test('the login lock and a per-IP limit count across both', async (t) => {
    const wrong = () => call('/api/auth/login', json({ email: 'nobody@example.dz', password: 'Wrong#Pass1' }))
    for (let i = 0; i < 4; i++) t.equal((await wrong()).status, 400, `failure ${i + 1}`)
    const locked = [await wrong(), await wrong()]
    t.same(locked.map((a) => a.status), [429, 429], 'locked on both instances')
    t.same(new Set(proxy.served.slice(-2)), new Set(['A', 'B']))
    const contact = () => call('/api/users/contact', json({ name: 'Amina Haddad', email: 'amina@example.dz', telephone: '0551234567', message: 'Bonjour, un rendez-vous ?' }))
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await contact()).status)
    t.same(statuses, [201, 201, 201, 429], 'three per IP, counted by both')
  })

  let client = ''
  await t.test('a client registers, verifies and is accepted across the two', async (t) => {
    t.equal((await call('/api/auth/register', json({ username: 'Sarl Atlas', email: 'atlas@example.dz', entreprise: 'SARL Atlas', telephone: '0551234567', password: PASSWORD, confirmPassword: PASSWORD }))).status, 201)
    const link = new URL(/https?:\/\/\S+\/users\/\d+\/verify\/[A-Za-z0-9_-]+/.exec((await smtp.nextMail('atlas@example.dz')).decoded)![0])
    const [, , userId, , token] = link.pathname.split('/')
    t.equal((await call(`/api/auth/${userId}/verify/${token}`)).status, 200)
    t.equal((await call(`/api/users/accept/${userId}`, { method: 'POST', cookie: admin })).status, 200)
    const login = await call('/api/auth/login', json({ email: 'atlas@example.dz', password: PASSWORD }))
    t.equal(login.status, 200)
    client = login.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!
    t.equal((await call('/api/documents/types', { ...json({ typeName: 'Bilan' }), cookie: admin })).status, 201)
  })

  /** The bucket's objects against the keys the database names (documents and photos). */
  const consistent = async () => {
    const rows = await database.db.selectFrom('documents').select('storage_key').execute()
    const named = rows.map((r) => r.storage_key).sort()
    const stored = [...(await bucket.objects()).keys()].filter((key) => key.startsWith('documents/')).sort()
    return { named, stored, unfinished: (await bucket.unfinished()).length }
  }

  await t.test('a file uploaded through one is listed, downloaded and deleted through the other; the bucket holds what the database names', async (t) => {
    const upload = () => {
      const form = new FormData()
      form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'bilan-2025.pdf')
      form.append('type', 'Bilan')
      form.append('description', 'Bilan annuel')
      return call('/api/documents/upload', { method: 'POST', body: form, cookie: client })
    }
    const uploaded = await upload()
    t.equal(uploaded.status, 201)
    const { id } = (await uploaded.json()) as { id: number }
    const by = proxy.served.at(-1)
    const listed = await call('/api/documents/new-documents', { cookie: admin })
    t.not(proxy.served.at(-1), by, 'listed by the other instance')
    t.same(((await listed.json()) as Array<{ id: number }>).map((d) => d.id), [id])
    const downloaded = await call(`/api/documents/download/${id}`, { cookie: admin })
    t.equal(downloaded.status, 200)
    t.same(Buffer.from(await downloaded.arrayBuffer()), PDF, 'byte-identical')
    const state = await consistent()
    t.equal(state.named.length, 1)
    t.same(state, { named: state.stored, stored: state.named, unfinished: 0 }, 'the bucket holds exactly what the database names')
    const by2 = proxy.served.at(-1)
    t.equal((await call(`/api/documents/delete/${id}`, { method: 'DELETE', cookie: admin })).status, 200)
    t.not(proxy.served.at(-1), by2, 'deleted by the other instance')
    t.same(await consistent(), { named: [], stored: [], unfinished: 0 })
  })

  await t.test('a mail caused through one is sent once even when that process is killed right after answering', async (t) => {
    const victim = instances[1]!
    const registered = await fetch(`${victim.url}/api/auth/register`, json({ username: 'Sarl Tassili', email: 'tassili@example.dz', entreprise: 'SARL Tassili', telephone: '0551234567', password: PASSWORD, confirmPassword: PASSWORD }))
    victim.child.kill('SIGKILL')
    t.equal(registered.status, 201, 'acknowledged')
    await victim.exited
    const mail = await smtp.nextMail('tassili@example.dz', 60_000)
    t.match(mail.decoded, /\/users\/\d+\/verify\//, 'the verification mail arrived')
    // Once the row says sent, every send of it has happened: a second one would be counted now.
    for (let i = 0; i < 600; i++) {
      const row = await database.db.selectFrom('outbox').select('status').where('recipient', '=', 'tassili@example.dz').executeTakeFirst()
      if (row?.status === 'sent') break
      await new Promise((r) => setTimeout(r, 100))
    }
    t.equal(smtp.countFor('tassili@example.dz'), 1, 'sent once')
    // B comes back for what follows.
    instances[1] = startInstance('B', env, addresses[1]!.host, addresses[1]!.port)
    await healthy(instances[1])
  })

  await t.test('SIGTERM of one during an upload loses nothing acknowledged and leaves no orphan', async (t) => {
    const target = instances[0]!
    // A slow multipart body straight to A: its headers, half the file, then SIGTERM, then the rest.
    const boundary = `----portal${randomBytes(6).toString('hex')}`
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nBilan\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="releve.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
    const body = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)])
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const answered = new Promise<number>((done) => {
      const req = httpRequest(`${target.url}/api/documents/upload`, { method: 'POST', headers: { cookie: client, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + body.length + tail.length) } }, (res) => {
        res.resume()
        res.on('end', () => done(res.statusCode ?? 0))
      })
      req.on('error', () => done(0))
      req.write(head)
      req.write(body.subarray(0, body.length / 2), () => {
        target.child.kill('SIGTERM')
        setTimeout(() => req.end(Buffer.concat([body.subarray(body.length / 2), tail])), 200)
      })
    })
    const status = await answered
    await target.exited
    const rows = await database.db.selectFrom('documents').select('storage_key').execute()
    if (status === 201) t.equal(rows.length, 1, 'acknowledged: its row is there')
    else t.equal(rows.length, 0, `not acknowledged (${status}): no row`)
    const state = await consistent()
    t.same(state.stored, state.named, 'the bucket holds exactly what the database names')
    t.equal(state.unfinished, 0, 'no unfinished multipart upload')
    // The other instance still serves the portal alone.
    t.equal((await call('/api/auth/status', { cookie: client })).status, 200)
  })
})
