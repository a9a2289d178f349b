import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { NO_EXTRA_LINKS, RenderContext, spliceMarker, useRenderContext, type KeptPart, type RenderContextValue } from '../../src/render/context.js'
import { flat } from '../../src/render/island-html.js'
import { LanguageContext } from '../../src/render/language.js'
import { INLINE_SCRIPT, UNFINISHED_BOUNDARY } from '../../src/render/page-store.js'

interface RenderedOnceProps {
  /** The element that holds the part, with its attributes: its inner HTML is what is kept. */
  as: string
  attributes: Record<string, unknown>
  /** What the part is (main, footer…); with byPath, it differs from one page to another. */
  part: string
  byPath?: boolean
  /** It shows the logged-in user (the header): kept per user, as the session describes them. */
  byUser?: boolean
  children?: ReactNode
}

/**
 * Server only: a part of the page that is the same for every request of a theme and language (and, byPath, of a
 * page and path; byUser, of a user as their session describes them, with the links and counts that
 * modules add for them) is rendered once and its HTML
 * reused, a logged-in page rendered per request included (issue 8), in the app's bounded `kept`. It
 * always renders with a context holding only what its key holds (no toast, no nonce; no path unless
 * byPath, no user unless byUser), so it cannot show one request's data to another, kept or not; its
 * islands are numbered and counted as in a full render. A part that turns out to need a nonce (an
 * inline script) is rendered with every request instead.
 */
export function RenderedOnce({ as, attributes, part, byPath = false, byUser = false, children }: RenderedOnceProps) {
  const ctx = useRenderContext()
  // A path that is a request's own spelling (a 404, a route with parameters) is not a key.
  const kept = byPath && !ctx.routed ? null : ctx.kept
  const key = `${part}\n${ctx.theme} ${ctx.language}\n${byPath ? `${ctx.page} ${ctx.path}` : ''}\n${byUser ? JSON.stringify(ctx.user) + JSON.stringify(ctx.links) : ''}\n${ctx.islands.next}`
  let found = kept?.parts.get(key)
  if (kept && found === undefined) kept.parts.set(key, (found = renderPart(ctx, byPath, byUser, children)))
  if (found === undefined || found === 'per-request') {
    // Rendered with this request, inline: its nonce too, for a part that holds an inline script.
    return createElement(as, attributes, createElement(RenderContext.Provider, { value: { ...partContext(ctx, byPath, byUser, ctx.islands), nonce: ctx.nonce } }, children))
  }
  ctx.islands.next += found.islands
  ctx.islands.eager += found.eager
  for (const name of found.names) ctx.islands.names.add(name)
  // In a page rendered per request, a marker its bytes replace once rendered (splices); else its HTML.
  const html = ctx.splices ? spliceMarker(ctx.splices.push((found.bytes ??= Buffer.from(found.html, 'utf8'))) - 1) : found.html
  // The element itself is kept with the part (React never changes an element): building it again
  // spread the attributes into a new object on every request (issue 13).
  if (found.element?.as !== as || found.element.attributes !== attributes || found.element.html !== html) {
    found.element = { as, attributes, html, element: createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } }) }
  }
  return found.element.element
}

/** The request's context less what the part's key does not hold; a part's parts are inline. */
function partContext(ctx: RenderContextValue, byPath: boolean, byUser: boolean, islands: RenderContextValue['islands']): RenderContextValue {
  return { ...ctx, nonce: '', user: byUser ? ctx.user : null, links: byUser ? ctx.links : NO_EXTRA_LINKS, toasts: [], path: byPath ? ctx.path : '', islands, splices: undefined }
}

function renderPart(ctx: RenderContextValue, byPath: boolean, byUser: boolean, children: ReactNode): KeptPart | 'per-request' {
  const start = ctx.islands.next
  const part = partContext(ctx, byPath, byUser, { eager: 0, names: new Set(), next: start })
  const html = flat(renderToString(createElement(RenderContext.Provider, { value: part }, createElement(LanguageContext.Provider, { value: part.language }, children))))
  // Kept parts are not scanned again in the page (splices): one that needs a nonce or did not finish
  // (a Suspense boundary) is rendered with every request, where the page's own checks see it.
  if (INLINE_SCRIPT.test(html) || html.includes(UNFINISHED_BOUNDARY)) return 'per-request'
  return { html, islands: part.islands.next - start, eager: part.islands.eager, names: [...part.islands.names] }
}
