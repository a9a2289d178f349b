import type { Toast } from '../../src/render/context.js'

export const TOAST_EVENT = 'portal:toast'

/** Shows a toast through the shell's Toaster island (top-center, closes after 2000 ms). */
export function showToast(type: Toast['type'], message: string): void {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: { type, message } }))
}
