// Profile photo: upload (multipart field image), content checks, re-encoding, replacement, public serving.
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import t from 'tap'
import sharp from 'sharp'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'

const UPLOAD = '/api/users/profile/uplaod-photo'

interface Part {
  name: string
  filename?: string
  type?: string
  data: Buffer | string
}

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipart(parts: Part[]) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`
    const type = part.type ? `Content-Type: ${part.type}\r\n` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const image = (data: Buffer, filename = 'photo.png', type = 'image/png') => multipart([{ name: 'image', filename, type, data }])

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer()
}

/** A PNG whose header claims `width` × `height` grey pixels, with a single compressed row of data. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))])
}

t.test('profile photo upload', async (t) => {
  const { app, config } = await buildTestApp(t)
  const owner = await seedAccount(app)
  const upload = (account: SeededAccount | null, body: { payload: Buffer; headers: Record<string, string> }) =>
    injectAs(app, account, { method: 'POST', url: UPLOAD, ...body })
  const photosOnDisk = () => (existsSync(join(config.uploadDir, 'photos')) ? readdirSync(join(config.uploadDir, 'photos')) : [])

  t.test('a visitor gets 401', async (t) => {
    const res = await upload(null, image(await png(10, 10)))
    t.equal(res.statusCode, 401)
    t.same(photosOnDisk(), [], 'nothing stored')
  })

  t.test('no file: 400 There is no file!', async (t) => {
    for (const body of [
      multipart([{ name: 'other', data: 'x' }]),
      multipart([{ name: 'image', filename: '', type: 'application/octet-stream', data: '' }]),
      multipart([{ name: 'photo', filename: 'a.png', type: 'image/png', data: await png(10, 10) }]),
    ]) {
      const res = await upload(owner, body)
      t.equal(res.statusCode, 400)
      t.equal(res.json().message, 'There is no file!')
    }
    const bare = await injectAs(app, owner, { method: 'POST', url: UPLOAD })
    t.equal(bare.statusCode, 400, 'no body at all')
    t.equal(bare.json().message, 'There is no file!')
  })

  t.test('a body that is not multipart is refused in French', async (t) => {
    const res = await injectAs(app, owner, { method: 'POST', url: UPLOAD, payload: { image: 'x' } })
    t.equal(res.statusCode, 415)
    t.match(res.json().message, /multipart/)
    const broken = await injectAs(app, owner, { method: 'POST', url: UPLOAD, payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } })
    t.equal(broken.statusCode, 400, 'multipart without a boundary')
  })

  t.test('a text file named .png, or a broken image, gets 415', async (t) => {
    const text = await upload(owner, image(Buffer.from('hello, I am not a picture'), 'photo.png', 'image/png'))
    t.equal(text.statusCode, 415)
    t.match(text.json().message, /JPEG, PNG ou WebP/)
    const svg = await upload(owner, image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.png'))
    t.equal(svg.statusCode, 415, 'SVG is refused')
    const truncated = (await png(300, 300)).subarray(0, 60)
    t.equal((await upload(owner, image(truncated))).statusCode, 415, 'a PNG cut short is refused')
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).gif().toBuffer()
    t.equal((await upload(owner, image(gif, 'a.jpg', 'image/jpeg'))).statusCode, 415, 'GIF is refused')
    t.same(photosOnDisk(), [], 'nothing stored')
  })

  t.test('a decompression bomb is refused', async (t) => {
    // A PNG header claiming 10 000 × 10 000 pixels in a few kilobytes: within sharp's default
    // limit, so only our own limit (40 megapixels) stops it from being decoded.
    const bomb = pngBomb(10_000, 10_000)
    t.same([(await sharp(bomb).metadata()).width], [10_000], 'sharp would open it by default')
    const res = await upload(owner, image(bomb))
    t.equal(res.statusCode, 415)
    t.same(photosOnDisk(), [], 'nothing stored')
  })

  t.test('more than 5 MB gets 413 with a French message', async (t) => {
    const big = Buffer.concat([await png(10, 10), randomBytes(5 * 1024 * 1024)])
    const res = await upload(owner, image(big))
    t.equal(res.statusCode, 413)
    t.match(res.json().message, /5 Mo/)
    t.same(photosOnDisk(), [], 'nothing stored')
  })

  let firstUrl = ''
  t.test('a 1200×800 PNG is stored as WebP inside 512×512 and served publicly', async (t) => {
    const res = await upload(owner, image(await png(1200, 800)))
    t.equal(res.statusCode, 200, res.body)
    const body = res.json()
    t.type(body.message, 'string')
    t.match(body.profilePhoto, { url: /^\/uploads\/photos\/[0-9a-f]{32}\.webp$/ })
    firstUrl = body.profilePhoto.url

    const served = await app.inject(firstUrl)
    t.equal(served.statusCode, 200, 'a visitor can read it')
    t.equal(served.headers['content-type'], 'image/webp')
    t.equal(served.headers['x-content-type-options'], 'nosniff')
    t.match(served.headers['cache-control'], /immutable/)
    const meta = await sharp(served.rawPayload).metadata()
    t.equal(meta.format, 'webp')
    t.equal(meta.width, 512)
    t.equal(meta.height, 341)

    const status = await injectAs(app, owner, '/api/auth/status')
    t.same(status.json().profilePhoto, { url: firstUrl }, 'the status answers {url}')
  })

  t.test('a small picture is not enlarged', async (t) => {
    const res = await upload(owner, image(await png(100, 60)))
    const meta = await sharp((await app.inject(res.json().profilePhoto.url)).rawPayload).metadata()
    t.equal(meta.width, 100)
    t.equal(meta.height, 60)
  })

  t.test('EXIF and GPS never survive', async (t) => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c83' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone', Copyright: 'Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 46/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 3/1 20/1' } })
      .toBuffer()
    const input = await sharp(jpeg).metadata()
    t.ok(input.exif && input.exif.includes(Buffer.from('SecretPhone')), 'the input carries EXIF')
    const res = await upload(owner, image(jpeg, 'IMG_0001.JPG', 'image/jpeg'))
    t.equal(res.statusCode, 200, res.body)
    const stored = (await app.inject(res.json().profilePhoto.url)).rawPayload
    const meta = await sharp(stored).metadata()
    t.equal(meta.exif, undefined, 'no EXIF')
    t.equal(meta.xmp, undefined, 'no XMP')
    t.notOk(stored.includes(Buffer.from('SecretPhone')), 'no trace of the camera in the bytes')
    t.notOk(stored.includes(Buffer.from('GPS')), 'no GPS block')
  })

  t.test('a WebP with a misleading name is accepted by its content', async (t) => {
    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123' } }).webp().toBuffer()
    const res = await upload(owner, image(webp, 'document.pdf', 'application/pdf'))
    t.equal(res.statusCode, 200, res.body)
  })

  t.test('replacing a photo removes the old file; only the current one stays', async (t) => {
    t.ok(firstUrl)
    t.equal((await app.inject(firstUrl)).statusCode, 404, 'the first photo is gone')
    const before = (await injectAs(app, owner, '/api/auth/status')).json().profilePhoto.url as string
    const res = await upload(owner, image(await png(64, 64)))
    const after = res.json().profilePhoto.url as string
    t.not(after, before)
    t.same(photosOnDisk(), [after.split('/').pop()], 'one file on disk: the current photo')
    t.equal((await app.inject(before)).statusCode, 404)
  })

  t.test('a failing store changes nothing', async (t) => {
    const before = (await injectAs(app, owner, '/api/auth/status')).json().profilePhoto
    const write = app.ports.storage.write
    app.ports.storage.write = async () => {
      throw new Error('disk full')
    }
    t.teardown(() => {
      app.ports.storage.write = write
    })
    const res = await upload(owner, image(await png(64, 64)))
    app.ports.storage.write = write
    t.equal(res.statusCode, 500)
    t.same((await injectAs(app, owner, '/api/auth/status')).json().profilePhoto, before, 'the photo is unchanged')
    t.equal((await app.inject(before.url)).statusCode, 200, 'the old file is still served')
  })

  t.test('each user changes only their own photo', async (t) => {
    const other = await seedAccount(app)
    const mine = (await injectAs(app, owner, '/api/auth/status')).json().profilePhoto
    const res = await upload(other, image(await png(20, 20)))
    t.equal(res.statusCode, 200)
    t.same((await injectAs(app, owner, '/api/auth/status')).json().profilePhoto, mine)
    t.not((await injectAs(app, other, '/api/auth/status')).json().profilePhoto.url, mine.url)
  })

  t.test('photo names outside the key pattern never reach the disk', async (t) => {
    const name = (await injectAs(app, owner, '/api/auth/status')).json().profilePhoto.url.split('/').pop() as string
    for (const url of [
      '/uploads/photos/../x',
      '/uploads/photos/..%2fx',
      '/uploads/photos/%2e%2e%2f%2e%2e%2fpackage.json',
      '/uploads/photos/%2e%2e',
      '/uploads/photos/..%5c..%5cpackage.json',
      '/uploads/photos/..',
      `/uploads/photos/${name.toUpperCase()}`,
      `/uploads/photos/${name.replace('.webp', '.png')}`,
      `/uploads/photos/${name}%00.png`,
      '/uploads/photos/00000000000000000000000000000000.webp',
      '/uploads/documents/x',
      '/uploads/photos/',
      `/uploads/photos/${'a'.repeat(200)}.webp`,
    ]) {
      const res = await app.inject(url)
      // 401: the path resolved to /uploads/<name>, the documents' route, which wants a session.
      t.ok([400, 401, 404, 414].includes(res.statusCode), `${url} → ${res.statusCode}`)
      t.not(res.headers['content-type'], 'image/webp')
    }
    const read = app.ports.storage.read
    const asked: string[] = []
    app.ports.storage.read = async (key) => {
      asked.push(key)
      return read(key)
    }
    t.teardown(() => {
      app.ports.storage.read = read
    })
    await app.inject('/uploads/photos/..%2f..%2fpackage.json')
    await app.inject('/uploads/photos/%2e%2e')
    t.same(asked, [], 'storage is never asked for a name outside the pattern')
  })
})
