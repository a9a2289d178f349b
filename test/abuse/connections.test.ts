// Issue 9, finding 1: slow headers, slow or stopped bodies, idle keep-alive and connection floods are bounded.
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { openRaw, parseAnswer, waitFor, within } from './raw-client.js'

/** Short bounds, so that each attack ends within seconds; assertions keep several times that as slack. */
const SHORT = {
  HEADERS_TIMEOUT_SECONDS: '1',
  KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  BODY_RATE_WINDOW_SECONDS: '1',
  BODY_MIN_RATE: '1000',
  SHUTDOWN_GRACE_SECONDS: '2',
}
const SLACK_MS = 10_000

async function listening(t: Parameters<typeof buildTestApp>[0], env: Record<string, string> = {}) {
  const built = await buildTestApp(t, { ...SHORT, ...env })
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  return { ...built, port: (built.app.server.address() as AddressInfo).port }
}

const head = (length: number, path = '/api/auth/login') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

// One server with the SHORT bounds for the tests that need nothing else; each opens its own connections.
const shared = await listening(t)

t.test('a body announced by Content-Length that never comes is cut after the rate window', async (t) => {
  const { port } = shared
  const raw = await openRaw(port)
  raw.socket.write(head(100_000) + '{"email":')
  const lifetime = await within(raw.closed, SLACK_MS, 'closing a stalled body')
  t.ok(lifetime >= 900, `not before the window (${lifetime} ms)`)
})

t.test('a trickled body (10 bytes a second) is cut', async (t) => {
  const { port } = shared
  const raw = await openRaw(port)
  raw.socket.write(head(100_000))
  const trickle = setInterval(() => raw.socket.writable && raw.socket.write('x'), 100)
  t.teardown(() => clearInterval(trickle))
  await within(raw.closed, SLACK_MS, 'closing a trickled body')
  t.pass('closed')
})

t.test('a slow but steady body above the minimum rate completes and is answered', async (t) => {
  // A longer window than the others: the client shares this process's event loop.
  const { port } = await listening(t, { BODY_RATE_WINDOW_SECONDS: '2' })
  const body = Buffer.from(JSON.stringify({ email: 'a'.repeat(60_000), password: 'x' }))
  const raw = await openRaw(port)
  raw.socket.write(head(body.length))
  // About 3 s in all, 20 KB a second: many windows long, well above 1000 bytes a second.
  for (let sent = 0; sent < body.length; sent += 1000) {
    raw.socket.write(body.subarray(sent, sent + 1000))
    await new Promise((r) => setTimeout(r, 50))
  }
  await waitFor(() => raw.received().includes('\r\n\r\n{'), SLACK_MS, 'the answer')
  const answer = parseAnswer(raw.received())
  t.equal(answer.status, 400)
  t.type((answer.body as { message: unknown }).message, 'string')
  raw.socket.destroy()
})

t.test('headers that never end get a French 408 and the connection closes', async (t) => {
  const { port } = shared
  const raw = await openRaw(port)
  raw.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
  await within(raw.closed, SLACK_MS, 'closing slow headers')
  const answer = parseAnswer(raw.received())
  t.equal(answer.status, 408)
  t.same(answer.body, { message: 'Délai dépassé : la requête n’est pas arrivée à temps.', code: 'validation' })
})

t.test('a connection that sends nothing is closed after the headers timeout', async (t) => {
  const { port } = shared
  const raw = await openRaw(port)
  await within(raw.closed, SLACK_MS, 'closing an idle connection')
  t.equal(parseAnswer(raw.received()).status, 408)
})

t.test('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_SECONDS', async (t) => {
  const { port } = shared
  const raw = await openRaw(port)
  raw.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n')
  await waitFor(() => raw.received().includes('"status":"ok"'), SLACK_MS, 'the health answer')
  await within(raw.closed, SLACK_MS, 'closing the idle keep-alive connection')
  t.pass('closed')
})

t.test('connections above MAX_CONNECTIONS are refused; the server answers again once they go', async (t) => {
  const { app, port } = await listening(t, { MAX_CONNECTIONS: '3', HEADERS_TIMEOUT_SECONDS: '60' })
  const held = await Promise.all([openRaw(port), openRaw(port), openRaw(port)])
  t.teardown(() => held.forEach((raw) => raw.socket.destroy()))
  const count = () => new Promise<number>((r) => app.server.getConnections((_e, n) => r(n)))
  const end = Date.now() + SLACK_MS
  while ((await count()) < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 25))
  const extra = await openRaw(port)
  extra.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
  await within(extra.closed, SLACK_MS, 'dropping the connection above the cap')
  t.equal(extra.received(), '', 'dropped without an answer')
  held.forEach((raw) => raw.socket.destroy())
  await waitFor(() => held.every((raw) => raw.isClosed()), SLACK_MS, 'the held connections to close')
  const health = await fetch(`http://127.0.0.1:${port}/healthz`)
  t.equal(health.status, 200)
})
