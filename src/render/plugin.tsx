import { PassThrough } from 'node:stream'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { renderToPipeableStream } from 'react-dom/server'
import { Document } from '../../views/layout/Document.js'
import type { AssetManifest } from './assets.js'
import { RenderContext, type RenderContextValue, type Theme, type Toast } from './context.js'
import { metaOf, type Page, type PageMeta } from './page.js'
import { pickEncoding, renderForStore, type StoredPage } from './page-store.js'

declare module 'fastify' {
  interface FastifyReply {
    /** Streams a full HTML document for this page. */
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
      return streamPage(reply, { ...contextFor(request, reply.cspNonce?.script ?? ''), toasts: takeFlash(request, reply) }, meta, target, props)
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

/** Streams the page as soon as its shell is ready (per request: nonce, session, toasts). */
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
