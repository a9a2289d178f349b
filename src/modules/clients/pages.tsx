import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { SAMPLE_SUB_ADMINS } from '../../../views/components/admin-lists/sub-admins.js'
import { EMPTY_LIST_STATE } from '../../../views/components/admin-lists/query.js'
import { AdminListPage } from '../../../views/pages/admin/AdminListPage.js'
import { DashboardPage } from '../../../views/pages/admin/DashboardPage.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { ListQuerySchema } from '../../http/lists.js'
import { adminOnly } from '../identity/index.js'
import { getCounts, listClients, listNewUsers } from './service.js'

/** An admin list page: a bad query falls back to the defaults (never an error page). */
const listPage = { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }

/** The administrators' dashboard and their user lists (spec §2, Admin pages). */
const clientPages: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin-dashboard', { preHandler: adminOnly, schema: { hide: true } }, async (_request, reply) =>
    reply.render(DashboardPage, { counts: await getCounts(app) }),
  )

  const userList = (request: FastifyRequest, list: typeof listNewUsers) => {
    const query = listQueryOf(request)
    return list(app, query).then((page) => ({ ...page, query: listStateOf(query) }))
  }

  app.get('/admin-dashboard/new-users', listPage, async (request, reply) =>
    reply.render(AdminListPage, {
      kind: 'new-users',
      title: 'Nouveaux utilisateurs',
      lead: 'Comptes inscrits en attente d’acceptation. Un compte ne peut être accepté qu’une fois son e-mail vérifié.',
      ...(await userList(request, listNewUsers)),
    }),
  )

  app.get('/admin-dashboard/clients', listPage, async (request, reply) =>
    reply.render(AdminListPage, { kind: 'clients', title: 'Clients', lead: 'Les comptes acceptés par le cabinet.', ...(await userList(request, listClients)) }),
  )

  // A demo screen (spec §2): fixed sample entries, nothing stored.
  app.get('/admin-dashboard/sub-admins', { preHandler: adminOnly, schema: { hide: true } }, async (_request, reply) =>
    reply.render(AdminListPage, {
      kind: 'sub-admins',
      title: 'Sous-admins',
      lead: 'Écran de démonstration : ces entrées sont des exemples et ne sont pas enregistrées.',
      items: SAMPLE_SUB_ADMINS,
      total: SAMPLE_SUB_ADMINS.length,
      query: EMPTY_LIST_STATE,
    }),
  )
}
export default clientPages
