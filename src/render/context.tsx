import { createContext, useContext, type ReactElement } from 'react'
import type { SessionUser } from '../modules/identity/session-user.js'
import type { AssetManifest } from './assets.js'
import { Lru } from '../shared/lru.js'


export type Theme = 'light' | 'dark'
export interface Toast {
  type: 'success' | 'error' | 'info' | 'warning'
  message: string
}

/** A part of a page rendered once (views/runtime/RenderedOnce.tsx), with the islands it holds. */
export interface KeptPart {
  html: string
  islands: number
  eager: number
  names: string[]
  /** The element that shows it, made at its first use with these tag and attributes. */
  element?: { as: string; attributes: Record<string, unknown>; element: ReactElement }
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
  /** This app's renders kept for reuse; null in development, where components change. */
  kept: KeptRenders | null
  /** PUBLIC_URL without its trailing slash: canonical and Open Graph URLs. */
  publicUrl: string
  user: SessionUser | null
  theme: Theme
  toasts: Toast[]
  assets: AssetManifest
  /** Islands rendered so far; eager ones decide whether the page ships JavaScript. */
  islands: { eager: number; names: Set<string>; next: number }
}

export const RenderContext = createContext<RenderContextValue | null>(null)

export function useRenderContext(): RenderContextValue {
  const value = useContext(RenderContext)
  if (!value) throw new Error('useRenderContext outside a server render')
  return value
}
