import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** A rendered page kept in memory, in each encoding it is served in. */
export interface StoredPage {
  identity: Buffer
  br: Buffer
  gzip: Buffer
}
export type Encoding = keyof StoredPage

/** An inline script would need a nonce, which must differ per response: such a page is not stored. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")/

/** The whole document once every part is ready, without a nonce; null when it would need one. */
export function renderForStore(element: ReactNode): Promise<StoredPage | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk))
        done()
      },
      final(done) {
        const identity = Buffer.concat(chunks)
        done()
        if (INLINE_SCRIPT.test(identity.toString('utf8'))) return resolve(null)
        resolve({
          identity,
          br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
          gzip: gzipSync(identity, { level: 9 }),
        })
      },
    })
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    })
  })
}

/** The best encoding this Accept-Encoding allows: Brotli, then gzip, else none. */
export function pickEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>()
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim())
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity'
}
