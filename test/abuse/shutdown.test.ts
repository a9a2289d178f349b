// Issue 9, finding 1: SIGTERM with uploads open. A stalled one is dropped, a progressing one finishes,
// one that would never end is cut at SHUTDOWN_GRACE_SECONDS, and the process exits 0.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { openRaw, parseAnswer, waitFor, within, type RawConnection } from './raw-client.js'
import { filesIn, freeAddress, runServer, waitForHealth } from './server-child.js'

/**
 * Short, but with room on a busy machine: the stalled upload goes after STALL_S without a byte, the
 * finishing one is answered right after, the endless one waits out GRACE_S. Only the lower bound of
 * the grace period is timed; the rest is checked by order.
 */
const GRACE_S = 6
const STALL_S = 2
const ADMIN = { email: 'admin@cabinet.example.dz', password: 'Zt9#qLm2vR-admin' }
const BOUNDARY = 'x-boundary'

const PART_START = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bilan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`

/** Opens an upload of `length` announced body bytes and sends its headers and the start of a PDF part. */
async function startUpload(host: string, port: number, cookie: string, length: number): Promise<RawConnection> {
  const raw = await openRaw(port, host)
  raw.socket.write(
    `POST /api/documents/upload HTTP/1.1\r\nHost: ${host}:${port}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n${PART_START}`,
  )
  return raw
}

t.test('SIGTERM: stalled upload dropped, progressing upload answered, endless one cut at the grace period, exit 0', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { host, port } = await freeAddress()
  const base = `http://${host}:${port}`
  const server = runServer({
    HOST: host,
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
    SHUTDOWN_STALL_SECONDS: String(STALL_S),
    // A long rate window: only the shutdown rules act on these uploads here.
    BODY_RATE_WINDOW_SECONDS: '120',
    BODY_MIN_RATE: '1',
  })
  t.teardown(() => server.child.kill('SIGKILL'))
  await waitForHealth(base)
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  t.equal(login.status, 200, 'logged in')
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')

  const stalled = await startUpload(host, port, cookie, 1_000_000)
  stalled.socket.write(Buffer.alloc(10_000, 0x61))
  // The finishing upload: a complete body, trickled across the signal, its rest sent once the stalled one is gone.
  const tail = Buffer.from(`${'a'.repeat(30_000)}\n%%EOF\r\n--${BOUNDARY}--\r\n`)
  const finishing = await startUpload(host, port, cookie, Buffer.byteLength(PART_START) + tail.length)
  const endless = await startUpload(host, port, cookie, 10_000_000)
  const chunk = Buffer.alloc(1000, 0x61)
  const feed = setInterval(() => endless.socket.writable && endless.socket.write(chunk), 100)
  t.teardown(() => clearInterval(feed))
  let sent = 0
  const trickle = setInterval(() => {
    if (finishing.socket.writable && sent < tail.length - 100) finishing.socket.write(tail.subarray(sent, (sent += 100)))
  }, 100)
  t.teardown(() => clearInterval(trickle))
  // All three reached the upload route: each has its temporary file.
  await waitFor(() => filesIn(join(dir, 'uploads', '.tmp')) === 3, 30_000, 'the three uploads to reach storage')

  const signalled = Date.now()
  server.child.kill('SIGTERM')
  const closedAt = (raw: RawConnection) => raw.closed.then(() => Date.now() - signalled)
  const [stalledAt, endlessAt, answeredAt] = await Promise.all([
    within(closedAt(stalled), (GRACE_S + 20) * 1000, 'dropping the stalled upload').then((at) => {
      // The stalled upload is gone: the finishing one sends the rest of its body at once.
      clearInterval(trickle)
      finishing.socket.write(tail.subarray(sent))
      return at
    }),
    within(closedAt(endless), (GRACE_S + 20) * 1000, 'cutting the endless upload'),
    waitFor(() => finishing.received().includes('\r\n\r\n{'), (GRACE_S + 20) * 1000, 'the finishing upload to be answered').then(() => Date.now() - signalled),
  ])
  const answer = parseAnswer(finishing.received())
  t.ok(answer.status >= 200 && answer.status < 500, `the progressing upload got an answer (${answer.status})`)
  t.type((answer.body as { message?: unknown }).message, 'string')
  t.ok(stalledAt < answeredAt && answeredAt < endlessAt, `in order: the stalled upload dropped (${stalledAt} ms), the progressing one answered (${answeredAt} ms), the endless one cut (${endlessAt} ms)`)
  t.ok(endlessAt >= (GRACE_S - 1) * 1000, `the endless one kept its grace period (${endlessAt} ms)`)
  t.equal(await within(server.exited, 40_000, 'the process to exit'), 0, server.output())
})
