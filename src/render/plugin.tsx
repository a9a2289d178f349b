import { PassThrough } from 'node:stream'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { renderToPipeableStream } from 'react-dom/server'
import type { ReactNode } from 'react'
import type { AssetManifest } from './assets.js'
import { keptRenders, NO_EXTRA_LINKS, RenderContext, type ExtraLink, type ExtraLinks, type RenderContextValue, type Theme, type Toast } from './context.js'
import type { SessionUser } from '../shared/session-user.js'
import { metaOf, type Page, type PageMeta } from './page.js'
import { renderWhole, sendStored, spliced } from './page-store.js'
import { LanguageContext } from './language.js'
import { languageOf } from '../http/language.js'
import type { Language } from '../shared/words.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Links modules add to the navigation bar or the admin sidebar, shown on every page rendered for a logged-in user. */
    navigation: Navigation
  }
  interface FastifyReply {
    /** Sends a full HTML document for this page: stored, in one piece, or streamed when it suspends. */
    render<P extends object>(target: Page<P>, props: P): Promise<FastifyReply>
    /** Shows a toast on the next page this browser renders (flash cookie). */
    flash(toast: Toast): FastifyReply
    /** The error page for `status` (the not-found page for 404) with its French message. */
    renderError(status: number, message: string): Promise<FastifyReply>
    /** The not-found page; without a message, in its own words (an address that names nothing). */
    renderError(status: 404, message?: string): Promise<FastifyReply>
  }
}

/** The document around every page (head, shell), handed over by app.ts. */
export type Layout = (props: { meta: PageMeta; children: ReactNode }) => ReactNode

export interface RenderOptions {
  assets: AssetManifest
  layout: Layout
  errorPages: { NotFoundPage: Page<{ message?: string }>; ErrorPage: Page<{ status: number; message: string }> }
}

/**
 * A module's link, for the users it names, with an optional count (read on each page render: keep it
 * cheap); its words in each language (contract §10), said in the page's.
 */
export interface NavigationLink {
  place: keyof ExtraLinks
  href: string
  label: Readonly<Record<Language, string>>
  shows: (user: SessionUser) => boolean
  badge?: { count: (user: SessionUser) => Promise<number>; label: (count: number, language: Language) => string }
}

export interface Navigation {
  add(link: NavigationLink): void
}

