/** What every island call answers: the JSON body, and the message to show when it failed. */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string }

export const UNEXPECTED = 'An unexpected error occurred'

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
    const data = (await response.json().catch(() => ({}))) as T & { message?: string }
    if (response.ok) return { ok: true, status: response.status, data }
    return { ok: false, status: response.status, message: typeof data?.message === 'string' ? data.message : UNEXPECTED }
  } catch {
    return { ok: false, status: 0, message: UNEXPECTED }
  }
}
