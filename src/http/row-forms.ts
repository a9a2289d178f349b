import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import type { FormState } from '../shared/form-state.js'
import { searchOf } from '../shared/list-search.js'
import { genericMessage, HttpError } from './errors.js'
import { formPost } from './form-post.js'
import { listQueryOf, listStateOf, type ListState } from './list-pages.js'
import { ListQuerySchema } from './lists.js'
import { isOwnSiteRequest } from './same-origin.js'
import { IdParamsSchema } from './schemas.js'

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/** The back-office's guards, handed in by the module (identity owns them): a page's, and a form's given the page to come back to. */
export interface RowFormGuards {
  page: Guard
  form: (pageOf: (request: FastifyRequest) => string) => Guard
}

/**
 * One action of an admin list's rows without JavaScript (contract §8): a form posted to
 * `${list}/:id/${action}`, answered by a 303 back to the list (its query kept) with the API's
 * message as a flash.
 */
export interface RowForm<Row> {
  /** The list page the rows are on. */
  list: string
  action: string
  /**
   * The confirmation page standing in for the dialog (a GET at the same address, holding the form);
   * absent, the row's own button posts and a refusal goes back to the list as an error toast.
   */
  confirm?: {
    /** The row it is about, or a 404 when it is gone (or out of the asker's reach: `request.user`'s scope). */
    find(id: number, request: FastifyRequest): Promise<Row>
    show(reply: FastifyReply, props: { row: Row; query: ListState; form?: FormState }): Promise<FastifyReply>
  }
  /** The JSON route's service call; answers the JSON route's message. */
  act(id: number, request: FastifyRequest): Promise<string>
  /** A list with filters of its own (requests' `status`, `userId`): its query's schema, and the filters kept in its address. */
  filtered?: { querystring: TSchema; filters(query: Record<string, unknown>): Record<string, string> }
}

/** A malformed id names no row; a bad list query (a hand-edited address) is the list's defaults. */
const rowSchema = { hide: true, params: IdParamsSchema, querystring: ListQuerySchema as TSchema }

/** The row's id from the path, read with `attachValidation`: a malformed one names no row (404). */
export function idOf(request: FastifyRequest): number {
  const id = (request.params as { id?: unknown }).id
  if (typeof id !== 'number') throw new HttpError(404, genericMessage(404))
  return id
}

export function registerRowForm<Row>(app: FastifyInstance, guards: RowFormGuards, { list, action, confirm, act, filtered }: RowForm<Row>) {
  const address = `${list}/:id/${action}`
  const schema = filtered ? { ...rowSchema, querystring: filtered.querystring } : rowSchema
  /** The list's query, normalised, with its own filters. */
  const stateOf = (request: FastifyRequest): ListState => {
    const query = listQueryOf(request)
    const filters = filtered?.filters(query as Record<string, unknown>)
    return { ...listStateOf(query), ...(filters ? { filters } : {}) }
  }
  const back = (request: FastifyRequest) => `${list}${searchOf(stateOf(request))}`

  if (confirm) {
    // Opened from another site's link (a mail, a page), it would put a one-click action in front of
    // an administrator that the dialog never did: such a visit goes to the list instead.
    app.get(address, { schema, attachValidation: true, preHandler: guards.page }, async (request, reply) =>
      isOwnSiteRequest(request) ? confirm.show(reply, { row: await confirm.find(idOf(request), request), query: stateOf(request) }) : reply.redirect(back(request), 303),
    )
  }

  const post = formPost<number>({
    check: () => ({ ok: true, value: 0 }),
    keep: [],
    show: async (request, reply, form) => {
      if (!confirm) return reply.flash({ type: 'error', message: form.errors[0]?.message ?? genericMessage(400) }).redirect(back(request), 303)
      return confirm.show(reply, { row: await confirm.find(idOf(request), request), query: stateOf(request), form })
    },
    act: async (_none, request) => ({ to: back(request), message: await act(idOf(request), request) }),
  })
  // A visitor logs in and comes back to the confirmation page (the same address), or to the list.
  const pageOf = (request: FastifyRequest) => (confirm ? request.url : back(request))
  app.post(address, { schema, attachValidation: true, preHandler: guards.form(pageOf), ...post })
}
