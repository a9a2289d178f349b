import type { FastifyRequest } from 'fastify'
import { searchOf, type ListState } from '../shared/list-search.js'
import { listFilter, type ListQuery } from './lists.js'

export type { ListState }

/**
 * The list query of an admin page, read with `attachValidation`: a hand-edited, invalid URL
 * shows the list with its defaults rather than an error page.
 */
export function listQueryOf(request: FastifyRequest): ListQuery {
  return request.validationError ? {} : (request.query as ListQuery)
}

/** The same query, normalised (trimmed q, clamped page size), as the page's island receives it. */
export function listStateOf(query: ListQuery): ListState {
  const filter = listFilter(query)
  return { q: filter.q, from: filter.from ?? '', to: filter.to ?? '', page: filter.page, pageSize: filter.pageSize }
}

/** A list page's address with its query, normalised: where a form of one of its rows goes back to (same-origin by construction). */
export function listAddress(path: string, query: ListQuery): string {
  return `${path}${searchOf(listStateOf(query))}`
}
