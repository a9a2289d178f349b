// Issue 14: `npm run storage:copy -- --to s3://…` copies an UPLOAD_DIR into a bucket (s3rver, one for
// the file): photos/ and documents/ byte for byte, never .tmp/; a second run skips what is there with
// the same size and copies what is missing or differs; a size the bucket does not confirm fails the run.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import t from 'tap'
import { copyToBucket } from '../../scripts/storage-copy.js'
import { s3Storage } from '../../src/storage/s3.js'
import { newKey } from '../../src/storage/storage.js'
import { startBucket } from '../helpers/s3.js'

const bucket = await startBucket(t)

function uploadDir(t: { teardown(fn: () => unknown): void }) {
  const root = mkdtempSync(join(tmpdir(), 'portal-copy-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  for (const folder of ['photos', 'documents', '.tmp']) mkdirSync(join(root, folder))
  const files = new Map<string, Buffer>()
  const put = (key: string, bytes: Buffer) => {
    writeFileSync(join(root, key), bytes)
    files.set(key, bytes)
  }
  put(newKey('photos', 'webp'), randomBytes(3000))
  put(newKey('photos', 'webp'), randomBytes(4000))
  put(newKey('documents', 'pdf'), randomBytes(100_000))
  put(newKey('documents', 'xlsx'), randomBytes(20_000))
  put(newKey('documents', 'pdf'), randomBytes(6 * 1024 * 1024 + 17))
  writeFileSync(join(root, '.tmp', randomBytes(16).toString('hex')), randomBytes(1000))
  writeFileSync(join(root, 'documents', 'notes.txt'), 'not a stored file')
  return { root, files }
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }))
  return Buffer.from(await answer.Body!.transformToByteArray())
}

async function clearBucket() {
  for (const key of (await bucket.objects()).keys()) await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: key }))
}

t.test('copies photos and documents byte for byte, never .tmp; then resumes, copying only what is missing or differs', async (t) => {
  await clearBucket()
  const { root, files } = uploadDir(t)
  const storage = s3Storage(bucket.location)
  t.teardown(() => storage.close())

  const first = await copyToBucket(root, storage)
  t.match(first, { copied: 5, present: 0, mismatched: [], failed: [], ignored: ['documents/notes.txt'], ok: true })
  t.same([...(await bucket.objects()).keys()].sort(), [...files.keys()].sort(), 'exactly the stored files, nothing of .tmp/')
  for (const [key, bytes] of files) t.ok((await objectBytes(key)).equals(bytes), `${key} identical`)

  const again = await copyToBucket(root, storage)
  t.match(again, { copied: 0, present: 5, ok: true }, 'a second run copies nothing')

  // A run cut short: one object missing, one written short.
  const [missing, short] = [...files.keys()].filter((k) => k.startsWith('documents/'))
  await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: missing }))
  await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: short, Body: files.get(short!)!.subarray(0, 10) }))
  const resumed = await copyToBucket(root, storage)
  t.match(resumed, { copied: 2, present: 3, ok: true }, 'the missing and the short one are copied again')
  for (const [key, bytes] of files) t.ok((await objectBytes(key)).equals(bytes), `${key} identical after resuming`)
  t.same(await bucket.unfinished(), [])
})

t.test('a size the bucket does not confirm is a mismatch: the run is not ok', async (t) => {
  await clearBucket()
  const { root, files } = uploadDir(t)
  const storage = s3Storage(bucket.location)
  t.teardown(() => storage.close())
  const [damaged] = [...files.keys()]
  // A store that loses the end of one file on the way.
  const write = storage.write.bind(storage)
  storage.write = async (key, source) => {
    if (key !== damaged) return write(key, source)
    const bytes: Buffer[] = []
    for await (const chunk of source) bytes.push(chunk as Buffer)
    return write(key, Readable.from([Buffer.concat(bytes).subarray(1)]))
  }
  const summary = await copyToBucket(root, storage)
  t.equal(summary.ok, false)
  t.equal(summary.copied, 4)
  t.match(summary.mismatched, [new RegExp(`^${damaged}`)])
})

t.test('the command: a summary, exit 0 when every file is there; 2 without --to or a folder, 1 without a bucket; the secret never printed', async (t) => {
  await clearBucket()
  const { root } = uploadDir(t)
  // The command as the test runner compiled it beside this file (scripts/run-tests.mjs), or through tsx
  // from the sources (npx tap): the same JavaScript, without tsx compiling the command's modules per run.
  const compiled = fileURLToPath(new URL('../../scripts/storage-copy.js', import.meta.url))
  const command = existsSync(compiled) ? [compiled] : ['--import', 'tsx', 'scripts/storage-copy.ts']
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(process.execPath, [...command, ...args], { env: { ...process.env, ...env } }, (error, out, err) =>
        resolve({ code: error ? Number(error.code) : 0, out, err }),
      )
    })
  const ok = await run(['--to', bucket.env.STORAGE_URL!, '--from', root], bucket.env)
  t.equal(ok.code, 0, 'exit 0')
  t.match(ok.out, /copied: +5 file\(s\)/)
  t.match(ok.out, /Done: every file is in the bucket/)
  const bare = await run(['--from', root], bucket.env)
  t.equal(bare.code, 2)
  t.match(bare.err, /--to s3:\/\/BUCKET/)
  const nowhere = await run(['--to', bucket.env.STORAGE_URL!, '--from', join(root, 'missing')], bucket.env)
  t.equal(nowhere.code, 2, 'a --from that is not a folder')
  const absent = await run(['--to', bucket.env.STORAGE_URL!.replace(bucket.bucket, 'no-such-bucket'), '--from', root], bucket.env)
  t.equal(absent.code, 1, 'a bucket that does not answer')
  t.match(absent.err, /the bucket no-such-bucket does not answer/)
  const leaky = await run(['--to', 's3://AKIA:wJalr-top-secret@portal-test', '--from', root], bucket.env)
  t.equal(leaky.code, 2)
  t.notMatch(leaky.err + leaky.out, /top-secret/)
})
