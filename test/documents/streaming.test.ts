// Uploads over a real socket: a client that disconnects midway, and bodies above the limit that
// are refused before they are read. Nothing here waits a fixed time: each step waits for a condition.
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedAccount } from '../helpers/accounts.js'
import { addType, filesIn, PDF, upload } from './fixtures.js'

async function listening(t: Parameters<typeof buildTestApp>[0], env: Record<string, string> = {}) {
  const built = await buildTestApp(t, env)
  const admin = await seedAccount(built.app, { admin: true })
  const client = await seedAccount(built.app, { accepted: true })
  await addType(built.app, admin, 'Bilan')
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = built.app.server.address() as AddressInfo
  return { ...built, client, port }
}

/** Waits until `condition` holds, checking every 20 ms, at most `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Everything the server sends, and whether it closed the connection. */
function record(socket: Socket) {
  const state = { text: '', closed: false }
  socket.on('data', (chunk: Buffer) => (state.text += chunk.toString('latin1')))
  socket.on('close', () => (state.closed = true))
  // The server may close while we still write: that is the point of some tests.
  socket.on('error', () => {})
  return state
}

const BOUNDARY = '----portalstreamtest'
const head = (cookie: string, length: number | 'chunked') =>
  [
    'POST /api/documents/upload HTTP/1.1',
    'Host: 127.0.0.1',
    `Cookie: ${cookie}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n')
const filePartHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="gros.pdf"\r\nContent-Type: application/pdf\r\n\r\n`

// One listening app for the tests that need no other setting, each with a client of its own.
const shared = await listening(t)
const withClient = async () => ({ ...shared, client: await seedAccount(shared.app, { accepted: true }) })

t.test('a client that disconnects halfway leaves no row, no stored file and no temporary file', async (t) => {
  const { app, db, config, client, port } = await withClient()
  const files = filesIn(config.uploadDir, 'documents').length
  const socket = await open(port)
  record(socket)
  socket.write(head(client.cookie, 5 * 1024 * 1024))
  socket.write(filePartHead)
  socket.write(Buffer.concat([PDF, Buffer.alloc(256 * 1024, 0x20)]))
  await until(() => filesIn(config.uploadDir, '.tmp').length > 0, 'the upload to reach storage')
  socket.destroy()
  await until(() => filesIn(config.uploadDir, '.tmp').length === 0, 'the temporary file to be removed')
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no stored file')
  t.equal((await db.selectFrom('documents').select('id').where('user_id', '=', client.id).execute()).length, 0, 'no row')
  const after = await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF })
  t.equal(after.statusCode, 201, 'the server still takes uploads')
})

t.test('a declared 1 GiB body is answered 413 before it is sent, and the connection closes', async (t) => {
  const { db, config, client, port } = await withClient()
  const socket = await open(port)
  const state = record(socket)
  socket.write(head(client.cookie, 1024 ** 3))
  socket.write(filePartHead)
  socket.write(Buffer.concat([PDF, Buffer.alloc(64 * 1024, 0x20)]))
  await until(() => state.text.includes('\r\n\r\n'), 'an answer')
  t.match(state.text, /^HTTP\/1\.1 413 /, '413 while almost all of the body is still unsent')
  t.match(state.text, /connection: close/i)
  t.match(state.text, /trop volumineux/)
  await until(() => state.closed, 'the server to close the connection')
  t.same(filesIn(config.uploadDir, '.tmp'), [])
  t.equal((await db.selectFrom('documents').select('id').where('user_id', '=', client.id).execute()).length, 0)
})

t.test('a chunked body (no length) is cut at MAX_UPLOAD_MB: 413 without reading the rest', async (t) => {
  const { db, config, client, port } = await listening(t, { MAX_UPLOAD_MB: '1' })
  const socket = await open(port)
  const state = record(socket)
  const chunk = (data: Buffer | string) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data)
    socket.write(`${bytes.length.toString(16)}\r\n`)
    socket.write(bytes)
    socket.write('\r\n')
  }
  socket.write(head(client.cookie, 'chunked'))
  chunk(filePartHead)
  chunk(PDF)
  // Past 1 MiB, in 64 KiB pieces, until the server answers (it must, long before 16 MiB).
  for (let sent = 0; sent < 16 * 1024 * 1024 && !state.text && !state.closed; sent += 64 * 1024) {
    chunk(Buffer.alloc(64 * 1024, 0x20))
    await new Promise((resolve) => setImmediate(resolve))
    // A server that stops reading never drains: an answer or a close ends the wait too.
    if (socket.writableLength > 1024 * 1024) await new Promise((resolve) => ['drain', 'data', 'close'].forEach((event) => socket.once(event, resolve)))
  }
  await until(() => state.text.includes('\r\n\r\n'), 'an answer')
  t.match(state.text, /^HTTP\/1\.1 413 /)
  await until(() => state.closed, 'the server to close the connection')
  await until(() => filesIn(config.uploadDir, '.tmp').length === 0, 'the partial file to be removed')
  t.same(filesIn(config.uploadDir, 'documents'), [])
  t.equal((await db.selectFrom('documents').select('id').execute()).length, 0)
})
