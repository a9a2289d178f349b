import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { operation } from '../../http/openapi.js'
import { originOf } from '../../http/origin.js'
import { errorResponses } from '../../http/schemas.js'
import { requireUser } from '../identity/index.js'
import type { PersonalExports } from './export.js'

/** The ZIP's answer, for the OpenAPI document: streamed, so its length is not known beforehand. */
const ZIP_RESPONSE = {
  description: 'Archive ZIP : mes-donnees.json et les documents envoyés ou reçus, sous leur nom d’origine',
  headers: { 'Content-Disposition': { type: 'string', description: 'attachment, avec le nom de l’archive', example: 'attachment; filename="mes-donnees-2026-12-04.zip"' } },
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
}

/** Contract §12: the logged-in person's export (a session's: an access token is refused, §8). */
const privacyRoutes: FastifyPluginAsyncTypebox<{ exports: PersonalExports }> = async (app, { exports }) => {
  app.get('/api/users/export', {
    // Each GET counts against the day's three and is journaled: a HEAD must not.
    exposeHeadRoute: false,
    schema: { ...operation('exportMyData', 'Mes données : une archive ZIP de tout ce que le portail garde à mon sujet (3 par jour)', 'session'), tags: ['users'], response: { 200: ZIP_RESPONSE, ...errorResponses(401, 403, 429) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    const { fileName, stream } = await exports.exportFor(request.user!, originOf(request))
    return reply
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .type('application/zip')
      .send(stream)
  })
}

export default privacyRoutes
