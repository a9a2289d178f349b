// Issue 14: the S3 driver of FileStorage against a real S3-protocol server (s3rver, one for the file).
// A write is whole or nothing: a source that fails before the first part, after parts were sent, or
// while the bucket refuses the abort leaves no object, and no unfinished multipart upload once the
// sweep ran. Reads stream, a missing key is undefined, a missing bucket throws.
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import t from 'tap'
import { PART_SIZE, QUEUE_SIZE, s3Storage } from '../../src/storage/s3.js'
import { unfinishedUploadAge } from '../../src/storage/sweep.js'
import { newKey } from '../../src/storage/storage.js'
import { startBucket } from '../helpers/s3.js'

const MIB = 1024 * 1024
const bucket = await startBucket(t)

function storageFor(t: { teardown(fn: () => unknown): void }, warnings: object[] = [], location = bucket.location) {
  const storage = s3Storage(location, { log: { warn: (details) => warnings.push(details) } })
  t.teardown(() => storage.close())
  return storage
}

/** `bytes` in 64 KiB chunks, as a request body arrives; fails with `error` once `failAfter` bytes were given. */
function arriving(bytes: Buffer, failAfter?: number, error = new Error('client gone')): Readable & { pulled: () => number } {
  let offset = 0
  const source = new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) return void this.destroy(error)
      if (offset >= bytes.length) return void this.push(null)
      this.push(bytes.subarray(offset, offset + 64 * 1024))
      offset += 64 * 1024
    },
  })
  return Object.assign(source, { pulled: () => offset })
}

t.test('write, read and remove: a small file and one of several parts come back identical', async (t) => {
  const storage = storageFor(t)
  for (const size of [14, 2 * PART_SIZE + 12345]) {
    const key = newKey('documents', 'pdf')
    const bytes = randomBytes(size)
    t.same(await storage.write(key, arriving(bytes)), { size }, `${size} bytes written`)
    t.equal((await bucket.objects()).get(key), size, 'the object is in the bucket with its size')
    const file = await storage.read(key)
    t.equal(file?.size, size)
    t.ok((await buffer(file!.stream)).equals(bytes), 'read back byte for byte')
    await storage.remove(key)
    t.equal(await storage.read(key), undefined, 'gone once removed')
    await storage.remove(key)
    t.pass('removing it again is not an error')
  }
  t.same(await bucket.unfinished(), [], 'no unfinished upload')
})

t.test('with an endpoint (an S3-compatible server), no checksum header S3 does not require', async (t) => {
  const storage = storageFor(t)
  const sent: string[] = []
  bucket.onRequest = (req) => sent.push(...Object.keys(req.headers).filter((h) => h.startsWith('x-amz-checksum') || h === 'x-amz-sdk-checksum-algorithm'))
  try {
    await storage.write(newKey('documents', 'pdf'), arriving(randomBytes(PART_SIZE + 10)))
    await storage.write(newKey('photos', 'webp'), arriving(randomBytes(1000)))
  } finally {
    bucket.onRequest = undefined
  }
  t.same(sent, [])
})

t.test('a missing key or an invalid one is undefined; a missing bucket is an error, not a missing file', async (t) => {
  const storage = storageFor(t)
  t.equal(await storage.read(newKey('documents', 'pdf')), undefined)
  t.equal(await storage.read('documents/../../etc/passwd'), undefined)
  await t.rejects(storage.write('../outside', arriving(Buffer.from('x'))), /invalid storage key/)
  await t.rejects(storage.remove('documents/x'), /invalid storage key/)
  const elsewhere = storageFor(t, [], { ...bucket.location, bucket: 'no-such-bucket' })
  await t.rejects(elsewhere.read(newKey('documents', 'pdf')), { name: 'NoSuchBucket' })
  const source = arriving(randomBytes(MIB))
  await t.rejects(elsewhere.write(newKey('documents', 'pdf'), source), { name: 'NoSuchBucket' }, 'a write the bucket refuses fails…')
  t.ok(source.destroyed, '…and its source is not read on')
  t.equal(await elsewhere.ping(), false, 'and its health check fails')
  t.equal(await storage.ping(), true)
})

