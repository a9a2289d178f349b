// Issue 9: a multipart body to a route that takes no file is refused from its headers, before it is read.
import type { AddressInfo, Socket } from 'node:net'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { openRaw, parseAnswer, waitFor, within } from './raw-client.js'

const REFUSED = 'Type de contenu non accepté : cette adresse ne reçoit pas de fichier.'
const BOUNDARY = 'x-boundary'
const multipart = (body: string) => ({
  payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${body}\r\n--${BOUNDARY}--\r\n`,
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
})

// One app for the file; the test that listens has its own.
const { app } = await buildTestApp(t)

t.test('JSON routes answer 415 in French to a multipart body and close the connection', async (t) => {
  const admin = await seedAccount(app, { admin: true })
  const routes: Array<[string, string]> = [
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/users/contact'],
    ['POST', '/api/password'],
    ['POST', '/api/documents/types'],
    ['GET', '/api/documents/types'],
    ['POST', '/theme'],
  ]
  for (const [method, url] of routes) {
    const res = await injectAs(app, admin, { method: method as 'POST', url, ...multipart('%PDF-1.4') })
    t.equal(res.statusCode, 415, `${method} ${url}`)
    t.same(res.json(), { message: REFUSED, code: 'unsupported_type' })
    t.equal(res.headers.connection, 'close')
  }
})

t.test('the two file routes still take multipart', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  for (const url of ['/api/users/profile/uplaod-photo', '/api/documents/upload']) {
    const res = await injectAs(app, client, { method: 'POST', url, ...multipart('%PDF-1.4') })
    t.not(res.json().message, REFUSED, url)
    t.ok(res.statusCode < 500, `${url}: ${res.statusCode}`)
  }
})

t.test('a 50 MB multipart body to a JSON route is answered from its first bytes, not read to the end', async (t) => {
  const { app } = await buildTestApp(t, { SHUTDOWN_GRACE_SECONDS: '2' })
  const sockets: Socket[] = []
  app.server.on('connection', (socket: Socket) => sockets.push(socket))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const raw = await openRaw((app.server.address() as AddressInfo).port)
  const total = 50 * 1024 * 1024
  raw.socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${total}\r\n\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n`,
  )
  // The client keeps sending as fast as the server takes it, as a real upload would.
  const chunk = Buffer.alloc(64 * 1024, 0x61)
  let sent = 0
  const pump = () => {
    while (sent < total && raw.socket.writable) {
      sent += chunk.length
      if (!raw.socket.write(chunk)) return void raw.socket.once('drain', pump)
    }
  }
  pump()
  await waitFor(() => raw.received().includes('\r\n\r\n{'), 10_000, 'the answer')
  await within(raw.closed, 10_000, 'the connection to close')
  const answer = parseAnswer(raw.received())
  t.equal(answer.status, 415)
  t.same(answer.body, { message: REFUSED, code: 'unsupported_type' })
  const read = sockets[0]?.bytesRead ?? 0
  t.ok(read < 5 * 1024 * 1024, `the server read ${read} bytes of ${total}`)
})

t.test('a multipart upload without a boundary is a 400 in French, not a 500 (found by the fuzz test)', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  for (const url of ['/api/documents/upload', '/api/users/profile/uplaod-photo']) {
    const res = await injectAs(app, client, { method: 'POST', url, headers: { 'content-type': 'multipart/form-data' }, payload: '' })
    t.equal(res.statusCode, 400, url)
    t.type(res.json().message, 'string')
  }
})
