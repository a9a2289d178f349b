/**
 * Issue 33: a person's export (GET /api/users/export, contract §12) with 1 GiB of documents, against the
 * built server in its own process on loopback, disk storage in a temporary folder: the server's peak RSS
 * while the ZIP streams out, above its RSS before (goal ≤ 64 MiB), and the rate. The files are written
 * once, straight into the storage's folder with their rows (BENCH_EXPORT_FILES of 4 MiB, 256 by default):
 * one random block, each file's own bytes at its start, so that no two are alike and none compresses.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDb, type Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { newKey } from '../../src/storage/storage.js'
import { appendRow, machine, now } from './report.js'
import { BENCH_ADMIN, logIn, startPortal } from './server.js'
import { memory } from './uploads.js'

const MIB = 1024 ** 2
const FILE_BYTES = 4 * MIB
const FILES = Number(process.env.BENCH_EXPORT_FILES ?? 256)
const PERSON = { email: 'export@bench.dz', password: BENCH_ADMIN.password }

/** A client owning FILES PDFs of 4 MiB (their files written once under UPLOAD_DIR); answers the bytes written. */
async function seedPerson(db: Db, uploadDir: string): Promise<number> {
  const admin = await db.selectFrom('users').select('password_hash').where('email', '=', BENCH_ADMIN.email).executeTakeFirstOrThrow()
  const at = toDbTime(new Date())
  // The administrator's hash: the person logs in with the bench's password, hashed once by the portal.
  const inserted = await db
    .insertInto('users')
    .values({ username: 'Cliente Export', email: PERSON.email, entreprise: 'SARL Archive', telephone: '0551234567', password_hash: admin.password_hash, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at, updated_at: at })
    .executeTakeFirstOrThrow()
  const userId = Number(inserted.insertId)
  const typeId = Number((await db.selectFrom('document_types').select('id').orderBy('id').executeTakeFirstOrThrow()).id)
  const block = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES - 9)])
  mkdirSync(join(uploadDir, 'documents'), { recursive: true })
  const rows = []
  for (let i = 0; i < FILES; i++) {
    const key = newKey('documents', 'pdf')
    block.write(`${String(i).padStart(8, '0')}${randomBytes(12).toString('hex')}`, 9, 'latin1')
    writeFileSync(join(uploadDir, key), block)
    rows.push({ user_id: userId, type_id: typeId, name: `Pièce ${i}`, description: '', original_name: `piece-${i}.pdf`, storage_key: key, mime: 'application/pdf', size: FILE_BYTES, is_viewed: 1, is_archived: 0, created_at: at, viewed_at: at, archived_at: null, from_firm: 0, sent_by: null, downloaded_at: null, uploaded_by: userId })
  }
  for (let start = 0; start < rows.length; start += 100) await db.insertInto('documents').values(rows.slice(start, start + 100)).execute()
  return FILES * FILE_BYTES
}

/** GETs the export, reading it as it comes (nothing kept); answers its size, its last bytes and the seconds it took. */
async function download(base: string, cookie: string): Promise<{ bytes: number; tail: Buffer; seconds: number }> {
  const started = performance.now()
  const res = await fetch(`${base}/api/users/export`, { headers: { cookie } })
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`)
  let bytes = 0
  let tail = Buffer.alloc(0)
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.length
    tail = Buffer.concat([tail, value]).subarray(-64)
  }
  return { bytes, tail, seconds: (performance.now() - started) / 1000 }
}

export async function benchExport(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-export-'))
  const uploadDir = join(dir, 'uploads')
  const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`
  const server = await startPortal({ UPLOAD_DIR: uploadDir, DATABASE_URL: databaseUrl })
  const db = createDb(databaseUrl)
  try {
    const total = await seedPerson(db, uploadDir)
    // A first export (the administrator's, who holds no document) loads every module the path needs.
    if ((await download(server.base, await logIn(server.base))).bytes === 0) throw new Error('warm-up export empty')
    const cookie = await logIn(server.base, PERSON)
    const pid = server.child.pid!
    const idleRss = memory(pid).rss
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    const { bytes, tail, seconds } = await download(server.base, cookie)
    const { peak } = memory(pid)
    // The ZIP's end-of-central-directory record closes it: the archive was written to its end.
    if (bytes < total || tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) < 0) throw new Error(`export cut: ${bytes} bytes of at least ${total}`)
    const mib = (n: number) => (n / MIB).toFixed(1)
    const peakAbove = Math.max(0, peak - idleRss)
    console.log(`export of ${FILES} files, ${mib(bytes)} MiB: peak RSS ${mib(peakAbove)} MiB above ${mib(idleRss)} MiB (goal ≤ 64: ${peakAbove <= 64 * MIB ? 'met' : 'NOT met'}), ${(bytes / MIB / seconds).toFixed(0)} MiB/s`)
    appendRow(
      'A person’s export of 1 GiB of documents: memory (`npm run bench`; alone: `npx tsx scripts/bench/export.ts`)',
      'Built server in its own process, SQLite, disk storage in a temporary folder, loopback. A client owning 256 PDFs of 4 MiB (random bytes, written once with their rows; `BENCH_EXPORT_FILES` for another count) asks `GET /api/users/export`; the bench reads the ZIP as it comes and keeps nothing. The server\'s peak RSS (VmHWM, reset after a warm-up export) above its RSS just before. Goal: ≤ 64 MiB.',
      ['date', 'machine', 'files', 'ZIP (MiB)', 'RSS before (MiB)', 'peak above (MiB)', 'export (MiB/s)'],
      [now(), machine(), String(FILES), mib(bytes), mib(idleRss), mib(peakAbove), (bytes / MIB / seconds).toFixed(0)],
    )
  } finally {
    await db.destroy()
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchExport()
