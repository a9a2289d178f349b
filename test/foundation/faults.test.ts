// Issue 14: faults answered, not just survived. A database out of reach answers 503 with
// Retry-After and a French message (never 500); a full disk answers 507 and keeps nothing; uploads
// are refused from their headers while free space is under MIN_FREE_DISK_MB; partial files of
// interrupted uploads are swept at start, fresh ones kept.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { faultAnswer, isStorageFull, isUnavailable } from '../../src/http/faults.js'
import { localDiskStorage } from '../../src/storage/local-disk.js'
import { memoryStorage } from '../../src/storage/memory-storage.js'
import { newKey, StorageFullError } from '../../src/storage/storage.js'
import { buildTestApp } from '../helpers/app.js'
import { freeAddress } from '../helpers/address.js'
import { seedAccount } from '../helpers/accounts.js'
import { addType, filesIn, multipart, PDF, upload } from '../documents/fixtures.js'

const LOGIN = { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'a@example.dz', password: 'Zt9#qLm2vR' } }

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function tempDir(t: { teardown(fn: () => unknown): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-faults-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('a MariaDB port that refuses connections: 503, Retry-After, French, page or JSON', async (t) => {
  const varDir = tempDir(t)
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: `mysql://root@127.0.0.1:${await closedPort()}/portal`, UPLOAD_DIR: join(varDir, 'uploads') }, { varDir })
  const app = await buildApp(config, { logger: false })
  t.teardown(() => app.close())
  const api = await app.inject(LOGIN)
  t.equal(api.statusCode, 503)
  t.equal(api.headers['retry-after'], '10')
  t.match(api.json().message, /indisponible/)
  const health = await app.inject('/healthz')
  t.same([health.statusCode, health.json()], [503, { status: 'unavailable', message: 'Service indisponible : la base de données ou le stockage ne répond pas.', code: 'unavailable' }], '/healthz: an error’s body (contract §8), its status kept')
})

t.test('a destroyed pool answers 503 with Retry-After (both dialects)', async (t) => {
  const { app, db } = await buildTestApp(t)
  const client = await seedAccount(app, { accepted: true })
  await db.destroy()
  const api = await app.inject(LOGIN)
  t.equal(api.statusCode, 503)
  t.equal(api.headers['retry-after'], '10')
  t.same(api.json(), { message: 'Service momentanément indisponible. Veuillez réessayer dans quelques instants.', code: 'unavailable' })
  const page = await app.inject({ method: 'GET', url: '/profile', headers: { cookie: client.cookie } })
  t.equal(page.statusCode, 503)
  t.match(page.headers['content-type'], /text\/html/)
  t.match(page.body, /momentanément indisponible/)
})

t.test('drivers’ outage errors are recognised; a bug is not', async (t) => {
  for (const code of ['ECONNREFUSED', 'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR_READ']) {
    t.ok(isUnavailable(Object.assign(new Error('x'), { code })), code)
  }
  t.ok(isUnavailable(new Error('outer', { cause: Object.assign(new Error('inner'), { code: 'ETIMEDOUT' }) })), 'a cause')
  t.ok(isUnavailable(new AggregateError([Object.assign(new Error('v6'), { code: 'ECONNREFUSED' })])), 'an aggregate (IPv4 and IPv6 both refused)')
  t.ok(isUnavailable(new TypeError('The database connection is not open')), 'better-sqlite3 closed')
  t.notOk(isUnavailable(Object.assign(new Error('x'), { code: 'ER_DUP_ENTRY' })), 'a duplicate is a bug or a conflict')
  t.notOk(isUnavailable(new TypeError('cannot read properties of undefined')), 'a bug stays a 500')
  for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL']) t.ok(isStorageFull(Object.assign(new Error('x'), { code })), code)
  t.ok(isStorageFull(new StorageFullError()), 'a driver’s own refusal (a full bucket)')
  t.equal(faultAnswer(new Error('bug')), undefined)
})

/** A store whose disk fills up while a file is being written. */
function fillingStorage() {
  const inner = memoryStorage()
  return {
    ...inner,
    files: inner.files,
    async write(_key: string, source: Readable) {
      for await (const _chunk of source) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })
      return { size: 0 }
    },
  }
}

