// Issue 8, compression: pages and JSON compressed per answer (Brotli, gzip), assets pre-compressed at
// build time, and every hashed asset (images included) cached for a year.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const
/** A page with its per-response nonce blanked, so that two answers can be compared. */
const withoutNonce = (html: string) => html.replace(/nonce="[0-9a-f]+"/g, 'nonce=""')

// One app for the whole file: its tests only read pages and answers.
const { app } = await buildTestApp(t)

t.test('pages and JSON answers decompress to the same bytes as the uncompressed answer', async (t) => {
  for (const url of ['/', '/services', '/login', '/api/openapi.json']) {
    const plain = await app.inject(url)
    t.equal(plain.headers['content-encoding'], undefined, `${url} without Accept-Encoding`)
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': encoding } })
      t.equal(res.statusCode, 200)
      t.equal(res.headers['content-encoding'], encoding, `${url} ${encoding}`)
      t.match(String(res.headers.vary), /accept-encoding/i)
      t.equal(res.headers['content-type'], plain.headers['content-type'])
      const body = decoders[encoding](res.rawPayload).toString('utf8')
      t.ok(res.rawPayload.length < body.length / 2, `${url} ${encoding}: ${res.rawPayload.length} bytes for ${body.length}`)
      t.equal(withoutNonce(body), withoutNonce(plain.body), `${url} ${encoding} decompresses to the page`)
    }
  }
  const preferred = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } })
  t.equal(preferred.headers['content-encoding'], 'br', 'Brotli when both are accepted')
})

t.test('assets are served pre-compressed, hashed and cached for a year, images included', async (t) => {
  const page = (await app.inject('/')).body
  const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(page)?.[1]
  const js = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1]
  const images = [...new Set([...page.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!))]
  const icon = /<link rel="icon" href="([^"]+)"/.exec(page)?.[1]
  t.ok(css && js && icon && images.length >= 8, 'the page names its assets')
  for (const url of [...images, icon!]) t.match(url, /^\/assets\/static\/.+-[\w-]{10}\.svg$/, `${url} carries a content hash`)
  for (const url of [css!, js!, icon!, ...images]) {
    const plain = await app.inject(url)
    t.equal(plain.statusCode, 200, url)
    t.match(String(plain.headers['cache-control']), /^(?=.*max-age=31536000)(?=.*immutable)/, `${url} immutable for a year`)
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': encoding } })
      t.equal(res.headers['content-encoding'], encoding, `${url} ${encoding}`)
      t.match(String(res.headers.vary), /accept-encoding/i)
      t.match(String(res.headers['cache-control']), /immutable/)
      t.equal(res.headers['content-type'], plain.headers['content-type'])
      t.ok(decoders[encoding](res.rawPayload).equals(plain.rawPayload), `${url} ${encoding} decompresses to the file`)
    }
  }
})
