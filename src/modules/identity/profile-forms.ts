import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import { originOf } from '../../http/origin.js'
import { genericMessage } from '../../http/errors.js'
import { userForm } from './guards.js'
import { SessionParamsSchema } from './schemas.js'
import { texts, type Identity } from './service.js'

/** The owner's profile, at one of its sections. */
export const profileSection = (request: FastifyRequest, section: string) => `/users/profile/${request.user!.id}#${section}`
/** A visitor logs in and comes back to the profile (their own: /users/profile/:id needs the id, which the login gives). */
const profileAfterLogin = () => '/users/profile'
const anyUser = () => undefined
/** What a button's post answers with the profile and an error toast; the same-origin check's 403 stays the app's. */
const BUTTON_REFUSALS = [400, 404, 409, 429]
const nothingToCheck = () => ({ ok: true as const, value: null })

/** A form of buttons only: a refusal goes back to the profile's section as an error toast (as a row form without confirmation). */
const backWithError = (section: string) => async (request: FastifyRequest, reply: FastifyReply, form: { errors: { message: string }[] }) =>
  reply.flash({ type: 'error', message: form.errors[0]?.message ?? genericMessage(400) }).redirect(profileSection(request, section), 303)

/**
 * The profile's account forms posted without JavaScript (contract §8): the sessions' ends, with the
 * JSON routes' service calls (session-routes.ts), so the journal's entries are the API's.
 */
const profileForms: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const guard = userForm(profileAfterLogin, anyUser)
  const SESSIONS = 'profile-sessions-title'

  const endOne = formPost({
    check: nothingToCheck,
    keep: [],
    show: backWithError(SESSIONS),
    act: async (_none, request, reply) => {
      const { current } = await identity.sessions.revoke(request.user!, (request.params as { id: string }).id, request.sessionId, originOf(request))
      // Ending the session in use is a logout: its cookie goes too, and the browser to /login.
      if (current) {
        reply.forgetSession()
        return { to: '/login', message: texts.sessionEnded }
      }
      return { to: profileSection(request, SESSIONS), message: texts.sessionEnded }
    },
    shownInPlace: BUTTON_REFUSALS,
  })
  app.post('/users/profile/sessions/:id/end', { schema: { hide: true, params: SessionParamsSchema }, attachValidation: true, preHandler: guard, handler: endOne.handler, errorHandler: endOne.errorHandler })

  const endOthers = formPost({
    check: nothingToCheck,
    keep: [],
    show: backWithError(SESSIONS),
    act: async (_none, request) => {
      await identity.sessions.revokeOthers(request.user!, request.sessionId, originOf(request))
      return { to: profileSection(request, SESSIONS), message: texts.otherSessionsEnded }
    },
    shownInPlace: BUTTON_REFUSALS,
  })
  app.post('/users/profile/sessions/end-others', { schema: { hide: true }, preHandler: guard, handler: endOthers.handler, errorHandler: endOthers.errorHandler })
}
export default profileForms
