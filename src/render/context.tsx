import { randomBytes } from 'node:crypto'
import { createContext, useContext, type ReactElement } from 'react'
import type { SessionUser } from '../shared/session-user.js'
import type { AssetManifest } from './assets.js'
import type { PageArea } from './page.js'
import { Lru } from '../shared/lru.js'
import type { Language } from '../shared/words.js'


export type Theme = 'light' | 'dark'
export interface Toast {
  type: 'success' | 'error' | 'info' | 'warning'
  message: string
}

/** A link a module adds to the navigation bar (`main`) or the administrators' sidebar (`admin`). */
export interface ExtraLink {
  href: string
  label: string
  /** What its badge shows (e.g. unread messages), with the words a screen reader says for it; absent or 0: no badge. */
  badge?: { count: number; label: string }
}

export interface ExtraLinks {
  main: ExtraLink[]
  admin: ExtraLink[]
}

export const NO_EXTRA_LINKS: ExtraLinks = { main: [], admin: [] }

/** A part of a page rendered once (views/runtime/RenderedOnce.tsx), with the islands it holds. */
export interface KeptPart {
  html: string
  islands: number
  eager: number
  names: string[]
  /** Its UTF-8 bytes, spliced into pages rendered per request (`RenderContextValue.splices`). */
  bytes?: Buffer
  /** The element that shows it, made at its first use with these tag, attributes and inner HTML. */
  element?: { as: string; attributes: Record<string, unknown>; html: string; element: ReactElement }
}

/**
 * What stands for a kept part in a page rendered per request, until its bytes are spliced in
 * (`spliced` in page-store.ts): a NUL, a token made at start and never sent, the part's index.
 */
export const SPLICE_TOKEN = `\u0000${randomBytes(12).toString('hex')}:`
const markers: string[] = []
export function spliceMarker(index: number): string {
  return (markers[index] ??= `${SPLICE_TOKEN}${index}\u0000`)
}

/** What an app's pages render once and reuse; bounded, one set per app (each has its PUBLIC_URL and build). */
export interface KeptRenders {
  heads: Lru<string>
  parts: Lru<KeptPart | 'per-request'>
  islands: Lru<string>
}

export function keptRenders(): KeptRenders {
  return { heads: new Lru(512), parts: new Lru(1024), islands: new Lru(512) }
}

/** What one page render knows about its request; islands never see it (they get props). */
export interface RenderContextValue {
  nonce: string
  /** The route's own path for a route without parameters (see `routed`), else the request's path. */
  path: string
  /** The path is a route's, not the request's spelling: parts that depend on it may be kept. */
  routed: boolean
  /** Which page is rendered (an id per page component): parts kept per page are keyed by it. */
  page: number
  /** The page is the same for every visitor (PageMeta.shared): its <main> is rendered once per theme. */
  shared: boolean
  /** The page's part of the site (PageMeta.area); absent: the portal. Parts kept per page follow it. */
  area?: PageArea
  /** This app's renders kept for reuse; null in development, where components change. */
  kept: KeptRenders | null
  /** PUBLIC_URL without its trailing slash: canonical and Open Graph URLs. */
  publicUrl: string
  user: SessionUser | null
  /** The links modules add for this user (with their counts), read when the page is rendered. */
  links: ExtraLinks
  theme: Theme
  /** The language the page speaks (contract §10, `languageOf`): parts kept, islands and heads are kept per language. */
  language: Language
  toasts: Toast[]
  assets: AssetManifest
  /** Islands rendered so far; eager ones decide whether the page ships JavaScript. */
  islands: { eager: number; names: Set<string>; next: number }
  /**
   * A page rendered per request in one piece: its kept parts' bytes, each left as a marker in the
   * HTML (issue 13), so that neither the scan for inline scripts nor the UTF-8 encoding goes over
   * them again. Absent: parts are inline (a stored page, a stream, a part's own render).
   */
  splices?: Buffer[]
}

export const RenderContext = createContext<RenderContextValue | null>(null)

export function useRenderContext(): RenderContextValue {
  const value = useContext(RenderContext)
  if (!value) throw new Error('useRenderContext outside a server render')
  return value
}
