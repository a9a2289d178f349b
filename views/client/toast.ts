import type { Toast } from '../../src/render/context.js'
import { hydrateIsland } from './hydrate.js'

/** A toast, tagged with the form that raised it when a form did (`useToastedFormErrors`). */
export interface TaggedToast extends Toast {
  form?: string | undefined
}

interface Listener {
  show: (toast: TaggedToast) => void
  dismissErrorsOf: (form: string) => void
}

let listener: Listener | null = null
const waiting: TaggedToast[] = []

/**
 * Shows a toast through the shell's Toaster island (a success closes after 2000 ms, an error stays
 * until closed: views/islands/Toaster.tsx). Without a flash toast the Toaster waits for this first
 * call to load (data-hydrate="demand"): the toast is kept until it has mounted. `form` tags it with
 * the form that raised it, so that form's next submit can take it back (`dismissFormErrors`).
 */
export function showToast(type: Toast['type'], message: string, from?: { form: string }): void {
  const toast: TaggedToast = from ? { type, message, form: from.form } : { type, message }
  if (listener) return listener.show(toast)
  waiting.push(toast)
  hydrateIsland('Toaster')
}

/** Closes the error toasts `form` raised: its next submit answers them (issue 34: no stale error beside a success). */
export function dismissFormErrors(form: string): void {
  for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i]!.form === form && waiting[i]!.type === 'error') waiting.splice(i, 1)
  listener?.dismissErrorsOf(form)
}

/** The Toaster's side: receives the toasts shown before it mounted, then every new one and every dismissal. */
export function onToast(show: Listener['show'], dismissErrorsOf: Listener['dismissErrorsOf']): () => void {
  const own = { show, dismissErrorsOf }
  listener = own
  for (const toast of waiting.splice(0)) show(toast)
  return () => {
    if (listener === own) listener = null
  }
}
