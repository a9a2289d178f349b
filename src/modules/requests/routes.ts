import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { QUARTER_HOUR_MS, userLimit } from '../../http/rate-limit.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { requireFirm, requireUser } from '../identity/index.js'
import { NewRequestBodySchema, RequestListQuerySchema, RequestSchema } from './schemas.js'
import type { Requests } from './service.js'
import { messages } from './texts.js'

/** Requests asked by one member of the firm (the API and the page's form count together); the per-client cap is the service's. */
export const askLimit = userLimit(60, QUARTER_HOUR_MS, 'requests')

/** /api/requests (contract §7, §9): the firm asks and cancels (a staff member, for their clients); a company's people list the company's. */
const requestRoutes: FastifyPluginAsyncTypebox<{ requests: Requests }> = async (app, { requests }) => {
  const tags = ['requests']

  app.post('/api/requests', {
    schema: { ...operation('createRequest', 'Demande un document à un client (le cabinet ; un collaborateur, à ses clients)', 'user'), tags, body: NewRequestBodySchema, response: { 201: RequestSchema, ...errorResponses(400, 401, 403, 404, 429) } },
    preHandler: requireFirm,
    config: askLimit,
  }, async (request, reply) => reply.code(201).send(await requests.create(request.user!, request.body)))

  app.get('/api/requests', {
    schema: { ...operation('listRequests', 'Demandes : celles des clients du cabinet (un collaborateur : ses clients ; ?userId, ?status) ou celles de son entreprise (client)', 'user'), tags, querystring: RequestListQuerySchema, response: { 200: listOf(RequestSchema), ...errorResponses(400, 401) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    const { userId, status } = request.query
    return sendList(reply, await requests.list(request.user!, listFilter(request.query), { userId, status: status || undefined }))
  })

  app.post('/api/requests/:id/cancel', {
    schema: { ...operation('cancelRequest', 'Annule une demande ouverte (le cabinet ; un collaborateur, celles de ses clients)', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) } },
    preHandler: requireFirm,
  }, async (request) => {
    await requests.cancel(request.user!, request.params.id)
    return { message: messages.cancelled }
  })
}
export default requestRoutes
