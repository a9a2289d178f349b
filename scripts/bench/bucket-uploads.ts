/**
 * Uploads into a bucket (issue 14), against the built server in its own process and s3rver in
 * another, on loopback, measured in one run:
 * - peak RSS of the server while a 1 GiB PDF streams through it into the bucket, above its idle RSS
 *   (goal ≤ 64 MiB);
 * - upload MiB/s against writing the same bytes to the same s3rver with the SDK alone
 *   (lib-storage's Upload with its defaults, in the bench's process) (goal ≥ 50 %).
 * BENCH_BUCKET_MIB changes the size (default 1024) for a shorter run; the row says which size.
 * Bounded: one upload of each kind, start-up and answer deadlines, processes always stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { appendRow, machine, now, ROOT } from './report.js'
import { freePort, startPortal } from './server.js'
import { memory, pdfBody, prepare, upload } from './uploads.js'

const MIB = 1024 ** 2
const BUCKET = 'bench'
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/** s3rver in its own process (so that neither side of the comparison shares its event loop), its data in a temporary folder. */
async function startS3rver(): Promise<{ endpoint: string; child: ChildProcess; stop(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-bench-s3-'))
  const port = await freePort()
  const code = `new (require('s3rver'))({ port: ${port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(directory)}, configureBuckets: [{ name: '${BUCKET}', configs: [] }] }).run().then(() => console.log('ready'))`
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(directory, { recursive: true, force: true })
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver not up within 30 s')), 30_000)
    child.stdout!.once('data', () => {
      clearTimeout(timer)
      resolve()
    })
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)))
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { endpoint: `http://127.0.0.1:${port}`, child, stop }
}

async function emptyBucket(client: S3Client): Promise<void> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, MaxKeys: 1000 }))
  for (const object of listed.Contents ?? []) await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: object.Key }))
}

export async function benchBucketUploads(): Promise<void> {
  const mibs = Number(process.env.BENCH_BUCKET_MIB ?? 1024)
  const size = mibs * MIB
  const s3 = await startS3rver()
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS })
  try {
    // Through the portal.
    const server = await startPortal({
      MAX_UPLOAD_MB: String(mibs + 100),
      STORAGE_URL: `s3://${BUCKET}?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    })
    let portal: { idleRss: number; peakAbove: number; mibPerSecond: number }
    try {
      const cookie = await prepare(server.base)
      // A first upload of three parts loads every module the path needs (multipart included: a
      // smaller file is one PutObject); then the peak is reset (clear_refs 5).
      if ((await upload(server, cookie, 11 * MIB)).status !== 201) throw new Error('warm-up upload refused')
      const idleRss = memory(server.child.pid!).rss
      writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5')
      const { status, seconds } = await upload(server, cookie, size)
      if (status !== 201) throw new Error(`${mibs} MiB upload answered ${status}`)
      const { peak } = memory(server.child.pid!)
      portal = { idleRss, peakAbove: Math.max(0, peak - idleRss), mibPerSecond: mibs / seconds }
    } finally {
      await server.stop()
    }
    await emptyBucket(client)

    // The same bytes with the SDK alone.
    const started = performance.now()
    await new Upload({ client, params: { Bucket: BUCKET, Key: 'documents/same-bytes.pdf', Body: Readable.from(pdfBody(size), { objectMode: false }) } }).done()
    const sdk = mibs / ((performance.now() - started) / 1000)
    const stored = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'documents/same-bytes.pdf' }))
    if (stored.ContentLength === undefined || stored.ContentLength < size) throw new Error('the SDK alone stored less than it was given')
    await emptyBucket(client)

    const mib = (bytes: number) => (bytes / MIB).toFixed(1)
    const share = portal.mibPerSecond / sdk
    console.log(`${mibs} MiB upload into a bucket: peak RSS ${mib(portal.peakAbove)} MiB above idle (${mib(portal.idleRss)} MiB) (goal ≤ 64: ${portal.peakAbove <= 64 * MIB ? 'met' : 'NOT met'})`)
    console.log(`upload ${portal.mibPerSecond.toFixed(0)} MiB/s vs the SDK alone ${sdk.toFixed(0)} MiB/s: ${(share * 100).toFixed(0)} % (goal ≥ 50 %: ${share >= 0.5 ? 'met' : 'NOT met'})`)
    appendRow(
      'Uploads into a bucket: memory and throughput of a 1 GiB file (`npm run bench`)',
      'Built server in its own process with STORAGE_URL naming a bucket of s3rver (npm), itself in its own process, SQLite, loopback. ' +
        'A 1 GiB PDF posted as multipart (MAX_UPLOAD_MB above it) streams through the content check into lib-storage\'s multipart ' +
        'upload (5 MiB parts, 2 at a time): the server\'s peak RSS (VmHWM, reset after a warm-up upload of 11 MiB, three parts, so that the multipart path is loaded) above its idle RSS, goal ≤ 64 MiB; ' +
        'its MiB/s against writing the same bytes to the same s3rver with the SDK alone (lib-storage\'s Upload, its defaults: 5 MiB parts, ' +
        '4 at a time), goal ≥ 50 %. s3rver writes every part to disk and then the whole object again, so both rates are s3rver\'s more ' +
        'than the portal\'s. The size column says when a run used BENCH_BUCKET_MIB instead of 1 GiB.',
      ['date', 'machine', 'size (MiB)', 'idle RSS (MiB)', 'peak above idle (MiB)', 'upload (MiB/s)', 'SDK alone (MiB/s)', 'upload/SDK'],
      [now(), machine(), String(mibs), mib(portal.idleRss), mib(portal.peakAbove), portal.mibPerSecond.toFixed(0), sdk.toFixed(0), `${(share * 100).toFixed(0)} %`],
    )
  } finally {
    client.destroy()
    await s3.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchBucketUploads().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
