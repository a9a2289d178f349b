import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ListQuerySchema, sendList } from '../../http/lists.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { endSessionOf, requireAdmin, requireUser } from '../identity/index.js'
import { AccountSummarySchema, CountsSchema, ProfileSchema } from './schemas.js'
import { acceptClient, deleteClient, getCounts, getProfile, listClients, listNewUsers, texts } from './service.js'

const AccountListSchema = Type.Array(AccountSummarySchema)

/** /api/users/*: profiles, the administrators' lists, counts and acceptance (spec §7, contract §3). */
const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/users/profile/:id', {
    schema: { tags: ['users'], params: IdParamsSchema, response: { 200: ProfileSchema, ...errorResponses(400, 401, 403, 404) } },
    preHandler: requireUser,
  }, async (request) => getProfile(app, request.user!, request.params.id))

  app.delete('/api/users/profile/:id', {
    schema: { tags: ['users'], params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    await deleteClient(app, request.user!, request.params.id)
    if (request.user!.id === request.params.id) await endSessionOf(request, reply)
    return { message: texts.deleted }
  })

  app.get('/api/users/users-profile', {
    schema: { tags: ['users'], summary: 'Nouveaux utilisateurs (non acceptés)', querystring: ListQuerySchema, response: { 200: AccountListSchema, ...errorResponses(400, 401, 403) } },
    preHandler: requireAdmin,
  }, async (request, reply) => sendList(reply, await listNewUsers(app, request.query)))

  app.get('/api/users/clients-profile', {
    schema: { tags: ['users'], summary: 'Clients acceptés', querystring: ListQuerySchema, response: { 200: AccountListSchema, ...errorResponses(400, 401, 403) } },
    preHandler: requireAdmin,
  }, async (request, reply) => sendList(reply, await listClients(app, request.query)))

  app.get('/api/users/counts', {
    schema: { tags: ['users'], response: { 200: CountsSchema, ...errorResponses(401, 403) } },
    preHandler: requireAdmin,
  }, async () => getCounts(app))

  app.post('/api/users/accept/:id', {
    schema: { tags: ['users'], params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: requireAdmin,
  }, async (request) => {
    await acceptClient(app, request.params.id)
    return { message: texts.accepted }
  })
}
export default clientRoutes
