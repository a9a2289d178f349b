import { PassThrough } from 'node:stream'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { renderToPipeableStream } from 'react-dom/server'
import { Document } from '../../views/layout/Document.js'
import type { AssetManifest } from './assets.js'
import { RenderContext, type RenderContextValue, type Theme, type Toast } from './context.js'
import { metaOf, type Page } from './page.js'

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

    app.decorateReply('render', function <P extends object>(this: FastifyReply, target: Page<P>, props: P) {
      const reply = this
      const request = reply.request
      const context: RenderContextValue = {
        nonce: reply.cspNonce?.script ?? '',
        path: request.url.split('?')[0] ?? '/',
        publicUrl: app.config.publicUrl,
        user: request.user,
        theme: themeOf(request),
        toasts: takeFlash(request, reply),
        assets,
        islands: { eager: 0, names: new Set(), next: 0 },
      }
      const Target = target as React.ComponentType<P>
      const element = (
        <RenderContext.Provider value={context}>
          <Document meta={metaOf(target, props)}>
            <Target {...props} />
          </Document>
        </RenderContext.Provider>
      )
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
    })
  },
  { name: 'render', dependencies: ['@fastify/cookie'] },
)
