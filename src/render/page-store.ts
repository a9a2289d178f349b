import { Writable } from 'node:stream'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fp from 'fastify-plugin'
import type { FastifyReply } from 'fastify'
import type { ReactNode } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { SPLICE_TOKEN, type Theme } from './context.js'
import { DEFAULT_LANGUAGE, type Language } from '../shared/words.js'
import { acceptedLanguage, addressLanguage, arabicCookieHeader, cookieLanguage } from '../http/language.js'

/** A rendered page kept in memory, in each encoding it is served in. */
export interface StoredPage {
  identity: Buffer
  br: Buffer
  gzip: Buffer
}
export type Encoding = keyof StoredPage

declare module 'fastify' {
  interface FastifyInstance {
    /** Public pages rendered once per theme and path (issue 8: render once, serve many). */
    pageStore: PageStore
  }
}

export interface PageStore {
  /**
   * The stored page of `theme language path`, rendered by `render` the first time; null when it
   * needs a nonce. The language is the request's (languageOf): a page whose address does not fix
   * it (/login) is stored once per language, so a visitor never gets another's.
   */
  get(theme: Theme, language: Language, path: string, render: () => ReactNode): Promise<StoredPage | null>
}

/** An inline script would need a nonce, which must differ per response: such a page is not stored. */
export const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")/
/** What renderToString leaves where a Suspense boundary could not finish. */
export const UNFINISHED_BOUNDARY = '<!--$!'
/** What renderToString throws when the document suspends outside any Suspense boundary. */
const SUSPENDED_OUTSIDE_BOUNDARY = /suspended while responding to synchronous input/
/**
 * Either of the two in one pass: the first found decides, and an unfinished boundary can only come
 * after a script found first. Two scans of a page's 18,000 characters were a twentieth of a logged-in
 * page's CPU (issue 13).
 */
const UNFINISHED_OR_INLINE_SCRIPT = new RegExp(`<!--\\$!|${INLINE_SCRIPT.source}`)

/** A document rendered in one piece; `inlineScript` when it holds one (it then needs a nonce). */
export interface Whole {
  html: string
  inlineScript: boolean
}

/**
 * The document in one piece (`<!DOCTYPE html>…`), or undefined when its render suspends (thrown, or
 * a boundary left unfinished): the caller then streams it, which waits. A page that fails throws its
 * error here, once, instead of being rendered again to fail again. Every page today renders in one piece.
 */
export function renderWhole(element: ReactNode): Whole | undefined {
  let html: string
  try {
    html = renderToString(element)
  } catch (error) {
    if (error instanceof Error && SUSPENDED_OUTSIDE_BOUNDARY.test(error.message)) return undefined
    throw error
  }
  const found = UNFINISHED_OR_INLINE_SCRIPT.exec(html)
  if (!found) return { html: `<!DOCTYPE html>${html}`, inlineScript: false }
  if (found[0] === UNFINISHED_BOUNDARY || html.includes(UNFINISHED_BOUNDARY, found.index)) return undefined
  return { html: `<!DOCTYPE html>${html}`, inlineScript: true }
}

/** Room for a page of up to 85,000 characters (3 bytes each at most); a longer one is encoded by Buffer.from. */
const scratch = Buffer.allocUnsafeSlow(256 * 1024)

/**
 * A rendered page's UTF-8 bytes, to send. A string sent as is was measured (Content-Length) and then
 * encoded again by the socket, and Buffer.from measures it too: encoding into a reused buffer and
 * copying what was written costs about half (issue 13). The copy is the page's own.
 */
export function utf8(html: string): Buffer {
  if (html.length * 3 > scratch.length) return Buffer.from(html, 'utf8')
  const length = scratch.write(html, 0, 'utf8')
  const bytes = Buffer.allocUnsafe(length)
  scratch.copy(bytes, 0, 0, length)
  return bytes
}

/**
 * A page rendered per request with its kept parts left as markers (`RenderContextValue.splices`):
 * its UTF-8 bytes, the parts' own bytes in place of their markers.
 */
export function spliced(html: string, parts: Buffer[]): Buffer {
  if (parts.length === 0) return utf8(html)
  // Written into the reused buffer, then copied out once: a Buffer per piece and a concat cost twice as much.
  const room = html.length * 3 + parts.reduce((sum, part) => sum + part.length, 0) <= scratch.length
  const pieces: Buffer[] = []
  let length = 0
  let from = 0
  for (let at = html.indexOf(SPLICE_TOKEN); at !== -1; at = html.indexOf(SPLICE_TOKEN, from)) {
    const end = html.indexOf('\u0000', at + SPLICE_TOKEN.length)
    const part = parts[Number(html.slice(at + SPLICE_TOKEN.length, end))]
    if (end === -1 || part === undefined) throw new Error('A kept part\'s marker was not understood')
    if (room) {
      length += scratch.write(html.slice(from, at), length, 'utf8')
      length += part.copy(scratch, length)
    } else {
      pieces.push(Buffer.from(html.slice(from, at), 'utf8'), part)
    }
    from = end + 1
  }
  if (!room) return Buffer.concat([...pieces, Buffer.from(html.slice(from), 'utf8')])
  length += scratch.write(html.slice(from), length, 'utf8')
  const bytes = Buffer.allocUnsafe(length)
  scratch.copy(bytes, 0, 0, length)
  return bytes
}

