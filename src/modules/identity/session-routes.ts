import { originOf } from '../../http/origin.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@fastify/type-provider-typebox'
import { operation } from '../../http/openapi.js'
import { errorResponses, MessageSchema } from '../../http/schemas.js'
import { requireUser } from './guards.js'
import { SessionParamsSchema, SessionSchema } from './schemas.js'
import { texts, type Identity } from './service.js'

/** /api/auth/sessions (contract §6): the logged-in user's sessions, listed and ended. */
const sessionRoutes: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const tags = ['auth']

  app.get('/api/auth/sessions', {
    schema: { ...operation('listSessions', 'Mes sessions ouvertes (appareils)', 'session'), tags, response: { 200: Type.Array(SessionSchema), ...errorResponses(401) } },
    preHandler: requireUser,
  }, async (request) => identity.sessions.list(request.user!.id, request.sessionId))

  app.delete('/api/auth/sessions/:id', {
    schema: { ...operation('endSession', 'Déconnecte une de mes sessions', 'session'), tags, params: SessionParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    const { current } = await identity.sessions.revoke(request.user!, request.params.id, request.sessionId, originOf(request))
    // Ending the session in use is a logout: its cookie goes too.
    if (current) reply.forgetSession()
    return { message: texts.sessionEnded }
  })

  app.delete('/api/auth/sessions', {
    schema: { ...operation('endOtherSessions', 'Déconnecte toutes mes autres sessions', 'session'), tags, response: { 200: MessageSchema, ...errorResponses(401, 403) } },
    preHandler: requireUser,
  }, async (request) => {
    await identity.sessions.revokeOthers(request.user!, request.sessionId, originOf(request))
    return { message: texts.otherSessionsEnded }
  })
}

export default sessionRoutes
