// Issue 14: `npm run backup -- DIR` then `npm run restore -- DIR` into a fresh install gives the
// same users, documents (byte-identical files), photos and messages, on SQLite (files on the disk,
// or in a bucket) and, in the suite's MariaDB run (TEST_DATABASE_URL), on MariaDB through mysqldump
// and through the driver; each run takes its own dialect's cases. The commands run as the built
// CLIs, with the configuration in their environment, as an operator runs them.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { createPool } from 'mysql2/promise'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { createDb, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType, multipart, PDF, upload } from '../documents/fixtures.js'
import { startBucket } from '../helpers/s3.js'
import { projectRoot } from '../../src/shared/project-root.js'

const ROOT = projectRoot
const MYSQL = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? process.env.TEST_DATABASE_URL : undefined

interface Install {
  url: string
  uploads: string
  env: Record<string, string>
}

/** A fresh install: an empty database (nothing migrated) and an empty upload folder, or a bucket of its own. */
async function install(t: Test, dialect: 'sqlite' | 'mysql', withBucket = false): Promise<Install> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-install-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  let url = `sqlite:${join(dir, 'portal.sqlite')}`
  if (dialect === 'mysql') {
    const name = `portal_backup_${randomBytes(6).toString('hex')}`
    const admin = createPool({ uri: MYSQL!, connectionLimit: 1 })
    await admin.query(`CREATE DATABASE \`${name}\``)
    t.teardown(async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
      await admin.end()
    })
    const u = new URL(MYSQL!)
    u.pathname = `/${name}`
    url = u.toString()
  }
  const uploads = join(dir, 'uploads')
  const bucket = withBucket ? (await startBucket(t)).env : {}
  return { url, uploads, env: { NODE_ENV: 'test', DATABASE_URL: url, UPLOAD_DIR: uploads, ...bucket } }
}

function cli(script: 'backup' | 'restore', args: string[], target: Install): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, `dist/server/src/${script}.js`), ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...target.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

async function appOn(t: Test, target: Install) {
  const db = createDb(target.url)
  const varDir = mkdtempSync(join(tmpdir(), 'portal-var-'))
  const app = await buildApp(loadConfig(target.env, { varDir }), { db, logger: false })
  t.teardown(async () => {
    await app.close()
    await db.destroy()
    rmSync(varDir, { recursive: true, force: true })
  })
  return { app, db }
}

/** The portal in use: an administrator, a client with a photo and two documents, a contact message. */
async function populate(t: Test, source: Install) {
  const db = createDb(source.url)
  await migrateToLatest(db)
  await db.destroy()
  const { app } = await appOn(t, source)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true, username: 'SARL Atlas ✓ الأطلس' })
  await addType(app, admin, 'Bilan')
  const big = Buffer.concat([PDF, randomBytes(300_000)])
  for (const [name, content] of [['bilan 2025.pdf', PDF], ['grand livre.pdf', big]] as const) {
    const res = await upload(app, client, { type: 'Bilan', userId: client.id, description: `« ${name} »\nligne 2`, filename: name, content })
    t.equal(res.statusCode, 201, res.body)
  }
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 60, b: 20 } } }).png().toBuffer()
  const photo = multipart([{ name: 'image', filename: 'moi.png', content: image, type: 'image/png' }])
  t.equal((await injectAs(app, client, { method: 'POST', url: '/api/users/profile/uplaod-photo', ...photo })).statusCode, 200)
  const contact = await app.inject({ method: 'POST', url: '/api/users/contact', payload: { name: 'Amina Haddad', email: 'amina@example.dz', message: "Bonjour, l'équipe ; un rendez-vous ?\nMerci", telephone: '0551234567' } })
  t.equal(contact.statusCode, 201, contact.body)
  // Work after the answers (mails) is done before the copy.
  await app.ports.jobs.drain(5000)
  return { client }
}

const TABLES = ['users', 'sessions', 'user_tokens', 'contact_messages', 'document_types', 'documents', 'user_counts', 'document_counts'] as const