/** The links of `registered` that `user` sees, their counts read at once. */
async function linksFor(registered: NavigationLink[], user: SessionUser | null, language: Language): Promise<ExtraLinks> {
  if (!user || registered.length === 0) return NO_EXTRA_LINKS
  const shown = registered.filter((link) => link.shows(user))
  const links = await Promise.all(
    shown.map(async ({ place, href, label: labels, badge }): Promise<[keyof ExtraLinks, ExtraLink]> => {
      const count = badge ? await badge.count(user) : 0
      const label = labels[language]
      return [place, count > 0 && badge ? { href, label, badge: { count, label: badge.label(count, language) } } : { href, label }]
    }),
  )
  return { main: links.filter(([place]) => place === 'main').map(([, link]) => link), admin: links.filter(([place]) => place === 'admin').map(([, link]) => link) }
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
  async function renderPlugin(app, { assets, layout, errorPages }: RenderOptions) {
    app.decorateReply('flash', function (this: FastifyReply, toast: Toast) {
      return this.setCookie(FLASH_COOKIE, JSON.stringify(toast), { path: '/', httpOnly: true, sameSite: 'lax', signed: true, maxAge: 60 })
    })

    const kept = assets.dev ? null : keptRenders()
    const registered: NavigationLink[] = []
    app.decorate('navigation', { add: (link: NavigationLink) => void registered.push(link) } satisfies Navigation)
    const pageIds = new WeakMap<Page<never>, number>()
    let pages = 0
    const pageIdOf = (target: Page<never>): number => {
      let id = pageIds.get(target)
      if (id === undefined) pageIds.set(target, (id = ++pages))
      return id
    }

    app.decorateReply('render', async function <P extends object>(this: FastifyReply, target: Page<P>, props: P) {
      const reply = this
      const request = reply.request
      const language = languageOf(request)
      const meta = metaOf(target, props, language)
      // A route without parameters names the page by its own path: /login/, /%6Cogin or /login?x
      // render as /login and neither store nor keep another copy. Other pages (parameters, 404s)
      // keep the request's path and nothing that depends on it.
      const route = request.routeOptions.url
      const routed = route !== undefined && !/[:*]/.test(route)
      const path = routed ? route : (request.url.split('?')[0] ?? '/')
      // Shared: the same for every visitor, which a page given props could not promise.
      const shared = meta.shared === true && routed && Object.keys(props).length === 0
      const context = (nonce: string, links: ExtraLinks = NO_EXTRA_LINKS): RenderContextValue => ({
        nonce,
        path,
        routed,
        page: pageIdOf(target as Page<never>),
        shared,
        area: meta.area ?? 'portal',
        kept,
        publicUrl: app.config.publicUrl,
        user: request.user,
        links,
        theme: themeOf(request),
        language,
        toasts: [],
        assets,
        islands: { eager: 0, names: new Set(), next: 0 },
      })
      if (shared && !assets.dev && !request.user && !request.cookies[FLASH_COOKIE]) {
        const page = await app.pageStore.get(themeOf(request), language, path, () => documentFor(layout, context(''), meta, target, props))
        if (page) return sendStored(reply, page)
      }
      const toasts = takeFlash(request, reply)
      const links = await linksFor(registered, request.user, language)
      return renderPage(reply, layout, (nonce) => ({ ...context(nonce, links), toasts }), meta, target, props)
    })
    app.decorateReply('renderError', function (this: FastifyReply, status: number, message?: string) {
      if (status === 404) return this.render(errorPages.NotFoundPage, message === undefined ? {} : { message })
      return this.render(errorPages.ErrorPage, { status, message: message ?? '' })
    })
  },
  { name: 'render', dependencies: ['@fastify/cookie', 'page-store'] },
)

function documentFor<P extends object>(Layout: Layout, context: RenderContextValue, meta: PageMeta, target: Page<P>, props: P) {
  const Target = target as React.ComponentType<P>
  return (
    <RenderContext.Provider value={context}>
      <LanguageContext.Provider value={context.language}>
        <Layout meta={meta}>
          <Target {...props} />
        </Layout>
      </LanguageContext.Provider>
    </RenderContext.Provider>
  )
}

/**
 * A page rendered per request (session, toasts). Without a Suspense boundary waiting for data, which
 * no page has today, it is rendered in one piece and sent as one string, with a length, and without a
 * nonce unless it holds an inline script (none does in production): a nonce is made, and named by the
 * policy, only for a page that uses one. A page whose render suspends (thrown, or a boundary left
 * unfinished) is streamed as its shell gets ready, with a nonce for React's inline scripts.
 */
function renderPage<P extends object>(reply: FastifyReply, layout: Layout, context: (nonce: string) => RenderContextValue, meta: PageMeta, target: Page<P>, props: P): FastifyReply | Promise<FastifyReply> {
  // Kept parts are spliced in as bytes after the render, the rest checked and encoded alone (issue 13).
  let splices: Buffer[] = []
  let whole = renderWhole(documentFor(layout, { ...context(''), splices }, meta, target, props))
  if (whole?.inlineScript) whole = renderWhole(documentFor(layout, { ...context(reply.cspNonce.script), splices: (splices = []) }, meta, target, props))
  if (whole !== undefined) {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    return reply.send(spliced(whole.html, splices))
  }
  const nonce = reply.cspNonce.script
  return streamPage(reply, documentFor(layout, context(nonce), meta, target, props), nonce)
}

/** Streams the page as soon as its shell is ready. */
function streamPage(reply: FastifyReply, element: ReactNode, nonce: string): Promise<FastifyReply> {
  const request = reply.request
  return new Promise<FastifyReply>((resolve, reject) => {
    const stream = renderToPipeableStream(element, {
      nonce,
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
