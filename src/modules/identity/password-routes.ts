import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { originOf } from '../../http/origin.js'
import { operation } from '../../http/openapi.js'
import { errorResponses, MessageSchema } from '../../http/schemas.js'
import { requireUser } from './guards.js'
import { identityLimits } from './limits.js'
import { ChangePasswordBodySchema, ForgotBodySchema, ResetBodySchema, TokenParamsSchema, UserIdParamsSchema, UserTokenParamsSchema } from './schemas.js'
import { texts, type Identity } from './service.js'
import { checkChangePassword, checkForgot, checkReset } from './validation.js'
import { isWeakPassword } from './weak-passwords.js'
import { refusals } from '../../shared/domain-error.js'
import { accountWords } from './words.js'

/** The forms' refusals, said from the catalogue (issue 30). */
const refuse = refusals(accountWords)

/** /api/password/*: forgotten password, reset link, reset and change (spec §7). */
const passwordRoutes: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const shared = identityLimits(app.config.rateLimits)

  app.post('/api/password', {
    schema: { ...operation('requestPasswordReset', 'Mot de passe oublié : envoie le lien par e-mail', 'public'), tags: ['password'], body: ForgotBodySchema, response: { 200: MessageSchema, ...errorResponses(400, 403, 429) } },
    config: shared.forgot,
  }, async (request) => {
    const checked = checkForgot(request.body)
    if (!checked.ok) throw refuse.form(checked)
    identity.requestReset(checked.value.email)
    return { message: texts.forgotSent }
  })

  app.get('/api/password/:userId/:token', {
    schema: { ...operation('checkPasswordResetLink', 'Vérifie un lien de réinitialisation', 'public'), tags: ['password'], params: UserTokenParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 429) } },
    config: shared.resetLink,
  }, async (request) => {
    await identity.checkResetLink(request.params.userId, request.params.token)
    return { message: texts.resetValid }
  })

  app.post('/api/password/reset/:token', {
    schema: { ...operation('resetPassword', 'Choisit un nouveau mot de passe (lien du mail)', 'public'), tags: ['password'], params: TokenParamsSchema, body: ResetBodySchema, response: { 200: MessageSchema, ...errorResponses(400, 403, 429) } },
    config: shared.reset,
  }, async (request) => {
    const checked = checkReset(request.body, isWeakPassword)
    if (!checked.ok) throw refuse.form(checked)
    await identity.resetPassword(request.params.token, checked.value.password, originOf(request))
    return { message: texts.resetDone }
  })

  app.post('/api/password/changepassword/:userId', {
    schema: { ...operation('changePassword', 'Change son mot de passe', 'session'), tags: ['password'], params: UserIdParamsSchema, body: ChangePasswordBodySchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 429) } },
    config: shared.change,
    preHandler: requireUser,
  }, async (request) => {
    if (request.user!.id !== request.params.userId) throw refuse('forbidden', 'notOwn')
    const checked = checkChangePassword(request.body, isWeakPassword)
    if (!checked.ok) throw refuse.form(checked)
    await identity.changePassword(request.user!.id, request.sessionId, checked.value.oldPassword, checked.value.newPassword, originOf(request))
    return { message: texts.changed }
  })
}

export default passwordRoutes
