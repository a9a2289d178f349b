import type { FastifyRequest } from 'fastify'
import { listFilter, type ListQuery } from './lists.js'

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
