import { createContext, useContext } from 'react'
import type { AssetManifest } from './assets.js'

/** The logged-in user as every page and the API see it (contract §2, status answer). */
export interface SessionUser {
  id: number
  username: string
  profilePhoto: { url: string } | null
  isAccepted: boolean
  isAdmin: boolean
}

export type Theme = 'light' | 'dark'
export interface Toast {
  type: 'success' | 'error' | 'info' | 'warning'
  message: string
}

/** What one page render knows about its request; islands never see it (they get props). */
export interface RenderContextValue {
  nonce: string
  path: string
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