t.test('a write that fails with ENOSPC answers 507 and keeps nothing', async (t) => {
  const storage = fillingStorage()
  const { app, db, config } = await buildTestApp(t)
  await app.close()
  // The same database, rebuilt with the filling store.
  const filled = await buildApp(config, { db, storage, logger: false })
  t.teardown(() => filled.close())
  const admin = await seedAccount(filled, { admin: true })
  const client = await seedAccount(filled, { accepted: true })
  await addType(filled, admin, 'Bilan')
  const res = await upload(filled, client, { type: 'Bilan', userId: client.id, content: PDF })
  t.equal(res.statusCode, 507)
  t.same(res.json(), { message: 'Espace de stockage insuffisant. Veuillez réessayer plus tard.', code: 'insufficient_storage' })
  t.equal(storage.files.size, 0, 'nothing stored')
  t.equal((await db.selectFrom('documents').select('id').execute()).length, 0, 'no row')
})

t.test('under the free-space floor, uploads are refused 507 before their body is read', async (t) => {
  const { app, config, db } = await buildTestApp(t, { MIN_FREE_DISK_MB: '1000000000' })
  const client = await seedAccount(app, { accepted: true })
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const { host, port } = await freeAddress()
  await app.listen({ host, port })
  // 8 MB announced, only the headers and a first chunk sent: the answer must come anyway.
  const body = multipart([{ name: 'type', value: 'Bilan' }, { name: 'file', filename: 'bilan.pdf', content: Buffer.alloc(8 * 1024 * 1024, 1) }])
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request({ host, port, method: 'POST', path: '/api/documents/upload', headers: { ...body.headers, cookie: client.cookie, 'content-length': body.payload.length } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, text }))
    })
    req.on('error', reject)
    req.write(body.payload.subarray(0, 64 * 1024))
  })
  t.equal(answer.status, 507)
  t.match(answer.text, /Espace de stockage insuffisant/)
  t.same(filesIn(config.uploadDir, 'documents'), [])
  t.same(filesIn(config.uploadDir, '.tmp'), [])
  t.equal((await db.selectFrom('documents').select('id').execute()).length, 0)
  const image = multipart([{ name: 'image', filename: 'a.png', content: Buffer.alloc(100) }])
  const photo = await app.inject({ method: 'POST', url: '/api/users/profile/uplaod-photo', payload: image.payload, headers: { ...image.headers, cookie: client.cookie } })
  t.equal(photo.statusCode, 507, 'a photo too')
})

t.test('the local disk: a floor above the free space refuses a write; the sweep takes old partial files only', async (t) => {
  const root = tempDir(t)
  const full = localDiskStorage(root, { minFreeBytes: Number.MAX_SAFE_INTEGER })
  t.equal(await full.hasRoom!(), false)
  await t.rejects(full.write(newKey('documents', 'pdf'), Readable.from([PDF])), { code: 'ENOSPC' })
  t.equal(await localDiskStorage(root, { minFreeBytes: 1 }).hasRoom!(), true)

  const storage = localDiskStorage(root)
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const old = new Date(Date.now() - 60 * 60_000)
  for (const name of ['killed-1', 'killed-2']) {
    writeFileSync(join(root, '.tmp', name), 'partial')
    utimesSync(join(root, '.tmp', name), old, old)
  }
  writeFileSync(join(root, '.tmp', 'in-progress'), 'partial')
  t.equal(await storage.sweepUnfinished!(new Date(Date.now() - 10 * 60_000)), 2)
  t.same(readdirSync(join(root, '.tmp')), ['in-progress'])
  t.equal(await localDiskStorage(join(root, 'never-made')).sweepUnfinished!(new Date()), 0, 'no .tmp folder yet')
})

t.test('the app sweeps at start', async (t) => {
  const varDir = tempDir(t)
  const uploads = join(varDir, 'uploads')
  mkdirSync(join(uploads, '.tmp'), { recursive: true })
  const old = new Date(Date.now() - 60 * 60_000)
  writeFileSync(join(uploads, '.tmp', 'killed'), 'partial')
  utimesSync(join(uploads, '.tmp', 'killed'), old, old)
  writeFileSync(join(uploads, '.tmp', 'fresh'), 'partial')
  const { app } = await buildTestApp(t, { UPLOAD_DIR: uploads })
  for (let i = 0; i < 100 && filesIn(uploads, '.tmp').length > 1; i++) await new Promise((r) => setTimeout(r, 20))
  t.same(filesIn(uploads, '.tmp'), ['fresh'])
  t.ok(app)
})