async function snapshot(db: Db) {
  const tables: Record<string, unknown[]> = {}
  for (const table of TABLES) tables[table] = (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows
  const documents = await db.selectFrom('documents').select(['storage_key']).execute()
  const photos = await db.selectFrom('users').select('profile_photo').where('profile_photo', 'is not', null).execute()
  const keys = [...documents.map((d) => d.storage_key), ...photos.map((p) => `photos/${JSON.parse(p.profile_photo!).url.split('/').pop()}`)]
  return { tables, keys }
}

async function bytesOf(app: Awaited<ReturnType<typeof appOn>>['app'], key: string): Promise<Buffer> {
  const file = await app.ports.storage.read(key)
  if (!file) throw new Error(`${key} is not stored`)
  const chunks: Buffer[] = []
  for await (const chunk of file.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function compare(t: Test, source: Install, target: Install, client: { email: string; password: string; id: number }) {
  const a = createDb(source.url)
  const b = createDb(target.url)
  t.teardown(() => Promise.all([a.destroy(), b.destroy()]))
  const [before, after] = [await snapshot(a), await snapshot(b)]
  const { app: sourceApp } = await appOn(t, source)
  const { app } = await appOn(t, target)
  t.same([before.tables.users!.length, before.tables.documents!.length, before.tables.contact_messages!.length], [2, 2, 1], 'what was put in')
  for (const table of TABLES) t.same(after.tables[table], before.tables[table], `${table}: the same rows`)
  t.equal(before.keys.length, 3, 'two documents and a photo')
  for (const key of before.keys) t.same(await bytesOf(app, key), await bytesOf(sourceApp, key), `${key}: the same bytes`)

  // The restored install serves them: the client logs in, downloads, sees the photo.
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: client.email, password: client.password } })
  t.equal(login.statusCode, 200, 'the client logs in with the same password')
  const cookie = String(login.headers['set-cookie']).split(';')[0]!
  const ids = (before.tables.documents as Array<{ id: number; storage_key: string }>).map((d) => d)
  for (const doc of ids) {
    const res = await app.inject({ url: `/api/documents/download/${doc.id}`, headers: { cookie } })
    t.equal(res.statusCode, 200)
    t.same(res.rawPayload, await bytesOf(sourceApp, doc.storage_key), 'downloaded whole')
  }
  const status = (await app.inject({ url: '/api/auth/status', headers: { cookie } })).json()
  t.equal((await app.inject(status.profilePhoto.url)).statusCode, 200, 'the photo is served')
}

const CASES = [
  { dialect: 'sqlite', way: [], bucket: false },
  // Files in a bucket (STORAGE_URL), copied through the same FileStorage port into another bucket.
  { dialect: 'sqlite', way: [], bucket: true },
  { dialect: 'mysql', way: [], bucket: false },
  { dialect: 'mysql', way: ['--no-mysqldump'], bucket: false },
] as const

// Several processes per case (the CLIs, a build of the app): minutes on a busy machine.
t.setTimeout(300_000)

for (const { dialect, way, bucket } of CASES) {
  if ((dialect === 'mysql') !== (MYSQL !== undefined)) continue
  const name = `${dialect}${way.length ? ' (through the driver)' : ''}${bucket ? ', files in a bucket' : ''}: backup, then restore into a fresh install`
  t.test(name, async (t) => {
    const source = await install(t, dialect, bucket)
    const { client } = await populate(t, source)
    const dir = join(mkdtempSync(join(tmpdir(), 'portal-backup-')), 'backup')
    t.teardown(() => rmSync(join(dir, '..'), { recursive: true, force: true }))

    const made = await cli('backup', [dir, ...(way as readonly string[])], source)
    t.equal(made.code, 0, made.output)
    t.match(made.output, new RegExp(`database \\((${dialect === 'sqlite' ? 'sqlite-backup-api' : way.length ? 'driver' : 'mysqldump'})\\), 3 files`))
    const manifest = JSON.parse(readFileSync(join(dir, 'backup.json'), 'utf8'))
    t.same(manifest.missing, [])
    t.match(readFileSync(join(dir, 'SHA256SUMS'), 'utf8'), /^[0-9a-f]{64} {2}backup\.json$/m)

    const target = await install(t, dialect, bucket)
    const restored = await cli('restore', [dir], target)
    t.equal(restored.code, 0, restored.output)
    await compare(t, source, target, client)

    const again = await cli('restore', [dir], target)
    t.equal(again.code, 1, 'a database holding data is refused')
    t.match(again.output, /not empty.*--force/)
    const forced = await cli('restore', [dir, '--force'], target)
    t.equal(forced.code, 0, forced.output)
  })
}

// Dialect-free: checked once, by the SQLite run of the suite.
if (!MYSQL) t.test('a damaged backup is refused before anything is written; a folder in use is refused', async (t) => {
  const source = await install(t, 'sqlite')
  await populate(t, source)
  const dir = join(mkdtempSync(join(tmpdir(), 'portal-backup-')), 'backup')
  t.teardown(() => rmSync(join(dir, '..'), { recursive: true, force: true }))
  t.equal((await cli('backup', [dir], source)).code, 0)
  const reused = await cli('backup', [dir], source)
  t.equal(reused.code, 1)
  t.match(reused.output, /is not empty/)

  const manifest = JSON.parse(readFileSync(join(dir, 'backup.json'), 'utf8'))
  appendFileSync(join(dir, 'files', manifest.files[0].key), 'x')
  const target = await install(t, 'sqlite')
  const restored = await cli('restore', [dir], target)
  t.equal(restored.code, 1)
  t.match(restored.output, /backup damaged: files\/.* \(checksum differs\)/)
  t.equal((await cli('restore', [], target)).code, 2, 'no folder: the usage')
})
