import { createContext, useContext } from 'react'
import type { SessionUser } from '../modules/identity/session-user.js'
import type { AssetManifest } from './assets.js'


export type Theme = 'light' | 'dark'
export interface Toast {
  type: 'success' | 'error' | 'info' | 'warning'
  message: string
}

/** What one page render knows about its request; islands never see it (they get props). */
export interface RenderContextValue {
  nonce: string
  /** The request's path; a shared page's own route path (see PageMeta.shared). */
  path: string
  /** The page is the same for every visitor (PageMeta.shared): its <main> is rendered once per theme. */
  shared: boolean
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