t.test('a source that fails before a whole part leaves nothing: no object, no upload begun', async (t) => {
  const storage = storageFor(t)
  const key = newKey('documents', 'pdf')
  const refused = new Error('content refused')
  await t.rejects(storage.write(key, arriving(randomBytes(3 * MIB), MIB, refused)), refused, 'the source\'s own error')
  t.notOk((await bucket.objects()).has(key))
  t.same(await bucket.unfinished(), [])
})

t.test('a source that fails after parts were sent: the multipart upload is aborted, no object', async (t) => {
  const storage = storageFor(t)
  const key = newKey('documents', 'pdf')
  const gone = new Error('client gone')
  const source = arriving(randomBytes(4 * PART_SIZE), 2 * PART_SIZE + MIB, gone)
  await t.rejects(storage.write(key, source), gone)
  t.notOk((await bucket.objects()).has(key), 'no object under the key')
  t.same(await bucket.unfinished(), [], 'the upload was aborted, its parts gone')
})

t.test('an abort the bucket refuses is logged; the write still fails with its own error and the sweep aborts the leftover', async (t) => {
  const warnings: object[] = []
  const storage = storageFor(t, warnings)
  const key = newKey('documents', 'pdf')
  const gone = new Error('client gone')
  bucket.refuseAborts = true
  try {
    await t.rejects(storage.write(key, arriving(randomBytes(3 * PART_SIZE), PART_SIZE + MIB, gone)), gone)
  } finally {
    bucket.refuseAborts = false
  }
  t.match(warnings, [{ key, err: { type: 'MethodNotAllowed' } }])
  t.notOk((await bucket.objects()).has(key), 'still no object')
  t.match(await bucket.unfinished(), [{ key }], 'the unfinished upload stays…')
  t.equal(await storage.sweepUnfinished(new Date(Date.now() + 60_000)), 1, '…until a sweep aborts it')
  t.same(await bucket.unfinished(), [])
})

t.test('the sweep aborts only what began before its date, and only under the portal\'s prefixes', async (t) => {
  const storage = storageFor(t)
  const { CreateMultipartUploadCommand, AbortMultipartUploadCommand } = await import('@aws-sdk/client-s3')
  const begin = async (key: string) => (await bucket.client.send(new CreateMultipartUploadCommand({ Bucket: bucket.bucket, Key: key }))).UploadId!
  const photo = newKey('photos', 'webp')
  const document = newKey('documents', 'pdf')
  const foreignId = await begin('backups/portal.sql')
  await begin(photo)
  await begin(document)
  t.equal(await storage.sweepUnfinished(new Date(Date.now() - 3600_000)), 0, 'nothing older than an hour')
  t.equal((await bucket.unfinished()).length, 3)
  t.equal(await storage.sweepUnfinished(new Date(Date.now() + 60_000)), 2, 'the photo\'s and the document\'s')
  t.same((await bucket.unfinished()).map((u) => u.key), ['backups/portal.sql'], 'another application\'s upload is left alone')
  await bucket.client.send(new AbortMultipartUploadCommand({ Bucket: bucket.bucket, Key: 'backups/portal.sql', UploadId: foreignId }))
})

t.test('an upload is never aborted while it may still be arriving: at least an hour, or the slowest accepted upload', async (t) => {
  t.equal(unfinishedUploadAge(1024 * 1024, 1024 * 1024), 3600_000)
  const slowest = unfinishedUploadAge(20 * MIB, 1024)
  t.ok(slowest > (20 * MIB / 1024) * 1000, `${(slowest / 3600_000).toFixed(1)} h for 20 MiB at 1 KiB/s`)
})

t.test('the buffer is bounded: while the bucket holds parts back, the source is not read ahead', async (t) => {
  const storage = storageFor(t)
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let parts = 0
  bucket.beforePart = async () => {
    parts++
    await held
  }
  const source = arriving(randomBytes(12 * PART_SIZE))
  const writing = storage.write(newKey('documents', 'pdf'), source)
  try {
    const deadline = Date.now() + 15_000
    while (parts < QUEUE_SIZE && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    t.equal(parts, QUEUE_SIZE, `${QUEUE_SIZE} parts in flight`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Parts in flight, one being filled, and the little the streams keep in their buffers.
    t.ok(source.pulled() <= (QUEUE_SIZE + 1) * PART_SIZE + MIB, `${(source.pulled() / MIB).toFixed(1)} MiB read of 60 MiB`)
  } finally {
    bucket.beforePart = undefined
    release()
  }
  t.same(await writing, { size: 12 * PART_SIZE })
})
