// Issue 14: the real app with STORAGE_URL naming a bucket (s3rver, one for the file). Documents and
// photos live in the bucket and nowhere under UPLOAD_DIR; what the bucket holds is exactly what the
// database names; a refused, too large or cut upload leaves no object and no unfinished multipart
// upload; /healthz answers 503 while the bucket does not; a crash's leftovers are swept at start.
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { AbortMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3'
import t from 'tap'
import sharp from 'sharp'
import type { Db } from '../../src/db/database.js'
import { parsePhoto, photoKeyOf } from '../../src/modules/identity/photo/value.js'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { startBucket } from '../helpers/s3.js'
import { addType, EXE, multipart, PDF, upload } from '../documents/fixtures.js'

const MIB = 1024 * 1024
const bucket = await startBucket(t)
// A 6 MiB limit: a 5.5 MiB document is two parts, a 7 MiB one is refused after its first part was sent.
const env = { ...bucket.env, MAX_UPLOAD_MB: '6' }

/** A PDF of `size` bytes: the header the content check wants, then random bytes. */
const pdfOf = (size: number) => Buffer.concat([PDF, randomBytes(size - PDF.length)])

/** Waits until `condition` holds, checking every 20 ms, at most `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Every key the database names: documents' files and profile photos. */
async function keysNamed(db: Db): Promise<string[]> {
  const documents = await db.selectFrom('documents').select('storage_key').execute()
  const users = await db.selectFrom('users').select('profile_photo').execute()
  const photos = users.map((u) => photoKeyOf(parsePhoto(u.profile_photo))).filter((k): k is string => k !== null)
  return [...documents.map((d) => d.storage_key), ...photos].sort()
}

type T = Parameters<Parameters<typeof t.test>[0]>[0]

async function holdsExactly(t: T, db: Db, what: string) {
  t.same([...(await bucket.objects()).keys()].sort(), await keysNamed(db), `${what}: the bucket holds exactly the files the database names`)
  t.same(await bucket.unfinished(), [], `${what}: no unfinished upload`)
}

function photoUpload(image: Buffer) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { method: 'POST' as const, url: '/api/users/profile/uplaod-photo', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const png = (shade: number) => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 90, b: 160 } } }).png().toBuffer()

async function download(app: Parameters<typeof injectAs>[0], account: SeededAccount, id: number): Promise<Buffer> {
  const res = await injectAs(app, account, `/api/documents/download/${id}`)
  if (res.statusCode !== 200) throw new Error(`download ${id}: ${res.statusCode}`)
  return res.rawPayload
}

t.test('documents and photos go through the bucket, never under UPLOAD_DIR', async (t) => {
  const { app, db, config } = await buildTestApp(t, env)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilan')
  t.ok(app.ports.storage.sweepUnfinished, 'the bucket driver was chosen')

  const small = pdfOf(50 * 1024)
  const large = pdfOf(5.5 * MIB)
  const ids: number[] = []
  for (const content of [small, large]) {
    const res = await upload(app, client, { type: 'Bilan', userId: client.id, description: 'Bilan annuel', content })
    t.equal(res.statusCode, 201, `${content.length} bytes uploaded`)
    ids.push(res.json().id as number)
  }
  await holdsExactly(t, db, 'after two uploads')

  const listed = await injectAs(app, admin, '/api/documents/new-documents')
  t.same((listed.json() as Array<{ id: number }>).map((d) => d.id).sort(), [...ids].sort(), 'listed for the firm')
  const own = await injectAs(app, client, `/api/users/profile/${client.id}`)
  t.equal(own.json().documentsTotal, 2, 'listed on the client\'s profile')
  t.ok((await download(app, client, ids[0]!)).equals(small), 'the owner downloads the small one byte for byte')
  t.ok((await download(app, admin, ids[1]!)).equals(large), 'the firm downloads the two-part one byte for byte')
  const record = await db.selectFrom('documents').select('storage_key').where('id', '=', ids[0]!).executeTakeFirstOrThrow()
  const stranger = await seedAccount(app, { accepted: true })
  const storedName = record.storage_key.replace('documents/', '')
  t.ok((await injectAs(app, client, `/uploads/${storedName}`)).rawPayload.equals(small), 'served by its stored name too')
  t.equal((await injectAs(app, stranger, `/uploads/${storedName}`)).statusCode, 403, 'never to anyone else')

  // Refused by content, and too large once a part was already in the bucket: nothing kept of either.
  const before = await bucket.objects()
  const refused = await upload(app, client, { type: 'Bilan', userId: client.id, filename: 'bilan.pdf', content: EXE })
  t.equal(refused.statusCode, 415)
  const tooLarge = await upload(app, client, { type: 'Bilan', userId: client.id, content: pdfOf(7 * MIB) })
  t.equal(tooLarge.statusCode, 413)
  t.same(await bucket.objects(), before, 'no object added by a refused or too large upload')
  await holdsExactly(t, db, 'after the refusals')

  // Photos: stored re-encoded in the bucket, served from it, the old one removed when replaced.
  const first = await injectAs(app, client, photoUpload(await png(30)))
  t.equal(first.statusCode, 200)
  const firstUrl = first.json().profilePhoto.url as string
  const served = await app.inject(firstUrl)
  t.equal(served.statusCode, 200)
  const stored = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: firstUrl.replace('/uploads/', '') }))
  t.ok(served.rawPayload.equals(Buffer.from(await stored.Body!.transformToByteArray())), 'the photo served is the object stored')
  const second = await injectAs(app, client, photoUpload(await png(200)))
  t.equal(second.statusCode, 200)
  t.notOk((await bucket.objects()).has(firstUrl.replace('/uploads/', '')), 'the replaced photo is gone from the bucket')
  await holdsExactly(t, db, 'after two photos')

  // Deleting a document, then the client (their documents and photo go with them).
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/delete/${ids[0]}` })).statusCode, 200)
  t.equal((await injectAs(app, admin, `/api/documents/download/${ids[0]}`)).statusCode, 404)
  await holdsExactly(t, db, 'after deleting a document')
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${client.id}` })).statusCode, 200)
  await until(async () => (await bucket.objects()).size === 0, 'the client\'s files to be removed')
  await holdsExactly(t, db, 'after deleting the client')

  t.notOk(existsSync(config.uploadDir) && readdirSync(config.uploadDir, { recursive: true }).length > 0, 'nothing was ever written under UPLOAD_DIR')
})

