// Issue 9, finding 8: what Node refuses before routing gets a French {message}, like every other error.
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { openRaw, parseAnswer, waitFor, within } from './raw-client.js'

const SLACK_MS = 10_000

// One server for the cases below, each on a connection of its own; the last test closes its own app.
const shared = await buildTestApp(t, { HEADERS_TIMEOUT_SECONDS: '1', SHUTDOWN_GRACE_SECONDS: '2' })
await shared.app.listen({ port: 0, host: '127.0.0.1' })

async function answerTo(bytes: string) {
  const raw = await openRaw((shared.app.server.address() as AddressInfo).port)
  raw.socket.write(bytes)
  await within(raw.closed, SLACK_MS, 'the server to answer and close')
  return parseAnswer(raw.received())
}

const cases: Array<[string, string, number, string]> = [
  ['an oversized header', `GET /api/auth/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'En-têtes de la requête trop volumineux.'],
  ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'Requête mal formée.'],
  ['a non-numeric Content-Length', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'Requête mal formée.'],
  ['both Content-Length and chunked (smuggling)', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'Requête mal formée.'],
  ['a request idle past the headers timeout', 'GET /api/auth/status HTTP/1.1\r\n', 408, 'Délai dépassé : la requête n’est pas arrivée à temps.'],
]

for (const [label, bytes, status, message] of cases) {
  t.test(`${label}: ${status} with a French {message, code}`, async (t) => {
    const answer = await answerTo(bytes)
    t.equal(answer.status, status)
    t.same(answer.body, { message, code: 'validation' }, 'a French message and its code, no English "error" field')
    t.match(answer.headers, /content-type: application\/json; charset=utf-8/i)
    t.match(answer.headers, /connection: close/i)
  })
}

t.test('a request arriving while the server closes is served, not given an English 503', async (t) => {
  const { app } = await buildTestApp(t, { SHUTDOWN_GRACE_SECONDS: '5' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  let seen = false
  app.server.on('request', () => (seen = true))
  const raw = await openRaw((app.server.address() as AddressInfo).port)
  // A keep-alive connection kept busy, so that the next request arrives after close() began.
  raw.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{')
  await waitFor(() => seen, SLACK_MS, 'the first request to reach the server')
  const closing = app.close()
  raw.socket.write('}GET /api/auth/status HTTP/1.1\r\nHost: x\r\n\r\n')
  await within(raw.closed, SLACK_MS, 'both answers')
  await closing
  t.notMatch(raw.received(), /Service Unavailable/)
  t.match(raw.received(), /"message":"/)
})
