import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { ListFilter, Page } from '../../db/lists.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { adminOnly, type AccountSummary } from '../identity/index.js'
import type { Clients } from './service.js'
import type { ClientsViews } from './views.js'

/** An admin list page: a bad query falls back to the defaults (never an error page). */
const listPage = { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }

/** The administrators' dashboard and their user lists (spec §2, Admin pages). */
const clientPages: FastifyPluginAsyncTypebox<{ clients: Clients; views: ClientsViews }> = async (app, { clients, views }) => {
  const { AdminListPage, DashboardPage } = views
  app.get('/admin-dashboard', { preHandler: adminOnly, schema: { hide: true } }, async (_request, reply) =>
    reply.render(DashboardPage, { counts: await clients.getCounts(), mails: await clients.mailCounts(), overdueRequests: await clients.overdueRequests() }),
  )

  const userList = (request: FastifyRequest, list: (filter: ListFilter) => Promise<Page<AccountSummary>>) => {
    const query = listQueryOf(request)
    return list(listFilter(query)).then((page) => ({ ...page, query: listStateOf(query) }))
  }

  app.get('/admin-dashboard/new-users', listPage, async (request, reply) =>
    reply.render(AdminListPage, {
      kind: 'new-users',
      title: 'Nouveaux utilisateurs',
      lead: 'Comptes inscrits en attente d’acceptation. Un compte ne peut être accepté qu’une fois son e-mail vérifié.',
      ...(await userList(request, clients.listNewUsers)),
    }),
  )

  app.get('/admin-dashboard/clients', listPage, async (request, reply) =>
    reply.render(AdminListPage, { kind: 'clients', title: 'Clients', lead: 'Les comptes acceptés par le cabinet.', ...(await userList(request, clients.listClients)) }),
  )
}
export default clientPages
