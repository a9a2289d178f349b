import type { FastifyRequest } from 'fastify'
import type { ListState } from '../shared/list-search.js'
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
