import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { languageOf } from '../../http/language.js'
import { originOf } from '../../http/origin.js'
import { operation } from '../../http/openapi.js'
import { errorResponses, MessageSchema } from '../../http/schemas.js'
import { requireUser } from './guards.js'
import { identityLimits } from './limits.js'
import { passwordStep } from './login-http.js'
import { LoginAnswerSchema, LoginBodySchema, RegisterBodySchema, SessionUserSchema, UserTokenParamsSchema } from './schemas.js'
import { texts, type Identity } from './service.js'
import { checkLogin, checkRegistration } from './validation.js'
import { isWeakPassword } from './weak-passwords.js'
import { refusals } from '../../shared/domain-error.js'
import { accountWords } from './words.js'

/** The forms' refusals, said from the catalogue (issue 30). */
const refuse = refusals(accountWords)

/** Logout's answer to a plain form (no JavaScript): back home, no body. */
const SENT_HOME = { type: 'null', description: 'Formulaire sans JavaScript (Accept: text/html) : retour à l’accueil', headers: { Location: { type: 'string', example: '/' } } } as const

/** /api/auth/*: registration, login, logout, status and e-mail verification (spec §7). */
const authRoutes: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const limits = app.config.rateLimits
  const shared = identityLimits(limits)

  app.post('/api/auth/register', {
    schema: { ...operation('register', 'Crée un compte (à vérifier par e-mail, puis à accepter par le cabinet)', 'public'), tags: ['auth'], body: RegisterBodySchema, response: { 201: MessageSchema, ...errorResponses(400, 403, 409, 429) } },
    config: shared.register,
  }, async (request, reply) => {
    const checked = checkRegistration(request.body, isWeakPassword)
    if (!checked.ok) throw refuse.form(checked)
    await identity.register(checked.value, originOf(request), languageOf(request))
    return reply.code(201).send({ message: texts.registered })
  })

  app.post('/api/auth/login', {
    schema: { ...operation('login', 'Se connecter : ouvre la session, ou demande le second facteur', 'public'), tags: ['auth'], body: LoginBodySchema, response: { 200: LoginAnswerSchema, ...errorResponses(400, 403, 429) } },
    config: shared.login,
  }, async (request, reply) => {
    const checked = checkLogin(request.body)
    if (!checked.ok) throw refuse.form(checked)
    const sessionId = await passwordStep(identity, request, reply, checked.value)
    return sessionId ? identity.sessions.user(sessionId) : { twoFactorRequired: true as const }
  })

  app.post('/api/auth/logout', {
    schema: { ...operation('logout', 'Se déconnecter', 'session'), tags: ['auth'], response: { 200: MessageSchema, 303: SENT_HOME, ...errorResponses(401, 403) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    await reply.endSession()
    // The menus' plain form (no JavaScript) asks for a page: logout returns home (spec §2).
    if (request.headers.accept?.includes('text/html')) return reply.redirect('/', 303)
    return { message: texts.loggedOut }
  })

  app.get('/api/auth/status', {
    schema: { ...operation('getCurrentUser', 'L’utilisateur connecté', 'user'), tags: ['auth'], response: { 200: SessionUserSchema, ...errorResponses(401) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    await reply.refreshSession()
    return request.user!
  })

  app.get('/api/auth/:userId/verify/:token', {
    schema: { ...operation('verifyEmail', 'Vérifie l’adresse e-mail (lien du mail d’inscription)', 'public'), tags: ['auth'], params: UserTokenParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 429) } },
    config: shared.verify,
    // Its GET verifies (spec §7's path): a HEAD, a link checker's or a mail scanner's, must not (issue 34).
    exposeHeadRoute: false,
  }, async (request) => ({ message: await identity.verifyEmail(request.params.userId, request.params.token, originOf(request)) }))
}

export default authRoutes
