import { PassThrough } from 'node:stream'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { Document } from '../../views/layout/Document.js'
import type { AssetManifest } from './assets.js'
import { RenderContext, type RenderContextValue, type Theme, type Toast } from './context.js'
import { metaOf, type Page, type PageMeta } from './page.js'
import { pickEncoding, renderForStore, type StoredPage } from './page-store.js'

declare module 'fastify' {
  interface FastifyReply {
    /** Sends a full HTML document for this page: stored, in one piece, or streamed when it suspends. */
    render<P extends object>(target: Page<P>, props: P): Promise<FastifyReply>
    /** Shows a toast on the next page this browser renders (flash cookie). */
    flash(toast: Toast): FastifyReply
  }
}

const FLASH_COOKIE = 'flash'

export function themeOf(request: FastifyRequest): Theme {
  return request.cookies.theme === 'dark' ? 'dark' : 'light'
}

function takeFlash(request: FastifyRequest, reply: FastifyReply): Toast[] {
  const raw = request.cookies[FLASH_COOKIE]
  if (!raw) return []
  reply.clearCookie(FLASH_COOKIE, { path: '/' })
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return []
  try {
    const toast = JSON.parse(unsigned.value) as Toast
    return typeof toast.message === 'string' ? [toast] : []
  } catch {
    return []
  }
}

export default fp(
  async function renderPlugin(app, { assets }: { assets: AssetManifest }) {
    app.decorateReply('flash', function (this: FastifyReply, toast: Toast) {
      return this.setCookie(FLASH_COOKIE, JSON.stringify(toast), { path: '/', httpOnly: true, sameSite: 'lax', signed: true, maxAge: 60 })
    })

    // Shared pages by theme and path; null when the page turned out to need a nonce.
    const stored = new Map<string, Promise<StoredPage | null>>()

    app.decorateReply('render', async function <P extends object>(this: FastifyReply, target: Page<P>, props: P) {
      const reply = this
      const request = reply.request
      const meta = metaOf(target, props)
      const path = request.url.split('?')[0] ?? '/'
      if (meta.shared && !assets.dev && !request.user && !request.cookies[FLASH_COOKIE]) {
        const key = `${themeOf(request)} ${path}`
        let page = stored.get(key)
        if (!page) {
          page = renderForStore(documentFor({ ...contextFor(request, ''), toasts: [] }, meta, target, props))
          stored.set(key, page)
          page.catch(() => stored.delete(key))
        }
        const bytes = await page
        if (bytes) {
          const encoding = pickEncoding(request.headers['accept-encoding'])
          reply.header('cache-control', 'no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8')
          if (encoding !== 'identity') reply.header('content-encoding', encoding)
          return reply.send(bytes[encoding])
        }
      }
      const toasts = takeFlash(request, reply)
      return renderPage(reply, () => ({ ...contextFor(request, reply.cspNonce.script), toasts }), meta, target, props)
    })

    function contextFor(request: FastifyRequest, nonce: string): RenderContextValue {
      return {
        nonce,
        path: request.url.split('?')[0] ?? '/',
        publicUrl: app.config.publicUrl,
        user: request.user,
        theme: themeOf(request),
        toasts: [],
        assets,
        islands: { eager: 0, names: new Set(), next: 0 },
      }
    }
  },
  { name: 'render', dependencies: ['@fastify/cookie'] },
)

function documentFor<P extends object>(context: RenderContextValue, meta: PageMeta, target: Page<P>, props: P) {
  const Target = target as React.ComponentType<P>
  return (
    <RenderContext.Provider value={context}>
      <Document meta={meta}>
        <Target {...props} />
      </Document>
    </RenderContext.Provider>
  )
}

/** What renderToString leaves where a Suspense boundary could not finish: the client would render it. */
const UNFINISHED_BOUNDARY = '<!--$!'

/**
 * A page rendered per request (nonce, session, toasts). Without a Suspense boundary waiting for data,
 * which no page has today, it is rendered in one piece and sent as one string, with a length; a page
 * whose render suspends (thrown, or a boundary left unfinished) is streamed as its shell gets ready.
 */
function renderPage<P extends object>(reply: FastifyReply, context: () => RenderContextValue, meta: PageMeta, target: Page<P>, props: P): FastifyReply | Promise<FastifyReply> {
  let html: string | undefined
  try {
    html = renderToString(documentFor(context(), meta, target, props))
  } catch {
    // Suspended outside a boundary, or failed: the stream waits for the former and reports the latter.
  }
  if (html !== undefined && !html.includes(UNFINISHED_BOUNDARY)) {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    return reply.send(`<!DOCTYPE html>${html}`)
  }
  return streamPage(reply, context(), meta, target, props)
}

/** Streams the page as soon as its shell is ready. */
function streamPage<P extends object>(reply: FastifyReply, context: RenderContextValue, meta: PageMeta, target: Page<P>, props: P): Promise<FastifyReply> {
  const request = reply.request
  const element = documentFor(context, meta, target, props)
  return new Promise<FastifyReply>((resolve, reject) => {
    const stream = renderToPipeableStream(element, {
      nonce: context.nonce,
      onShellReady() {
        const body = new PassThrough()
        stream.pipe(body)
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
        resolve(reply.send(body))
      },
      onShellError: reject,
      onError(error) {
        request.log.error({ err: error }, 'render failed')
      },
    })
  })
}
