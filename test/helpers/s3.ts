// A real S3-protocol server for the tests: s3rver (npm), on loopback, with its data in a temporary folder.
//
// s3rver 3.7 answers NotImplemented to ListMultipartUploads and MethodNotAllowed to
// AbortMultipartUpload. Both are answered here, in front of it, from s3rver's own store (an unfinished
// upload is the folder `<bucket>/._S3rver_uploads/<uploadId>` holding its key and parts), so the
// tests can see what a cut upload leaves and the driver's abort and sweep have something to talk
// to. Every other request (signed PUT, GET, HEAD, DELETE, multipart parts and completion) is s3rver's.
//
// s3rver 3.7's PutObject answers before its file is written: its store resolves when the body has
// been read (the Transform's 'finish'), not when the file stream has finished. A HEAD sent right
// after, as `npm run storage:copy` sends to confirm a size, could read a file half written (CI,
// 2026-11-27: an object rewritten short read back short). Real S3 and MinIO read what was written;
// so does this test server: its store's putObject waits for the file (`stream/promises` pipeline).
import { createHash } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import type { BucketLocation } from '../../src/storage/s3.js'

interface S3rverInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  configureBuckets(): Promise<void>
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance
const require = createRequire(import.meta.url)
const S3rver = require('s3rver') as S3rverClass

interface StoredObject {
  bucket: string
  key: string
  content: Buffer | Readable
  metadata: Record<string, string>
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, type: 'object'): string
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>
}
const Store = require('s3rver/lib/stores/filesystem') as { prototype: FilesystemStore }
Store.prototype.putObject = async function putObject(this: FilesystemStore, object: StoredObject) {
  const path = this.getResourcePath(object.bucket, object.key, 'object')
  await mkdir(dirname(path), { recursive: true })
  const md5 = createHash('md5')
  let size = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  await pipeline(Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content, counted, createWriteStream(path))
  const digest = md5.digest('hex')
  await this.putMetadata(object.bucket, object.key, object.metadata, digest)
  return { size, md5: digest }
}

export const TEST_BUCKET = 'portal-test'
const ACCESS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' }

export interface UnfinishedUpload {
  key: string
  uploadId: string
  initiated: Date
}

