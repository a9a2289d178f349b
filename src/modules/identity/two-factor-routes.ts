import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { RateLimits } from '../../config.js'
import { originOf } from '../../http/origin.js'
import { QUARTER_HOUR_MS as QUARTER, userLimit } from '../../http/rate-limit.js'
import { operation } from '../../http/openapi.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { requireAdmin, requireUser } from './guards.js'
import { identityLimits } from './limits.js'
import { secondStep } from './login-http.js'
import { SessionUserSchema } from './schemas.js'
import type { Identity } from './service.js'
import { checkDisable, checkEnable, checkSecondStep, twoFactorTexts as texts } from './two-factor-validation.js'
import { refusals } from '../../shared/domain-error.js'
import { twoFactorWords } from './words.js'

/** The forms' refusals, said from the catalogue (issue 30). */
const refuse = refusals(twoFactorWords)

const field = () => Type.Optional(Type.String({ maxLength: 1000 }))
export const SetupAnswerSchema = Type.Object({ secret: Type.String({ examples: ['JBSWY3DPEHPK3PXP'] }), otpauthUrl: Type.String() }, { title: 'TwoFactorSetup' })
export const RecoveryCodesSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()) }, { title: 'RecoveryCodes' })
const CodeBodySchema = Type.Object({ code: field() }, { title: 'TwoFactorCode' })
/** `{code}` (contract §6), and the password the pages always send (required unless the session was opened in the last quarter of an hour). */
const EnableBodySchema = Type.Object({ code: field(), password: field() }, { title: 'EnableTwoFactor' })
const SecondStepBodySchema = Type.Object({ code: field(), recoveryCode: field() }, { title: 'LoginSecondStep' })
const DisableBodySchema = Type.Object({ password: field(), code: field() }, { title: 'DisableTwoFactor' })

/** Turning two-factor on and off, per user: the API and the two-factor page's forms count together (one bucket each). */
export function twoFactorLimits(limits: RateLimits) {
  return {
    enable: userLimit(limits.loginPerIp, QUARTER, 'two-factor-enable'),
    disable: userLimit(limits.loginPerIp, QUARTER, 'two-factor-disable'),
  }
}

/** Two-factor sign-in's API (contract §6): enrolment, the login's second step, turning it off. */
const twoFactorRoutes: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const { twoFactor } = identity
  const limits = app.config.rateLimits
  const perUser = userLimit(limits.loginPerIp, QUARTER)
  const { enable: enableLimit, disable: disableLimit } = twoFactorLimits(limits)

  app.post('/api/auth/2fa/setup', {
    schema: { ...operation('setupTwoFactor', 'Double authentification : un nouveau secret à enregistrer dans l’application', 'session'), tags: ['auth'], response: { 200: SetupAnswerSchema, ...errorResponses(401, 403, 409, 429) } },
    preHandler: requireUser,
    config: perUser,
  }, async (request) => twoFactor.setup(request.user!.id))

  app.post('/api/auth/2fa/enable', {
    schema: { ...operation('enableTwoFactor', 'Active la double authentification (premier code, et le mot de passe sauf juste après la connexion) ; donne les codes de secours', 'session'), tags: ['auth'], body: EnableBodySchema, response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) } },
    preHandler: requireUser,
    config: enableLimit,
  }, async (request) => {
    const checked = checkEnable(request.body, { passwordRequired: false })
    if (!checked.ok) throw refuse.form(checked)
    return { recoveryCodes: await twoFactor.enable(request.user!.id, checked.value.code, checked.value.password, originOf(request), request.sessionId) }
  })

  app.post('/api/auth/2fa/disable', {
    schema: { ...operation('disableTwoFactor', 'Désactive la double authentification (mot de passe et code)', 'session'), tags: ['auth'], body: DisableBodySchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 409, 429) } },
    preHandler: requireUser,
    config: disableLimit,
  }, async (request) => {
    const checked = checkDisable(request.body)
    if (!checked.ok) throw refuse.form(checked)
    await twoFactor.disable(request.user!.id, checked.value.password, checked.value.code, originOf(request))
    return { message: texts.disabled }
  })

  // The back-office's reset of a user's two-factor (security review of issue 15): guarded as
  // accepting or deleting a user (administrators; an administrator's account is refused, 403).
  app.post('/api/users/2fa/reset/:id', {
    schema: { ...operation('resetUserTwoFactor', 'Désactive la double authentification d’un utilisateur (administrateurs)', 'user'), tags: ['users'], params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: requireAdmin,
  }, async (request) => {
    await twoFactor.resetByAdmin(request.user!, request.params.id, originOf(request))
    return { message: texts.resetByAdmin }
  })

  app.post('/api/auth/login/2fa', {
    schema: { ...operation('loginSecondStep', 'Connexion, second temps : le code de l’application ou un code de secours', 'public'), tags: ['auth'], body: SecondStepBodySchema, response: { 200: SessionUserSchema, ...errorResponses(400, 401, 403, 429) } },
    config: identityLimits(limits).secondStep,
  }, async (request, reply) => {
    const checked = checkSecondStep(request.body)
    if (!checked.ok) throw refuse.form(checked)
    const sessionId = await secondStep(identity, request, reply, checked.value)
    return identity.sessions.user(sessionId)
  })
}

export default twoFactorRoutes
