import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AdminListPage } from '../../../views/pages/admin/AdminListPage.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { ListQuerySchema } from '../../http/lists.js'
import { adminOnly } from '../identity/index.js'
import { listMessages } from './service.js'

/** The firm's inbox page, /admin-dashboard/messages (contract §2). */
const contactPages: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin-dashboard/messages', { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }, async (request, reply) => {
    const query = listQueryOf(request)
    const { total, items } = await listMessages(app, query)
    return reply.render(AdminListPage, {
      kind: 'messages',
      title: 'Messages',
      lead: 'Les messages envoyés par le formulaire de contact du site, les plus récents d’abord.',
      items,
      total,
      query: listStateOf(query),
    })
  })
}
export default contactPages
