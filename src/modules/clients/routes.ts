import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { originOf } from '../../http/origin.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { requireAdmin, requireFirm, requireUser } from '../identity/index.js'
import { AccountSummarySchema, ClientListQuerySchema, CompanyIdentifiersBodySchema, CompanyIdentifiersSchema, CountsSchema, ProfileSchema, staffIdOf } from './schemas.js'
import type { Clients } from './service.js'
import { texts } from './words.js'

const AccountListSchema = listOf(AccountSummarySchema)

/**
 * /api/users/*: profiles, the back-office's lists, counts and acceptance (spec §7, contract §3 and
 * §9). The clients list and the counts are the firm's people's, each within their scope; new users,
 * accepting and deleting are the administrators' alone (a staff member is refused, 403).
 */
const clientRoutes: FastifyPluginAsyncTypebox<{ clients: Clients }> = async (app, { clients }) => {
  app.get('/api/users/profile/:id', {
    schema: { ...operation('getProfile', 'Profil, avec une page de ses documents (?page, ?pageSize)', 'user'), tags: ['users'], params: IdParamsSchema, querystring: ListQuerySchema, response: { 200: ProfileSchema, ...errorResponses(400, 401, 403, 404) } },
    preHandler: requireUser,
  }, async (request) => clients.getProfile(request.user!, request.params.id, listFilter(request.query)))

  app.delete('/api/users/profile/:id', {
    schema: { ...operation('deleteAccount', 'Supprime un compte : le sien, ou un client (administrateurs)', 'user'), tags: ['users'], params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: requireUser,
  }, async (request, reply) => {
    await clients.deleteClient(request.user!, request.params.id, originOf(request))
    if (request.user!.id === request.params.id) reply.forgetSession()
    return { message: texts.deleted }
  })

  app.get('/api/users/users-profile', {
    schema: { ...operation('listNewUsers', 'Nouveaux utilisateurs, non acceptés (administrateurs)', 'user'), tags: ['users'], querystring: ListQuerySchema, response: { 200: AccountListSchema, ...errorResponses(400, 401, 403) } },
    preHandler: requireAdmin,
  }, async (request, reply) => sendList(reply, await clients.listNewUsers(request.user!, listFilter(request.query))))

  app.get('/api/users/clients-profile', {
    schema: { ...operation('listClients', 'Clients acceptés, avec qui les suit (?staffId= : les clients d’une personne du cabinet) ; un collaborateur ne voit que les siens', 'user'), tags: ['users'], querystring: ClientListQuerySchema, response: { 200: AccountListSchema, ...errorResponses(400, 401, 403) } },
    preHandler: requireFirm,
  }, async (request, reply) => sendList(reply, await clients.listClients(request.user!, listFilter(request.query), staffIdOf(request.query))))

  // Contract §11: the company's identifiers, its owner's; the firm's (admins, the staff serving it) by id.
  const company = { tags: ['users'] }
  app.get('/api/users/company', {
    schema: { ...operation('getCompanyIdentifiers', 'Les identifiants de son entreprise (NIF, NIS, RC…) : son propriétaire', 'user'), ...company, response: { 200: CompanyIdentifiersSchema, ...errorResponses(401, 403) } },
    preHandler: requireUser,
  }, async (request) => clients.company.find(request.user!))

  app.patch('/api/users/company', {
    schema: { ...operation('changeCompanyIdentifiers', 'Change les identifiants de son entreprise (son propriétaire) ; chaque champ est facultatif', 'user'), ...company, body: CompanyIdentifiersBodySchema, response: { 200: CompanyIdentifiersSchema, ...errorResponses(400, 401, 403, 409) } },
    preHandler: requireUser,
  }, async (request) => clients.company.change(request.user!, request.body))

  app.get('/api/users/:id/company', {
    schema: { ...operation('getClientCompanyIdentifiers', 'Les identifiants d’une entreprise cliente (administrateurs, collaborateurs qui la suivent)', 'user'), ...company, params: IdParamsSchema, response: { 200: CompanyIdentifiersSchema, ...errorResponses(400, 401, 403, 404) } },
    preHandler: requireFirm,
  }, async (request) => clients.company.find(request.user!, request.params.id))

  app.patch('/api/users/:id/company', {
    schema: { ...operation('changeClientCompanyIdentifiers', 'Change les identifiants d’une entreprise cliente (administrateurs, collaborateurs qui la suivent)', 'user'), ...company, params: IdParamsSchema, body: CompanyIdentifiersBodySchema, response: { 200: CompanyIdentifiersSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: requireFirm,
  }, async (request) => clients.company.change(request.user!, request.body, request.params.id))

  app.get('/api/users/counts', {
    schema: { ...operation('getCounts', 'Les compteurs du tableau de bord (le cabinet ; ceux d’un collaborateur portent sur ses clients)', 'user'), tags: ['users'], response: { 200: CountsSchema, ...errorResponses(401, 403) } },
    preHandler: requireFirm,
  }, async (request) => clients.getCounts(request.user!))

  app.post('/api/users/accept/:id', {
    schema: { ...operation('acceptUser', 'Accepte un nouvel utilisateur (administrateurs)', 'user'), tags: ['users'], params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: requireAdmin,
  }, async (request) => {
    await clients.acceptClient(request.params.id, request.user!, originOf(request))
    return { message: texts.accepted }
  })
}
export default clientRoutes
