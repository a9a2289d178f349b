import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listQueryOf, listStateOf, type ListState } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import type { Page } from '../../render/page.js'
import { adminOnly } from '../identity/index.js'
import type { StoredMessage } from './repository.js'
import type { Contact } from './service.js'

/** The page contact renders, handed to it by app.ts (src/ never imports views/). */
export interface ContactViews {
  AdminListPage: Page<{ kind: 'messages'; title: string; lead: string; items: StoredMessage[]; total: number; query: ListState }>
}

/** The firm's inbox page, /admin-dashboard/messages (contract §2). */
const contactPages: FastifyPluginAsyncTypebox<{ contact: Contact; views: ContactViews }> = async (app, { contact, views }) => {
  app.get('/admin-dashboard/messages', { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }, async (request, reply) => {
    const query = listQueryOf(request)
    const { total, items } = await contact.listMessages(listFilter(query))
    return reply.render(views.AdminListPage, {
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
