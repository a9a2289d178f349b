import type { FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../../http/form-post.js'
import { IdParamsSchema } from '../../../http/schemas.js'
import type { FormState } from '../../../shared/form-state.js'
import { userForm } from '../guards.js'
import { imageOf, photoLimit } from './routes.js'
import type { Photos } from './service.js'
import { photoMessages } from './validation.js'

/** The refusals of the JSON route a profile answers again: no file (400), the account gone (404), too large (413), not an image (415), too many (429), the store full (507). */
const SHOWN_IN_PLACE = [400, 404, 413, 415, 429, 507]

const profileOf = (id: unknown) => `/users/profile/${encodeURIComponent(String(id))}`
const idOf = (request: FastifyRequest) => (request.params as { id?: unknown }).id

/**
 * Before any of the body is read: a visitor logs in and comes back to the profile, and a profile that
 * is not one's own (an administrator's view of a client's) gets the 403 page; the photo is never read.
 */
const ownerOnly = userForm(
  (request) => profileOf(idOf(request)),
  (user, request) => (Number(idOf(request)) === user.id ? undefined : photoMessages.notOwnPhoto),
)

/** The profile again, with the photo form's state. */
export type ShowPhotoForm = (request: FastifyRequest, reply: FastifyReply, form: FormState) => Promise<FastifyReply>

/**
 * The owner's photo form posted without JavaScript (contract §8), to /users/profile/:id, the profile
 * it sits on: the JSON route's limit, reading and service call; a 303 back to the profile with the
 * API's message, or the profile again at the JSON route's status with the refusal under the file.
 */
export function photoFormRoute(photos: Pick<Photos, 'change'>, show: ShowPhotoForm) {
  return {
    // attachValidation: a malformed id is someone else's profile (403), never a 400 of its own.
    schema: { hide: true, consumes: ['multipart/form-data'], params: IdParamsSchema },
    attachValidation: true,
    config: photoLimit,
    onRequest: ownerOnly,
    ...formPost({
      // The body is read by the action: the JSON route's reading and the service check the file.
      check: (body) => ({ ok: true, value: body }),
      keep: [],
      show,
      shownInPlace: SHOWN_IN_PLACE,
      act: async (_body, request) => {
        const userId = request.user!.id
        await photos.change(userId, await imageOf(request))
        return { to: profileOf(userId), message: photoMessages.updated }
      },
    }),
  }
}
