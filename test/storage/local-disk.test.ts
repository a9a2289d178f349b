// Issue 13: the local disk's `read` turned every error into "not found" (a 404 for a disk that fails).
// Only a missing file is missing; any other failure throws, so the request answers 500 and is logged.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import t from 'tap'
import { localDiskStorage } from '../../src/storage/local-disk.js'
import { newKey } from '../../src/storage/storage.js'
import { buildTestApp } from '../helpers/app.js'

function tempRoot(t: { teardown(fn: () => unknown): void }): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-disk-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  return root
}

t.test('a stored file is read back whole with its size', async (t) => {
  const storage = localDiskStorage(tempRoot(t))
  const key = newKey('documents', 'pdf')
  t.same(await storage.write(key, Readable.from([Buffer.from('%PDF-1.7 bilan')])), { size: 14 })
  const file = await storage.read(key)
  t.equal(file?.size, 14)
  t.equal(await text(file!.stream), '%PDF-1.7 bilan')
})

t.test('a source that fails leaves no temporary file (it was left, now and then, when it failed before the file was open)', async (t) => {
  const root = tempRoot(t)
  const storage = localDiskStorage(root)
  let failed = 0
  for (let i = 0; i < 300; i++) {
    const refused = new Readable({ read: () => refused.destroy(new Error('refusé')) })
    await storage.write(newKey('documents', 'pdf'), refused).catch((error: Error) => void (error.message === 'refusé' && failed++))
  }
  t.equal(failed, 300, 'every write failed with its source')
  await storage.write(newKey('documents', 'pdf'), Readable.from([Buffer.from('%PDF-1.7')]))
  t.same(readdirSync(join(root, '.tmp')), [])
  t.equal(readdirSync(join(root, 'documents')).length, 1)
})

t.test('a missing file is undefined: no such key, no such folder, a folder that is a file, an invalid key', async (t) => {
  const root = tempRoot(t)
  const storage = localDiskStorage(root)
  t.equal(await storage.read(newKey('documents', 'pdf')), undefined, 'ENOENT, the folder not made yet')
  writeFileSync(join(root, 'documents'), 'not a folder')
  t.equal(await storage.read(newKey('documents', 'pdf')), undefined, 'ENOTDIR')
  t.equal(await storage.read('documents/../../etc/passwd'), undefined)
})

t.test('any other failure throws instead of passing for a missing file', async (t) => {
  const root = tempRoot(t)
  mkdirSync(join(root, 'documents'))
  const storage = localDiskStorage(root)
  const loop = newKey('documents', 'pdf')
  symlinkSync(join(root, loop), join(root, loop))
  await t.rejects(storage.read(loop), { code: 'ELOOP' })
  const folder = newKey('documents', 'pdf')
  mkdirSync(join(root, folder))
  await t.rejects(storage.read(folder), /not a regular file/)
})

t.test('through the app: a photo the disk fails to read answers 500, a missing one 404', async (t) => {
  const { app, config } = await buildTestApp(t)
  const photos = join(config.uploadDir, 'photos')
  mkdirSync(photos, { recursive: true })
  const broken = newKey('photos', 'webp')
  symlinkSync(join(config.uploadDir, broken), join(config.uploadDir, broken))
  const failed = await app.inject(`/uploads/${broken}`)
  t.equal(failed.statusCode, 500)
  t.notMatch(failed.body, /introuvable/i)
  const missing = await app.inject(`/uploads/${newKey('photos', 'webp')}`)
  t.equal(missing.statusCode, 404)
})
