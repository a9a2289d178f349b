import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { HOUR_MS, userLimit } from '../../http/rate-limit.js'
import { operation } from '../../http/openapi.js'
import { DateTimeSchema, errorResponses, IdParamsSchema, MessageSchema, NullableDateTimeSchema } from '../../http/schemas.js'
import { accessTokenTexts as texts, checkNewAccessToken } from './access-token-validation.js'
import { requireUser } from './guards.js'
import type { Identity } from './service.js'
import { refusals } from '../../shared/domain-error.js'
import { accessTokenWords, twoFactorWords } from './words.js'

/** The forms' refusals, said from the catalogue (issue 30). */
const refuse = refusals(accessTokenWords)

const NewTokenBodySchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  // A form sends text, a script a number: both are checked by the shared validation.
  expiresInDays: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 10 })])),
})
export const NewAccessTokenSchema = Type.Object({ id: Type.Integer(), name: Type.String(), token: Type.String(), expiresAt: DateTimeSchema })
export const AccessTokenSchema = Type.Object({ id: Type.Integer(), name: Type.String(), createdAt: DateTimeSchema, lastUsedAt: NullableDateTimeSchema, expiresAt: DateTimeSchema })

/** Tokens made per user and hour: plenty for a person, a ceiling for a session gone astray; the API and the profile's form count together. */
const CREATED_PER_HOUR = 30
export const tokenCreationLimit = userLimit(CREATED_PER_HOUR, HOUR_MS, 'access-tokens')

/**
 * Who may make a token, for the API and the profile's form alike: a session (defence in depth: the
 * account-management rule already refuses a token), and under REQUIRE_ADMIN_2FA an administrator's
 * session proven with the second factor.
 */
export function refuseTokenCreation(requireAdmin2fa: boolean, request: FastifyRequest): void {
  const user = request.user!
  if (request.authenticatedBy !== 'session') throw refuse('forbidden', 'fromSessionOnly')
  if (requireAdmin2fa && user.isAdmin && !(user.twoFactor && user.secondFactor)) throw refusals(twoFactorWords)('forbidden', 'adminRequired')
}

/**
 * /api/auth/tokens (contract §8): the logged-in user's personal access tokens. Only a session manages
 * them: under /api/auth/, every one of these is refused to a token (`isAccountManagement` in ./access.ts).
 */
const accessTokenRoutes: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const tags = ['auth']

  app.post('/api/auth/tokens', {
    schema: { ...operation('createAccessToken', 'Crée un jeton d’accès personnel (affiché une seule fois)', 'session'), tags, body: NewTokenBodySchema, response: { 201: NewAccessTokenSchema, ...errorResponses(400, 401, 403, 429) } },
    preHandler: requireUser,
    config: tokenCreationLimit,
  }, async (request, reply) => {
    const user = request.user!
    refuseTokenCreation(app.config.requireAdmin2fa, request)
    const checked = checkNewAccessToken(request.body)
    if (!checked.ok) throw refuse.form(checked)
    return reply.code(201).send(await identity.accessTokens.create(user, checked.value))
  })

  app.get('/api/auth/tokens', {
    schema: { ...operation('listAccessTokens', 'Mes jetons d’accès personnels (sans leur secret)', 'session'), tags, response: { 200: Type.Array(AccessTokenSchema), ...errorResponses(401, 403) } },
    preHandler: requireUser,
  }, async (request) => identity.accessTokens.list(request.user!.id))

  app.delete('/api/auth/tokens/:id', {
    schema: { ...operation('revokeAccessToken', 'Révoque un de mes jetons d’accès', 'session'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) } },
    preHandler: requireUser,
  }, async (request) => {
    await identity.accessTokens.revoke(request.user!.id, request.params.id)
    return { message: texts.revoked }
  })
}

export default accessTokenRoutes
