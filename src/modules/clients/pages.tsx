import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import type { ListFilter, Page } from '../../db/lists.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { adminOnly, firmOnly } from '../identity/index.js'
import { ClientListQuerySchema, staffIdOf, type AccountRow } from './schemas.js'
import type { Clients } from './service.js'
import { staffFilterOf, staffFilterWords } from './staff-filter.js'
import { languageOf } from '../../http/language.js'
import { wordsOf } from '../../shared/words.js'
import type { ClientsViews } from './views.js'

/** An admin list page: a bad query falls back to the defaults (never an error page). */
const listPage = { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }
/** The clients list: the firm's people (a staff member's own clients), with `?staffId=`. */
const clientsPage = { preHandler: firmOnly, attachValidation: true, schema: { hide: true, querystring: ClientListQuerySchema } }

/** The back-office's dashboard and its user lists (spec §2, Admin pages; contract §9 for the firm's staff). */
const clientPages: FastifyPluginAsyncTypebox<{ clients: Clients; views: ClientsViews }> = async (app, { clients, views }) => {
  const { AdminListPage, DashboardPage } = views
  app.get('/admin-dashboard', { preHandler: firmOnly, schema: { hide: true } }, async (request, reply) => {
    const viewer = request.user!
    const administrator = viewer.role === 'admin'
    const [counts, overdueRequests, mails] = await Promise.all([clients.getCounts(viewer), clients.overdueRequests(viewer), administrator ? clients.mailCounts() : undefined])
    return reply.render(DashboardPage, { counts, mails, overdueRequests, administrator })
  })

  const userList = (request: FastifyRequest, list: (filter: ListFilter) => Promise<Page<AccountRow>>) => {
    const query = listQueryOf(request)
    return list(listFilter(query)).then((page) => ({ ...page, query: listStateOf(query) }))
  }

  app.get('/admin-dashboard/new-users', listPage, async (request, reply) =>
    reply.render(AdminListPage, {
      kind: 'new-users',
      ...(await userList(request, (filter) => clients.listNewUsers(request.user!, filter))),
    }),
  )

  app.get('/admin-dashboard/clients', clientsPage, async (request, reply) => {
    const viewer = request.user!
    const query = listQueryOf(request) as { staffId?: unknown }
    const staffId = staffIdOf(query)
    const [page, people] = await Promise.all([clients.listClients(viewer, listFilter(listQueryOf(request)), staffId), clients.firmPeople()])
    const administrator = viewer.role === 'admin'
    const filter = wordsOf(staffFilterWords, languageOf(request))
    return reply.render(AdminListPage, {
      // A staff member neither deletes nor accepts (contract §9): their list has no such action.
      kind: administrator ? 'clients' : 'assigned-clients',
      items: page.items,
      total: page.total,
      query: { ...listStateOf(listQueryOf(request)), filters: staffFilterOf(query) },
      choices: [{ name: 'staffId', label: filter.label, options: [{ value: '', label: filter.everyone }, ...people.map((person) => ({ value: String(person.id), label: person.username }))] }],
    })
  })
}
export default clientPages
