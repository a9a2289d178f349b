import type { Toast } from '../../src/render/context.js'
import { hydrateIsland } from './hydrate.js'

type Listener = (toast: Toast) => void

let listener: Listener | null = null
const waiting: Toast[] = []

/**
 * Shows a toast through the shell's Toaster island (a success closes after 2000 ms, an error stays
 * until closed: views/islands/Toaster.tsx). Without a flash toast the Toaster waits for this first
 * call to load (data-hydrate="demand"): the toast is kept until it has mounted.
 */
export function showToast(type: Toast['type'], message: string): void {
  if (listener) return listener({ type, message })
  waiting.push({ type, message })
  hydrateIsland('Toaster')
}

/** The Toaster's side: receives the toasts shown before it mounted, then every new one. */
export function onToast(show: Listener): () => void {
  listener = show
  for (const toast of waiting.splice(0)) show(toast)
  return () => {
    if (listener === show) listener = null
  }
}
