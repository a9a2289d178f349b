import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { formPost } from '../../http/form-post.js'
import { originOf } from '../../http/origin.js'
import { operation } from '../../http/openapi.js'
import { formLimit } from '../../http/rate-limit.js'
import { errorResponses } from '../../http/schemas.js'
import type { FormState } from '../../shared/form-state.js'
import { invitationTexts } from './invitations.js'
import { identityLimits } from './limits.js'
import { InvitationAnswerSchema, SessionUserSchema, TokenParamsSchema } from './schemas.js'
import type { Identity } from './service.js'
import { checkInvitationAnswer } from './validation.js'
import type { IdentityViews } from './views.js'
import { isWeakPassword } from './weak-passwords.js'
import { refusals } from '../../shared/domain-error.js'
import { invitationWords, accountWords } from './words.js'

/** The forms' refusals, said from the catalogue (issue 30). */
const refuse = refusals(invitationWords, [accountWords])

/** A link's token as the page's address holds it; a malformed one shows the invalid link, never a 400. */
const PageParamsSchema = Type.Object({ token: Type.String({ maxLength: 200 }) })
const WELL_FORMED = /^[A-Za-z0-9_-]{20,100}$/

/**
 * Invitations (contract §9): the page behind the mailed link, its form posted without JavaScript,
 * and the API that opens the account and its session. Whoever was logged in on this browser is
 * logged out first: the link opens the invited person's session.
 */
const invitationRoutes: FastifyPluginAsyncTypebox<{ identity: Identity; views: IdentityViews }> = async (app, { identity, views }) => {
  const limit = identityLimits(app.config.rateLimits).invitation

  async function open(token: string, answer: { username: string; password: string }, request: FastifyRequest, reply: FastifyReply) {
    const userId = await identity.invitations.accept(token, answer, originOf(request))
    if (request.user) await reply.endSession()
    return reply.startSession(userId)
  }

  async function show(token: string, reply: FastifyReply, form?: FormState) {
    const invitation = WELL_FORMED.test(token) ? await identity.invitations.find(token) : undefined
    return reply.header('cache-control', 'no-store').render(views.InvitationPage, { token: invitation ? token : '', invitation: invitation ? { email: invitation.email, username: invitation.username, team: invitation.team } : null, ...(form ? { form } : {}) })
  }

  app.get('/invitations/:token', { schema: { hide: true, params: PageParamsSchema }, config: limit }, (request, reply) => show(request.params.token, reply))

  app.post('/invitations/:token', { schema: { hide: true, params: PageParamsSchema }, config: formLimit(limit), ...formPost({
    check: (body) => checkInvitationAnswer(body, isWeakPassword),
    keep: ['username'],
    show: (request, reply, form) => show((request.params as { token: string }).token, reply, form),
    act: async (answer, request, reply) => {
      const sessionId = await open((request.params as { token: string }).token, answer, request, reply)
      const user = await identity.sessions.user(sessionId)
      return { to: user?.isAdmin ? '/admin-dashboard' : '/files', message: invitationTexts.accepted }
    },
  }) })

  app.post('/api/invitations/:token', {
    schema: { ...operation('acceptInvitation', 'Accepte une invitation : choisit son nom et son mot de passe, ouvre la session', 'public'), tags: ['auth'], params: TokenParamsSchema, body: InvitationAnswerSchema, response: { 200: SessionUserSchema, ...errorResponses(400, 403, 429) } },
    config: limit,
  }, async (request, reply) => {
    const checked = checkInvitationAnswer(request.body, isWeakPassword)
    if (!checked.ok) throw refuse.form(checked)
    const sessionId = await open(request.params.token, checked.value, request, reply)
    return identity.sessions.user(sessionId)
  })
}

export default invitationRoutes