t.test('a client that disconnects after a part was sent leaves no row, no object and no unfinished upload', async (t) => {
  const { app, db, config } = await buildTestApp(t, env)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilan')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const before = await bucket.objects()
  const boundary = '----portalcut'
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s))
    s.once('error', reject)
  })
  socket.on('error', () => {})
  socket.write([
    'POST /api/documents/upload HTTP/1.1', 'Host: 127.0.0.1', `Cookie: ${client.cookie}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${6 * MIB}`, '', '',
  ].join('\r\n'))
  socket.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gros.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
  socket.write(pdfOf(5.5 * MIB))
  await until(async () => (await bucket.unfinished()).length > 0, 'the multipart upload to begin')
  socket.destroy()
  await until(async () => (await bucket.unfinished()).length === 0, 'the multipart upload to be aborted')
  t.same(await bucket.objects(), before, 'no object')
  t.equal((await db.selectFrom('documents').select('id').execute()).length, 0, 'no row')
  t.notOk(existsSync(config.uploadDir), 'no temporary file either')
  const after = await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF })
  t.equal(after.statusCode, 201, 'the next upload is taken')
})

t.test('/healthz answers 503 while the bucket does not answer, 200 again once it does', async (t) => {
  const { app } = await buildTestApp(t, env)
  t.same((await app.inject('/healthz')).json(), { status: 'ok' })
  await bucket.stop()
  try {
    const down = await app.inject('/healthz')
    t.equal(down.statusCode, 503)
    t.same(down.json(), { status: 'unavailable', message: 'Service indisponible : la base de données ou le stockage ne répond pas.', code: 'unavailable' }, 'an error’s body (contract §8), its status kept')
  } finally {
    await bucket.start()
  }
  t.equal((await app.inject('/healthz')).statusCode, 200)
})

t.test('at start, unfinished uploads older than the longest upload can last are aborted; recent ones are left', async (t) => {
  const begin = async (key: string) => {
    const { UploadId } = await bucket.client.send(new CreateMultipartUploadCommand({ Bucket: bucket.bucket, Key: key }))
    await bucket.client.send(new UploadPartCommand({ Bucket: bucket.bucket, Key: key, UploadId, PartNumber: 1, Body: randomBytes(1024) }))
    return UploadId!
  }
  const crashed = 'documents/' + randomBytes(16).toString('hex') + '.pdf'
  const arriving = 'documents/' + randomBytes(16).toString('hex') + '.pdf'
  await begin(crashed)
  const arrivingId = await begin(arriving)
  // s3rver dates an upload by its folder: the crashed one began a day ago.
  const dayAgo = new Date(Date.now() - 24 * 3600_000)
  const [old] = (await bucket.unfinished()).filter((u) => u.key === crashed)
  await utimes(join(bucket.uploadsDir, old!.uploadId), dayAgo, dayAgo)
  await buildTestApp(t, env)
  await until(async () => !(await bucket.unfinished()).some((u) => u.key === crashed), 'the crashed upload to be aborted')
  t.same((await bucket.unfinished()).map((u) => u.key), [arriving], 'the recent one is still arriving, and left alone')
  await bucket.client.send(new AbortMultipartUploadCommand({ Bucket: bucket.bucket, Key: arriving, UploadId: arrivingId }))
})