/**
 * The whole document once every part is ready, without a nonce; null when it would need one.
 * In one piece when nothing suspends: React's streaming renderer switches on an AsyncLocalStorage,
 * which from then on makes every promise of the process dearer.
 */
export async function renderForStore(element: ReactNode): Promise<StoredPage | null> {
  const whole = renderWhole(element)
  if (whole?.inlineScript) return null
  const identity = whole !== undefined ? Buffer.from(whole.html) : await renderAllReady(element)
  if (whole === undefined && INLINE_SCRIPT.test(identity.toString('utf8'))) return null
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gzip: gzipSync(identity, { level: 9 }),
  }
}

function renderAllReady(element: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk))
        done()
      },
      final(done) {
        done()
        resolve(Buffer.concat(chunks))
      },
    })
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: reject, onError: reject })
  })
}

/** Browsers send a handful of Accept-Encoding values: each is read once (bounded, short ones only). */
const picked = new Map<string, Encoding>()

/** The best encoding this Accept-Encoding allows: Brotli, then gzip, else none. */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity'
  let encoding = picked.get(header)
  if (encoding === undefined) {
    encoding = readAcceptEncoding(header)
    if (header.length <= 200) {
      if (picked.size >= 64) picked.clear()
      picked.set(header, encoding)
    }
  }
  return encoding
}

function readAcceptEncoding(header: string): Encoding {
  const accepted = new Set<string>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim())
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity'
}

export function sendStored(reply: FastifyReply, page: StoredPage): FastifyReply {
  const encoding = pickEncoding(reply.request.headers['accept-encoding'])
  reply.header('cache-control', 'no-store').header('vary', 'accept-encoding, accept-language').type('text/html; charset=utf-8')
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  return reply.send(page[encoding])
}

/**
 * The theme of a request that carries no cookie but the theme's: such a visitor has no session and
 * no flash toast. null for any other cookie, which goes through the route.
 */
export function anonymousTheme(cookie: string | undefined): Theme | null {
  return anonymousVisitor(cookie)?.theme ?? null
}

/**
 * A request whose cookies are at most the theme's and the language's (`theme=dark; lang=ar`, in
 * either order): a visitor with no session and no flash toast, who has seen an /ar page or used the
 * switch (contract §10). null for any other cookie, or a value the cookie parser would have to read.
 */
export function anonymousVisitor(cookie: string | undefined): { theme: Theme; language?: Language } | null {
  if (!cookie) return { theme: 'light' }
  let theme: Theme = 'light'
  let language: Language | undefined
  const pairs = cookie.split('; ')
  if (pairs.length > 2) return null
  for (const pair of pairs) {
    if (pair === 'theme=dark' || pair === 'theme=light') theme = pair === 'theme=dark' ? 'dark' : 'light'
    else if (pair.startsWith('lang=') && cookieLanguage(pair.slice(5))) language = pair.slice(5) as Language
    else return null
  }
  return language ? { theme, language } : { theme }
}

/**
 * Registered before any other request hook but the security headers: a GET of a stored page by a
 * visitor with no cookie but the theme is answered from memory before cookies, session, guards and
 * the route run, like a static file. The route itself stores the page (its first anonymous visit)
 * and serves it to the requests that come here with other cookies or a query string.
 */
export default fp(
  async function pageStorePlugin(app) {
    const pending = new Map<string, Promise<StoredPage | null>>()
    const ready = new Map<string, StoredPage>()
    app.decorate('pageStore', {
      get(theme, language, path, render) {
        const key = `${theme} ${language} ${path}`
        let page = pending.get(key)
        if (!page) {
          page = renderForStore(render())
          pending.set(key, page)
          page.then((stored) => stored && ready.set(key, stored), () => pending.delete(key))
        }
        return page
      },
    } satisfies PageStore)
    const arabicCookie = arabicCookieHeader(app.config.secureCookies)
    app.addHook('onRequest', (request, reply, done) => {
      if (ready.size === 0 || request.method !== 'GET') return done()
      const visitor = anonymousVisitor(request.headers.cookie)
      if (!visitor) return done()
      // languageOf's order for a visitor nobody is logged in as (the cookies are not parsed yet).
      const address = addressLanguage(request.url)
      const language = address ?? visitor.language ?? acceptedLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE
      const page = ready.get(`${visitor.theme} ${language} ${request.url}`)
      if (!page) return done()
      // Visiting an /ar page sets the language (contract §10): the same header for every visitor, not stored with the page.
      if (address === 'ar' && visitor.language !== 'ar') reply.header('set-cookie', arabicCookie)
      sendStored(reply, page)
    })
  },
  { name: 'page-store' },
)
