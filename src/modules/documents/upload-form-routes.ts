import type { FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import type { FormState } from '../../shared/form-state.js'
import { userForm } from '../identity/index.js'
import type { Documents } from './service.js'
import { uploadSteps } from './upload-http.js'
import { messages } from './validation.js'

/** The refusals of POST /api/documents/upload a page answers again: its checks, a request not the client's (404) or closed (409), too large or a full space (413), a refused type (415), too many (429), the store full (507). */
const SHOWN_IN_PLACE = [400, 404, 409, 413, 415, 429, 507]

/**
 * Before any of the body is read (the API's 401 and 403): a visitor logs in and comes back to the
 * client's space, an account not yet accepted gets the 403 page; the file is never read.
 */
const uploaderOnly = userForm(
  () => '/files',
  (user) => (user.isAccepted ? undefined : messages.notAccepted),
)

/** The page the form is on again, with the form's state. */
export type ShowUploadForm = (request: FastifyRequest, reply: FastifyReply, form: FormState) => Promise<FastifyReply>

/**
 * The client's upload form posted without JavaScript (contract §8): one file, to the page it sits on.
 * The JSON route's refusals before the body is read, then its reading and service call (uploadSteps);
 * a 303 home (to the client's space when it answers a request, as the island goes) with the API's
 * message, or the page again at the JSON route's status with each error under its field.
 */
export function uploadFormRoute(documents: Documents, uploadPerUser: number, show: ShowUploadForm) {
  const steps = uploadSteps(documents, uploadPerUser)
  return {
    schema: { hide: true, consumes: ['multipart/form-data'] },
    config: steps.limit,
    onRequest: [uploaderOnly, steps.refuseDeclaredTooLarge],
    preHandler: steps.refuseWhenFull,
    ...formPost({
      // The body is read by the action: the service checks its fields and its file with the JSON route's rules.
      check: (body) => ({ ok: true, value: body }),
      keep: ['type', 'description', 'requestId'],
      show,
      shownInPlace: SHOWN_IN_PLACE,
      act: async (_body, request) => {
        await steps.receive(request)
        const answering = Boolean((request.body as Record<string, string>).requestId?.trim())
        return { to: answering ? '/files' : '/', message: messages.uploaded }
      },
    }),
  }
}
