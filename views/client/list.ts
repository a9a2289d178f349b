import { unexpected } from './api.js'

export type ListResult<T> = { ok: true; items: T[]; total: number } | { ok: false; status: number; message: string }

/**
 * GET of an admin list API: the JSON array and its X-Total-Count (api() answers only the body).
 * Never throws.
 */
export async function fetchList<T>(url: string, signal?: AbortSignal): Promise<ListResult<T>> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal })
    const data = (await response.json().catch(() => null)) as unknown
    if (!response.ok || !Array.isArray(data)) {
      const message = (data as { message?: unknown } | null)?.message
      return { ok: false, status: response.status, message: typeof message === 'string' ? message : unexpected() }
    }
    const total = Number(response.headers.get('x-total-count'))
    return { ok: true, items: data as T[], total: Number.isFinite(total) && total >= 0 ? total : data.length }
  } catch {
    return { ok: false, status: 0, message: unexpected() }
  }
}
