import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { HttpError } from '../../http/errors.js'
import { originOf } from '../../http/origin.js'
import { ipLimit, QUARTER_HOUR_MS as QUARTER, userLimit } from '../../http/rate-limit.js'
import { errorResponses, MessageSchema } from '../../http/schemas.js'
import { requireUser } from './guards.js'
import { clearPendingLogin, pendingLoginToken } from './pending-login-cookie.js'
import { SessionUserSchema } from './schemas.js'
import type { Identity } from './service.js'
import { checkDisable, checkSecondStep, checkTwoFactorCode, twoFactorTexts as texts } from './two-factor-validation.js'

const field = () => Type.Optional(Type.String({ maxLength: 1000 }))
export const SetupAnswerSchema = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() })
export const RecoveryCodesSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()) })
const CodeBodySchema = Type.Object({ code: field() })
const SecondStepBodySchema = Type.Object({ code: field(), recoveryCode: field() })
const DisableBodySchema = Type.Object({ password: field(), code: field() })

/** Two-factor sign-in's API (contract §6): enrolment, the login's second step, turning it off. */
const twoFactorRoutes: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const { twoFactor } = identity
  const limits = app.config.rateLimits
  const perUser = userLimit(limits.loginPerIp, QUARTER)

  app.post('/api/auth/2fa/setup', {
    schema: { tags: ['auth'], response: { 200: SetupAnswerSchema, ...errorResponses(401, 403, 409, 429) } },
    preHandler: requireUser,
    config: perUser,
  }, async (request) => twoFactor.setup(request.user!.id))

  app.post('/api/auth/2fa/enable', {
    schema: { tags: ['auth'], body: CodeBodySchema, response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) } },
    preHandler: requireUser,
    config: perUser,
  }, async (request) => {
    const checked = checkTwoFactorCode(request.body)
    if (!checked.ok) throw new HttpError(400, checked.message)
    return { recoveryCodes: await twoFactor.enable(request.user!.id, checked.value.code, originOf(request)) }
  })

  app.post('/api/auth/2fa/disable', {
    schema: { tags: ['auth'], body: DisableBodySchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 409, 429) } },
    preHandler: requireUser,
    config: perUser,
  }, async (request) => {
    const checked = checkDisable(request.body)
    if (!checked.ok) throw new HttpError(400, checked.message)
    await twoFactor.disable(request.user!.id, checked.value.password, checked.value.code, originOf(request))
    return { message: texts.disabled }
  })

  app.post('/api/auth/login/2fa', {
    schema: { tags: ['auth'], body: SecondStepBodySchema, response: { 200: SessionUserSchema, ...errorResponses(400, 401, 403, 429) } },
    config: ipLimit(limits.loginPerIp, QUARTER),
  }, async (request, reply) => {
    const checked = checkSecondStep(request.body)
    if (!checked.ok) throw new HttpError(400, checked.message)
    const token = pendingLoginToken(request)
    if (!token) throw new HttpError(401, texts.loginExpired)
    let userId: number
    try {
      userId = await twoFactor.completeLogin(token, checked.value)
    } catch (error) {
      // The pending login is over (expired, or the fifth wrong code): its cookie goes with it.
      if (error instanceof HttpError && error.statusCode !== 400) clearPendingLogin(reply)
      throw error
    }
    clearPendingLogin(reply)
    if (request.user) await reply.endSession()
    const sessionId = await reply.startSession(userId)
    return identity.sessions.user(sessionId)
  })
}

export default twoFactorRoutes