export interface TestBucket {
  bucket: string
  endpoint: string
  /** STORAGE_URL and the credentials, for loadConfig / buildTestApp. */
  env: Record<string, string>
  location: BucketLocation
  /** s3rver's folder of unfinished uploads (`<uploadId>/` each, dated by its modification time). */
  uploadsDir: string
  /** A client of its own, for looking at the bucket from outside the portal. */
  client: S3Client
  /** Every object: key → size (one generous page). */
  objects(): Promise<Map<string, number>>
  /** Multipart uploads begun and neither completed nor aborted. */
  unfinished(): Promise<UnfinishedUpload[]>
  /** Refuse AbortMultipartUpload (405, as s3rver alone does) while true. */
  refuseAborts: boolean
  /** Sees every request's method, URL and headers before it is answered. */
  onRequest?: (req: IncomingMessage) => void
  /** Called before each UploadPart is handed to s3rver (a test may hold parts back). */
  beforePart?: () => Promise<void>
  /** Stops answering (every connection closed); `start()` listens again on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function answer(res: ServerResponse, status: number, body = '') {
  res.writeHead(status, body ? { 'content-type': 'application/xml' } : {})
  res.end(body)
}

/** One s3rver for a test file, with its bucket made, stopped (and its folder removed) at teardown. */
export async function startBucket(t: { teardown(fn: () => unknown): void }): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'))
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] })
  await s3rver.configureBuckets()
  const handle = s3rver.callback()
  const uploadsDir = join(directory, TEST_BUCKET, '._S3rver_uploads')

  async function unfinished(prefix = ''): Promise<UnfinishedUpload[]> {
    const ids = await readdir(uploadsDir).catch(() => [] as string[])
    const found: UnfinishedUpload[] = []
    for (const uploadId of ids) {
      // An upload completed or aborted while this reads loses its folder: it is not unfinished.
      const key = await readFile(join(uploadsDir, uploadId, 'key'), 'utf8').catch(() => undefined)
      if (key === undefined || !key.startsWith(prefix)) continue
      const folder = await stat(join(uploadsDir, uploadId)).catch(() => undefined)
      if (folder) found.push({ key, uploadId, initiated: folder.mtime })
    }
    return found.sort((a, b) => a.key.localeCompare(b.key))
  }

  const bucket: TestBucket = {
    bucket: TEST_BUCKET,
    endpoint: '',
    env: {},
    location: undefined as unknown as BucketLocation,
    uploadsDir,
    client: undefined as unknown as S3Client,
    objects: async () => {
      const page = await bucket.client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, MaxKeys: 1000 }))
      if (page.IsTruncated) throw new Error('more than one page of objects: the tests keep buckets small')
      return new Map((page.Contents ?? []).map((o) => [o.Key!, o.Size!]))
    },
    unfinished: () => unfinished(),
    refuseAborts: false,
    stop: async () => {},
    start: async () => {},
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    bucket.onRequest?.(req)
    const url = new URL(req.url ?? '/', 'http://s3.test')
    const [, name, ...rest] = url.pathname.split('/')
    const key = decodeURIComponent(rest.join('/'))
    const uploadId = url.searchParams.get('uploadId')
    if (name === TEST_BUCKET && req.method === 'GET' && !key && url.searchParams.has('uploads')) {
      const uploads = await unfinished(url.searchParams.get('prefix') ?? '')
      const entries = uploads.map((u) => `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.uploadId}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`)
      return answer(res, 200, `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${TEST_BUCKET}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`)
    }
    if (name === TEST_BUCKET && req.method === 'DELETE' && key && uploadId !== null) {
      if (bucket.refuseAborts) return answer(res, 405, '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>MethodNotAllowed</Code><Message>The specified method is not allowed against this resource.</Message></Error>')
      const folder = join(uploadsDir, uploadId.replace(/[^0-9a-f]/g, ''))
      const stored = await readFile(join(folder, 'key'), 'utf8').catch(() => undefined)
      if (stored !== key) return answer(res, 404, '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>')
      await rm(folder, { recursive: true, force: true })
      return answer(res, 204)
    }
    if (name === TEST_BUCKET && req.method === 'PUT' && uploadId !== null && bucket.beforePart) {
      req.pause()
      await bucket.beforePart()
      req.resume()
    }
    handle(req, res)
  }

  let server: Server | undefined
  let port = 0
  bucket.start = async () => {
    server = createServer((req, res) => {
      route(req, res).catch((error: unknown) => {
        res.destroy(error as Error)
      })
    })
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject)
      server!.listen(port, '127.0.0.1', () => resolve())
    })
    port = (server.address() as AddressInfo).port
  }
  bucket.stop = async () => {
    const closing = server
    server = undefined
    if (!closing) return
    await new Promise<void>((resolve) => {
      closing.close(() => resolve())
      closing.closeAllConnections()
    })
  }
  await bucket.start()
  bucket.endpoint = `http://127.0.0.1:${port}`
  bucket.env = { STORAGE_URL: `s3://${TEST_BUCKET}?endpoint=${bucket.endpoint}&region=us-east-1&forcePathStyle=true`, ...ACCESS }
  bucket.location = {
    bucket: TEST_BUCKET,
    endpoint: bucket.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: async () => ({ accessKeyId: ACCESS.AWS_ACCESS_KEY_ID, secretAccessKey: ACCESS.AWS_SECRET_ACCESS_KEY }),
  }
  bucket.client = new S3Client({ endpoint: bucket.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: bucket.location.credentials })
  t.teardown(async () => {
    bucket.client.destroy()
    await bucket.stop()
    rmSync(directory, { recursive: true, force: true })
  })
  return bucket
}
