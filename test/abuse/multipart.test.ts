// Issue 9: a multipart body to a route that takes no file is refused from its headers, before it is read;
// one to a route that does is held to its size however it is sent.
import type { AddressInfo, Socket } from 'node:net'
import t from 'tap'
import sharp from 'sharp'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { addType, filesIn, PDF } from '../documents/fixtures.js'
import { openRaw, parseAnswer, waitFor, within, type RawConnection } from './raw-client.js'

const REFUSED = 'Type de contenu non accepté : cette adresse ne reçoit pas de fichier.'
const BOUNDARY = 'x-boundary'
const multipart = (body: string) => ({
  payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${body}\r\n--${BOUNDARY}--\r\n`,
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
})

/** A part without a Content-Disposition: busboy skips it, reading it to its end. Its bytes follow. */
const SKIPPED = `--${BOUNDARY}\r\nX-Remplissage: oui\r\n\r\n`
const typeField = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nBilan\r\n`
const filePart = (name: string, filename: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
const pdfPart = `${filePart('file', 'bilan.pdf')}${PDF.toString('latin1')}\r\n`

/**
 * Posts `start` as a chunked multipart body to `url`, then `fillerBytes` more in 64 KiB chunks (each
 * `filler(i)` then spaces), then the last chunk. It stops sending once the server answers or closes:
 * it writes only as fast as the socket drains, so a server that stops reading stops it, whatever the
 * timing. Answers how many body bytes it sent.
 */
async function sendChunked(raw: RawConnection, url: string, cookie: string, start: string, fillerBytes: number, filler: (index: number) => string = () => ''): Promise<number> {
  const { socket } = raw
  const chunk = (bytes: Buffer) => socket.write(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]))
  const answered = () => raw.received().length > 0 || raw.isClosed()
  socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`)
  const first = Buffer.from(start, 'latin1')
  chunk(first)
  let sent = first.length
  for (let index = 0; sent < first.length + fillerBytes && !answered(); index++) {
    const head = Buffer.from(filler(index), 'latin1')
    const bytes = Buffer.concat([head, Buffer.alloc(64 * 1024 - head.length, 0x20)])
    sent += bytes.length
    if (!chunk(bytes)) await progress(socket)
    else await new Promise((resolve) => setImmediate(resolve))
  }
  if (!answered()) socket.write('0\r\n\r\n')
  return sent
}

/** Until the socket drains, or the server answers or closes. */
function progress(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const events = ['drain', 'data', 'close'] as const
    const done = () => {
      for (const event of events) socket.off(event, done)
      resolve()
    }
    for (const event of events) socket.on(event, done)
  })
}

// One app for the file; the tests that listen have their own.
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
    // A page's form (the theme's) gets the error page, the API JSON.
    if (url.startsWith('/api/')) t.same(res.json(), { message: REFUSED, code: 'unsupported_type' })
    else t.match([res.headers['content-type'], res.body], [/text\/html/, REFUSED])
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

// The security review: a chunked body (no Content-Length) of parts busboy skips, or of a file it drops
// past its limit, was read to its end. The whole body is now counted: past MAX_UPLOAD_MB (or the photo's
// 5 MB) and 64 KiB of envelope, 413, and the connection closes without reading the rest.
t.test('a chunked body past the limit is answered 413 and closed before it is all sent, on every route that reads files', async (t) => {
  const { app, db, config } = await buildTestApp(t, { MAX_UPLOAD_MB: '1', SHUTDOWN_GRACE_SECONDS: '2' })
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilan')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const planned = 64 * 1024 * 1024
  const documentsTooLarge = 'Fichier trop volumineux : 1 Mo au maximum.'
  const photoTooLarge = 'La photo ne doit pas dépasser 5 Mo.'
  const photos = () => filesIn(config.uploadDir, 'photos').length
  const rows = async () => (await db.selectFrom('documents').select('id').execute()).length

  const cases: Array<{ what: string; url: string; account: SeededAccount; start: string; filler?: (index: number) => string; message?: string }> = [
    { what: 'the upload API, one skipped part', url: '/api/documents/upload', account: client, start: typeField + SKIPPED, message: documentsTooLarge },
    { what: 'the upload API, skipped parts one after another', url: '/api/documents/upload', account: client, start: typeField + SKIPPED, filler: () => `\r\n${SKIPPED}` },
    { what: 'the upload API, a file stored, then a skipped part', url: '/api/documents/upload', account: client, start: typeField + pdfPart + SKIPPED, message: documentsTooLarge },
    { what: 'the upload API, a file part it drops', url: '/api/documents/upload', account: client, start: typeField + filePart('autre', 'gros.pdf'), message: documentsTooLarge },
    { what: 'the upload form', url: '/files', account: client, start: typeField + SKIPPED },
    { what: 'the firm’s send', url: `/api/documents/send/${client.id}`, account: admin, start: SKIPPED, message: documentsTooLarge },
    { what: 'the photo API, a skipped part', url: '/api/users/profile/uplaod-photo', account: client, start: SKIPPED, message: photoTooLarge },
    { what: 'the photo API, an image too large', url: '/api/users/profile/uplaod-photo', account: client, start: filePart('image', 'grande.png'), message: photoTooLarge },
    { what: 'the photo form', url: `/users/profile/${client.id}`, account: client, start: SKIPPED },
  ]
  for (const { what, url, account, start, filler, message } of cases) {
    const photosBefore = photos()
    const raw = await openRaw(port)
    const sent = await sendChunked(raw, url, account.cookie, start, planned, filler)
    await waitFor(() => raw.received().includes('\r\n\r\n'), 10_000, `the answer (${what})`)
    await within(raw.closed, 10_000, `the connection to close (${what})`)
    const answer = parseAnswer(raw.received())
    t.equal(answer.status, 413, what)
    t.match(answer.headers, /\r\nconnection: close/i, `${what}: the connection closes`)
    t.ok(sent < planned, `${what}: answered after ${sent} bytes of ${planned}`)
    if (message) t.equal((answer.body as { message?: string }).message, message, `${what}: the message`)
    await waitFor(() => filesIn(config.uploadDir, '.tmp').length === 0, 10_000, 'no temporary file')
    t.same(filesIn(config.uploadDir, 'documents'), [], `${what}: no file stored`)
    t.equal(await rows(), 0, `${what}: no row`)
    t.equal(photos(), photosBefore, `${what}: no photo stored`)
  }

  // A chunked body under the limit is still taken.
  {
    const upload = await openRaw(port)
    await sendChunked(upload, '/api/documents/upload', client.cookie, typeField + pdfPart + `--${BOUNDARY}--\r\n`, 0)
    await waitFor(() => upload.received().includes('\r\n\r\n{'), 10_000, 'the upload’s answer')
    t.equal(parseAnswer(upload.received()).status, 201)
    t.equal(await rows(), 1, 'the document is recorded')
    t.equal(filesIn(config.uploadDir, 'documents').length, 1, 'and its file stored')
    upload.socket.destroy()

    const photo = await openRaw(port)
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } }).png().toBuffer()
    await sendChunked(photo, '/api/users/profile/uplaod-photo', client.cookie, filePart('image', 'portrait.png') + png.toString('latin1') + `\r\n--${BOUNDARY}--\r\n`, 0)
    await waitFor(() => photo.received().includes('\r\n\r\n{'), 10_000, 'the photo’s answer')
    t.equal(parseAnswer(photo.received()).status, 200)
    t.equal(photos(), 1, 'the photo is stored')
    photo.socket.destroy()
  }
})
