/**
 * Uploads (issue 7), against the built server in its own process on loopback, measured in one run:
 * - peak RSS of the server while a 1 GiB PDF streams in, above its idle RSS (goal ≤ 64 MiB);
 * - upload MiB/s against writing the same bytes with fs.createWriteStream (goal ≥ 50 %);
 * - time to the 413 of a declared 1 GiB upload with the default MAX_UPLOAD_MB (goal < 1 s).
 * Bounded: one upload of each kind, start-up and answer deadlines, servers always stopped.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { appendRow, machine, now } from './report.js'
import { logIn, startPortal, type Running } from './server.js'

const GIB = 1024 ** 3
const MIB = 1024 ** 2
const CHUNK = Buffer.alloc(MIB, 0x20)
const BOUNDARY = '----portalbench'

type Server = Running

function startServer(env: Record<string, string>): Promise<Server> {
  return startPortal(env)
}

/** The administrator's session (accepted, so it may upload) and a type to upload under. */
export async function prepare(base: string): Promise<string> {
  const cookie = await logIn(base)
  const type = await fetch(`${base}/api/documents/types`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ typeName: 'Bilan' }) })
  if (type.status !== 201) throw new Error(`type: ${type.status}`)
  return cookie
}

const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="gros.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`)
const tail = Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nBilan\r\n--${BOUNDARY}--\r\n`)

/** A PDF of `size` bytes (header then spaces), produced as it is sent: the bench holds 1 MiB. */
export function* pdfBody(size: number): Generator<Buffer> {
  yield head
  for (let left = size - 9; left > 0; left -= CHUNK.length) yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left)
  yield tail
}

/** POSTs a PDF of `size` bytes; answers the status and the seconds it took. */
export function upload(server: Server, cookie: string, size: number): Promise<{ status: number; seconds: number }> {
  const length = head.length + (size - 9) + tail.length
  return new Promise((done, fail) => {
    const started = performance.now()
    const req = request(`${server.base}/api/documents/upload`, {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(length) },
    }, (res) => {
      res.resume()
      res.on('end', () => done({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000 }))
    })
    req.on('error', fail)
    Readable.from(pdfBody(size)).pipe(req)
  })
}

/** Kernel's view of the server's memory: resident now, and the peak since the last reset. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024
  return { rss: kib('VmRSS'), peak: kib('VmHWM') }
}

async function streamedUpload(): Promise<{ idleRss: number; peakAbove: number; mibPerSecond: number }> {
  const server = await startServer({ MAX_UPLOAD_MB: '1100' })
  try {
    const cookie = await prepare(server.base)
    // A first, small upload loads every module the path needs; then the peak is reset (clear_refs 5).
    if ((await upload(server, cookie, MIB)).status !== 201) throw new Error('warm-up upload refused')
    const idleRss = memory(server.child.pid!).rss
    writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5')
    const { status, seconds } = await upload(server, cookie, GIB)
    if (status !== 201) throw new Error(`1 GiB upload answered ${status}`)
    const { peak } = memory(server.child.pid!)
    return { idleRss, peakAbove: Math.max(0, peak - idleRss), mibPerSecond: 1024 / seconds }
  } finally {
    await server.stop()
  }
}

/** The same bytes written by fs.createWriteStream, the ceiling an upload could reach. */
async function plainWrite(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-write-'))
  try {
    const started = performance.now()
    await pipeline(Readable.from(pdfBody(GIB)), createWriteStream(join(dir, 'same-bytes.pdf')))
    return 1024 / ((performance.now() - started) / 1000)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Seconds from the first byte of a declared 1 GiB upload to the 413's status line, default limit. */
async function timeTo413(): Promise<number> {
  const server = await startServer({})
  try {
    const cookie = await prepare(server.base)
    const socket = connect(server.port, '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    socket.on('error', () => {})
    const started = performance.now()
    const answered = new Promise<number>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('no answer within 30 s')), 30_000)
      socket.once('data', (chunk: Buffer) => {
        clearTimeout(timer)
        if (!chunk.toString('latin1').startsWith('HTTP/1.1 413')) fail(new Error(`answered ${chunk.toString('latin1').slice(0, 20)}`))
        else done((performance.now() - started) / 1000)
      })
    })
    socket.write(`POST /api/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${GIB}\r\n\r\n`)
    // Keeps sending, as a browser would, until the answer comes.
    let stop = false
    void answered.finally(() => (stop = true)).catch(() => {})
    void (async () => {
      for (const piece of pdfBody(GIB)) {
        if (stop || socket.destroyed) break
        if (!socket.write(piece)) await new Promise((r) => ['drain', 'close', 'data'].forEach((e) => socket.once(e, r)))
      }
    })()
    const seconds = await answered
    socket.destroy()
    return seconds
  } finally {
    await server.stop()
  }
}

export async function benchUploads(): Promise<void> {
  const streamed = await streamedUpload()
  const write = await plainWrite()
  const to413 = await timeTo413()
  const mib = (bytes: number) => (bytes / MIB).toFixed(1)
  const share = streamed.mibPerSecond / write
  console.log(`1 GiB upload: peak RSS ${mib(streamed.peakAbove)} MiB above idle (${mib(streamed.idleRss)} MiB) (goal ≤ 64: ${streamed.peakAbove <= 64 * MIB ? 'met' : 'NOT met'})`)
  console.log(`upload ${streamed.mibPerSecond.toFixed(0)} MiB/s vs createWriteStream ${write.toFixed(0)} MiB/s: ${(share * 100).toFixed(0)} % (goal ≥ 50 %: ${share >= 0.5 ? 'met' : 'NOT met'})`)
  console.log(`413 of a declared 1 GiB upload after ${(to413 * 1000).toFixed(1)} ms (goal < 1 s: ${to413 < 1 ? 'met' : 'NOT met'})`)
  appendRow(
    'Uploads: memory, throughput and the 413 of a 1 GiB file (`npm run bench`)',
    'Built server in its own process, SQLite, loopback. A 1 GiB PDF posted as multipart (MAX_UPLOAD_MB=1100): the server\'s peak RSS ' +
      '(VmHWM, reset after a warm-up upload) above its idle RSS, goal ≤ 64 MiB; its MiB/s against writing the same bytes with ' +
      'fs.createWriteStream in the same run, goal ≥ 50 %. Then, with the default limit (20 MB), the time from the first byte of a ' +
      'declared 1 GiB upload to the 413 status line, goal < 1 s.',
    ['date', 'machine', 'idle RSS (MiB)', 'peak above idle (MiB)', 'upload (MiB/s)', 'createWriteStream (MiB/s)', 'upload/write', '413 after (ms)'],
    [now(), machine(), mib(streamed.idleRss), mib(streamed.peakAbove), streamed.mibPerSecond.toFixed(0), write.toFixed(0), `${(share * 100).toFixed(0)} %`, (to413 * 1000).toFixed(1)],
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchUploads().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
