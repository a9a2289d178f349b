import type { FormError } from '../../src/shared/form-state.js'
import { documentLanguage } from '../../src/render/language.js'
import { clientWords } from '../words.js'

/** What every island call answers: the JSON body; when it failed, the message to show and the field it belongs to, if the server names one. */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string; field?: string }

/** Spec §8's words for a call that failed without the server's, in the page's language. */
export function unexpected(): string {
  return clientWords[documentLanguage()].unexpected
}

/** A refused call as a form's error: under the field the server names, else the form's own. */
export function formErrorOf(failed: { message: string; field?: string }): FormError {
  return failed.field ? { field: failed.field, message: failed.message } : { message: failed.message }
}

/** JSON (or FormData) call to the portal's API, with the session cookie; never throws. */
export async function api<T = { message?: string }>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData
  try {
    const response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: init.body === undefined || isForm ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
    })
    const data = (await response.json().catch(() => ({}))) as T & { message?: string; field?: unknown }
    if (response.ok) return { ok: true, status: response.status, data }
    const message = typeof data?.message === 'string' ? data.message : unexpected()
    return { ok: false, status: response.status, message, ...(typeof data?.field === 'string' ? { field: data.field } : {}) }
  } catch {
    return { ok: false, status: 0, message: unexpected() }
  }
}
