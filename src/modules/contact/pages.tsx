import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listQueryOf, listStateOf, type ListState } from '../../http/list-pages.js'
import { formPost } from '../../http/form-post.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { formLimit } from '../../http/rate-limit.js'
import type { Page } from '../../render/page.js'
import { originOf } from '../../http/origin.js'
import { registerRowForm } from '../../http/row-forms.js'
import type { FormProps, FormState } from '../../shared/form-state.js'
import { adminForm, adminOnly } from '../identity/index.js'
import type { StoredMessage } from './repository.js'
import { contactLimit } from './routes.js'
import type { Contact } from './service.js'
import { checkContact, fromRobot, messages, messagesAr } from './validation.js'

/** The page contact renders, handed to it by app.ts (src/ never imports views/). */
export interface ContactViews {
  /** The home page, whose contact section holds the form. */
  HomePage: Page<FormProps>
  /** /ar/contact, the Arabic twin of the home page's contact section (contract §10). */
  ContactPage: Page<FormProps>
  AdminListPage: Page<{ kind: 'messages'; items: StoredMessage[]; total: number; query: ListState }>
  /** « Supprimer »'s confirmation dialog as a page, without JavaScript (contract §8). */
  ConfirmActionPage: Page<{ kind: 'messages'; action: 'delete'; row: StoredMessage; query: ListState; form?: FormState }>
}

const INBOX = '/admin-dashboard/messages'

/**
 * The home page's contact form posted without JavaScript (contract §8: to the page's own address,
 * limited as the API's), and the firm's inbox page, /admin-dashboard/messages (contract §2), whose
 * « Supprimer » works without JavaScript too, after its confirmation page.
 */
const contactPages: FastifyPluginAsyncTypebox<{ contact: Contact; views: ContactViews }> = async (app, { contact, views }) => {
  // The French form posts to the home page, the Arabic one to /ar/contact: each answered again on its own page, in its language.
  for (const [path, page, to, sent] of [['/', views.HomePage, '/#contact', messages.sent], ['/ar/contact', views.ContactPage, '/ar/contact', messagesAr.sent]] as const) {
    app.post(path, { schema: { hide: true }, config: formLimit(contactLimit(app.config.rateLimits.contactPerIp)), ...formPost({
      check: checkContact,
      keep: ['name', 'email', 'telephone', 'message'],
      show: (_request, reply, form) => reply.render(page, { form }),
      act: async (message, request) => {
        // A robot filled the hidden field: answered as a person, nothing stored (as the API does).
        if (!fromRobot(request.body as Record<string, unknown>)) await contact.receiveMessage(message, request.ip || null)
        return { to, message: sent }
      },
    }) })
  }

  app.get(INBOX, { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }, async (request, reply) => {
    const query = listQueryOf(request)
    const { total, items } = await contact.listMessages(listFilter(query))
    return reply.render(views.AdminListPage, {
      kind: 'messages',
      items,
      total,
      query: listStateOf(query),
    })
  })

  registerRowForm(app, { page: adminOnly, form: adminForm }, {
    list: INBOX,
    action: 'delete',
    confirm: {
      find: contact.findMessage,
      show: (reply, props) => reply.render(views.ConfirmActionPage, { kind: 'messages', action: 'delete', ...props }),
    },
    act: async (id, request) => {
      await contact.deleteMessage(id, request.user!, originOf(request))
      return messages.deleted
    },
  })
}
export default contactPages
