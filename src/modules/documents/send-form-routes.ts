import type { FastifyReply, FastifyRequest } from 'fastify'
import { atTheEdge, bodyPending, HttpError } from '../../http/errors.js'
import { formPost } from '../../http/form-post.js'
import { closeWithoutReading } from '../../http/lingering-close.js'
import { rememberPath } from '../../http/return-to.js'
import { IdParamsSchema } from '../../http/schemas.js'
import type { FormState } from '../../shared/form-state.js'
import { requireFirm, scopeOf } from '../identity/index.js'
import type { Documents } from './service.js'
import { sendSteps } from './sent-routes.js'
import { messages } from './validation.js'

/** The refusals of POST /api/documents/send/:userId a page answers again: its checks (400), the client gone or no longer one while the file arrived (404, 409), too large (413), a refused type (415), the store full (507). */
const SHOWN_IN_PLACE = [400, 404, 409, 413, 415, 507]

/** The page the form is on again, with the form's state. */
export type ShowSendForm = (request: FastifyRequest, reply: FastifyReply, form: FormState) => Promise<FastifyReply>

/** The client of the page's `:id`, read before the parameters are validated (onRequest); 0, no one, when malformed. */
function recipientOf(request: FastifyRequest): number {
  const id = String((request.params as { id?: unknown }).id ?? '')
  return /^[0-9]{1,15}$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : 0
}

/**
 * The firm's send form posted without JavaScript (contract §8): one file, to the client's send page
 * (`/admin-dashboard/clients/:id/send`, which `show` draws). The JSON route's refusals before the
 * body is read, then its reading and service call (sendSteps); a 303 to the client's page (its sent documents) with
 * the API's message, or the page again at the JSON route's status with each error under its field. On
 * any failure nothing is stored.
 */
export function sendFormRoute(documents: Documents, sendPerUser: number, show: ShowSendForm) {
  const steps = sendSteps(documents, sendPerUser)

  /**
   * Before any of the body is read, in the API's order: a visitor (a session that ended) logs in and
   * comes back to the send page, anyone but the firm's people gets the 403 page, an account that cannot
   * receive documents (or a client the staff member does not serve) its error page (404, 409); the file is never read.
   */
  async function firmToClient(request: FastifyRequest, reply: FastifyReply) {
    try {
      await requireFirm(request)
      await documents.checkRecipient(recipientOf(request), scopeOf(request.user))
    } catch (raised) {
      const error = atTheEdge(request, raised)
      if (!(error instanceof HttpError)) throw error
      if (bodyPending(request.raw)) closeWithoutReading(request, reply)
      if (error.statusCode === 401) {
        rememberPath(reply, request.url)
        return reply.redirect('/login', 303)
      }
      return reply.code(error.statusCode).renderError(error.statusCode, error.message)
    }
    await reply.refreshSession()
  }

  return {
    // attachValidation: a malformed id is no client, refused above (404) before any of the body is read.
    schema: { hide: true, consumes: ['multipart/form-data'], params: IdParamsSchema },
    attachValidation: true,
    onRequest: [firmToClient, steps.refuseDeclaredTooLarge],
    config: steps.limit,
    ...formPost({
      // The body is read by the action: the JSON route's reading and the service check its fields and its file.
      check: (body) => ({ ok: true, value: body }),
      keep: ['name', 'description', 'requestId'],
      show,
      shownInPlace: SHOWN_IN_PLACE,
      act: async (_body, request) => {
        const userId = recipientOf(request)
        await steps.receive(request, userId)
        return { to: `/users/profile/${userId}#firm-sent-title`, message: messages.sent }
      },
    }),
  }
}
