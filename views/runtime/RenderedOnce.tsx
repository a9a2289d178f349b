import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { RenderContext, useRenderContext, type RenderContextValue } from '../../src/render/context.js'
import { INLINE_SCRIPT } from '../../src/render/page-store.js'

interface Kept {
  html: string
  /** The islands it holds, counted into the page as if rendered in it. */
  islands: number
  eager: number
  names: string[]
}

/** Parts kept, the least recently used dropped first (a header per user and path among them). */
const KEPT = 1024
const kept = new Map<string, Kept | 'per-request'>()

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
 * Server only: a part of the page that is the same for every request of a theme (and, byPath, of a
 * path; byUser, of a user as their session describes them) is rendered once and its HTML reused, a
 * logged-in page rendered per request included (issue 8). It is rendered with a context holding only
 * what its key holds (no toast, no nonce; no path unless byPath, no user unless byUser), so it cannot
 * show one request's data to another; its islands are numbered and counted as in a full render. A
 * part that turns out to need a nonce (an inline script) is rendered with every request instead.
 */
export function RenderedOnce({ as, attributes, part, byPath = false, byUser = false, children }: RenderedOnceProps) {
  const ctx = useRenderContext()
  const key = `${part}\n${ctx.theme}\n${byPath ? ctx.path : ''}\n${byUser ? JSON.stringify(ctx.user) : ''}\n${ctx.islands.next}`
  let found = ctx.assets.dev ? 'per-request' : kept.get(key)
  if (found === undefined) {
    found = renderPart(ctx, byPath, byUser, children)
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
  } else {
    kept.delete(key)
  }
  if (!ctx.assets.dev) kept.set(key, found)
  if (found === 'per-request') return createElement(as, attributes, children)
  ctx.islands.next += found.islands
  ctx.islands.eager += found.eager
  for (const name of found.names) ctx.islands.names.add(name)
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: found.html } })
}

function renderPart(ctx: RenderContextValue, byPath: boolean, byUser: boolean, children: ReactNode): Kept | 'per-request' {
  const start = ctx.islands.next
  const visitor: RenderContextValue = { ...ctx, nonce: '', user: byUser ? ctx.user : null, toasts: [], path: byPath ? ctx.path : '', islands: { eager: 0, names: new Set(), next: start } }
  const html = renderToString(createElement(RenderContext.Provider, { value: visitor }, children))
  if (INLINE_SCRIPT.test(html)) return 'per-request'
  return { html, islands: visitor.islands.next - start, eager: visitor.islands.eager, names: [...visitor.islands.names] }
}
