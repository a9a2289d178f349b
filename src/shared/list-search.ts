/** One admin list's query as the page and the island see it: plain strings and numbers (contract §2). */
export interface ListState {
  q: string
  /** Inclusive days `YYYY-MM-DD`, or '' for no bound. */
  from: string
  to: string
  page: number
  pageSize: number
  /** A list's own filters beyond contract §2's (requests' `status`, `userId`), kept in its links. */
  filters?: Record<string, string>
}

/** Mirrors src/http/lists.ts DEFAULT_PAGE_SIZE, which an island cannot import (it pulls in TypeBox). */
export const DEFAULT_LIST_PAGE_SIZE = 50

/**
 * The query string of a list state, defaults left out so links stay short: `?q=x&page=2`, or ''
 * when everything is at its default. Pages, pager links, the API and the back-office's forms (the
 * list they go back to) share it.
 */
export function searchOf(state: ListState): string {
  const params = new URLSearchParams()
  if (state.q) params.set('q', state.q)
  if (state.from) params.set('from', state.from)
  if (state.to) params.set('to', state.to)
  for (const [name, value] of Object.entries(state.filters ?? {})) if (value) params.set(name, value)
  if (state.page > 1) params.set('page', String(state.page))
  if (state.pageSize !== DEFAULT_LIST_PAGE_SIZE) params.set('pageSize', String(state.pageSize))
  const text = params.toString()
  return text ? `?${text}` : ''
}
