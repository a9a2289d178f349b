import type { ListState } from '../../../src/http/list-pages.js'

export type { ListState }

/** Mirrors src/http/lists.ts DEFAULT_PAGE_SIZE, which an island cannot import (it pulls in TypeBox). */
export const DEFAULT_LIST_PAGE_SIZE = 50

export const EMPTY_LIST_STATE: ListState = { q: '', from: '', to: '', page: 1, pageSize: DEFAULT_LIST_PAGE_SIZE }

/**
 * The query string of a list state, defaults left out so links stay short: `?q=x&page=2`, or ''
 * when everything is at its default. Pages, pager links and the API share it.
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

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** "1 résultat", "123 résultats" */
export function resultsLabel(total: number): string {
  return `${total} résultat${total > 1 ? 's' : ''}`
}
