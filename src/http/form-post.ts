import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { FormError, FormState } from '../shared/form-state.js'
import type { Checked } from '../shared/validation.js'
import type { DomainError } from '../shared/domain-error.js'
import { atTheEdge, bodyPending, HttpError } from './errors.js'
import { closeWithoutReading } from './lingering-close.js'

/**
 * A page's form posted without JavaScript (contract §8): the route's own check, then its action;
 * a 303 with a flash message, or the page again with the errors in place (each under its field when
 * the error names it: HttpError.fields) and the status the JSON route answers for them (400, 401,
 * 409, 429, or those the form names). Any other error goes to the app's handler, which answers a
 * page's post with the error page (JSON is only the API's): so does a `show` that throws (the client
 * of the page deleted while its file arrived).
 */
export interface FormPost<T> {
  /** The JSON route's check: the same rules and French messages. */
  check(body: Record<string, unknown>): Checked<T>
  /** The fields typed again into the page answered again; never a password. */
  keep: readonly string[]
  /** The page again, given the form's state. */
  show(request: FastifyRequest, reply: FastifyReply, form: FormState): Promise<FastifyReply>
  /**
   * Does it: where the browser goes next, and what the next page says (nothing for a step between);
   * or the page answered at once (`answered`), for what is shown once and never kept in a flash or
   * an address (a new access token, recovery codes).
   */
  act(value: T, request: FastifyRequest, reply: FastifyReply): Promise<{ to: string; message?: string } | { answered: FastifyReply }>
  /** The statuses answered with the page again; by default 400, 401, 409 and 429 (an upload adds 404, 413, 415, 507). */
  shownInPlace?: readonly number[]
}

const SHOWN_IN_PLACE = [400, 401, 409, 429] as const

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  return typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {}
}

function keptValues(body: Record<string, unknown>, keep: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const field of keep) if (typeof body[field] === 'string') values[field] = body[field]
  return values
}

/**
 * The route's `handler` and `errorHandler`: the latter catches what the action, the rate limit or
 * the service throws (an HttpError, or a domain error in the request's language) so that it too is
 * shown on the page, at its JSON status.
 */
export function formPost<T>(post: FormPost<T>) {
  const shownInPlace = new Set<number>(post.shownInPlace ?? SHOWN_IN_PLACE)
  const again = (request: FastifyRequest, reply: FastifyReply, status: number, errors: FormError[]) =>
    post.show(request, reply.code(status), { values: keptValues(bodyOf(request), post.keep), errors })

  return {
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const checked = post.check(bodyOf(request))
      if (!checked.ok) return again(request, reply, 400, checked.errors ?? [{ message: checked.message }])
      const next = await post.act(checked.value, request, reply)
      if ('answered' in next) return next.answered
      if (next.message) reply.flash({ type: 'success', message: next.message })
      return reply.redirect(next.to, 303)
    },
    async errorHandler(raised: FastifyError | HttpError | DomainError, request: FastifyRequest, reply: FastifyReply) {
      const error = atTheEdge(request, raised)
      if (!(error instanceof HttpError) || !shownInPlace.has(error.statusCode)) throw raised
      reply.headers(error.headers)
      // Refused before its body was read (an upload too large, a full space): answered without reading it.
      if (bodyPending(request.raw)) closeWithoutReading(request, reply)
      return again(request, reply, error.statusCode, error.fields.length > 0 ? error.fields : [{ message: error.message }])
    },
  }
}
