// Issue 9, finding 1: SIGTERM with uploads open. A stalled one is dropped, a progressing one finishes,
// one that would never end is cut at SHUTDOWN_GRACE_SECONDS, and the process exits 0.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { openRaw, parseAnswer, waitFor, within, type RawConnection } from './raw-client.js'
import { freePort, runServer, waitForHealth } from './server-child.js'

const GRACE_S = 12
const ADMIN = { email: 'admin@cabinet.example.dz', password: 'Zt9#qLm2vR-admin' }
const BOUNDARY = 'x-boundary'

const PART_START = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bilan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`

/** Opens an upload of `length` announced body bytes and sends its headers and the start of a PDF part. */
async function startUpload(port: number, cookie: string, length: number): Promise<RawConnection> {
  const raw = await openRaw(port)
  raw.socket.write(
    `POST /api/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n${PART_START}`,
  )
  return raw
}

t.test('SIGTERM: stalled upload dropped, progressing upload answered, endless one cut at the grace period, exit 0', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const port = await freePort()
  const server = runServer({
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
    // A long rate window: only the shutdown rules act on these uploads here.
    BODY_RATE_WINDOW_SECONDS: '120',
    BODY_MIN_RATE: '1',
  })
  t.teardown(() => server.child.kill('SIGKILL'))
  await waitForHealth(port)
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  t.equal(login.status, 200, 'logged in')
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')

  const stalled = await startUpload(port, cookie, 1_000_000)
  stalled.socket.write(Buffer.alloc(10_000, 0x61))
  // The finishing upload: a complete body sent in small pieces, across the signal.
  const tail = Buffer.from(`${'a'.repeat(30_000)}\n%%EOF\r\n--${BOUNDARY}--\r\n`)
  const finishing = await startUpload(port, cookie, Buffer.byteLength(PART_START) + tail.length)
  const endless = await startUpload(port, cookie, 10_000_000)
  const chunk = Buffer.alloc(1000, 0x61)
  const feed = setInterval(() => endless.socket.writable && endless.socket.write(chunk), 100)
  t.teardown(() => clearInterval(feed))
  const sendFinishing = (async () => {
    for (let sent = 0; sent < tail.length; sent += 1000) {
      finishing.socket.write(tail.subarray(sent, sent + 1000))
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  await new Promise((r) => setTimeout(r, 1000))

  const signalled = Date.now()
  server.child.kill('SIGTERM')
  const [stalledAt, endlessAt] = await Promise.all([
    within(stalled.closed, (GRACE_S + 20) * 1000, 'dropping the stalled upload').then(() => Date.now() - signalled),
    within(endless.closed, (GRACE_S + 20) * 1000, 'cutting the endless upload').then(() => Date.now() - signalled),
    sendFinishing,
  ])
  await waitFor(() => finishing.received().includes('\r\n\r\n{'), 10_000, 'the finishing upload to be answered')
  const answer = parseAnswer(finishing.received())
  t.ok(answer.status >= 200 && answer.status < 500, `the progressing upload got an answer (${answer.status})`)
  t.type((answer.body as { message?: unknown }).message, 'string')
  t.ok(stalledAt < endlessAt, `the stalled upload (${stalledAt} ms) went before the grace period ended (${endlessAt} ms)`)
  t.ok(endlessAt >= (GRACE_S - 1) * 1000, `the progressing one kept its grace period (${endlessAt} ms)`)
  t.equal(await within(server.exited, 40_000, 'the process to exit'), 0, server.output())
})
