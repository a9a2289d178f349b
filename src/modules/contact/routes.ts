import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { HOUR_MS, ipLimit } from '../../http/rate-limit.js'
import { originOf } from '../../http/origin.js'
import { refusals } from '../../shared/domain-error.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { requireAdmin } from '../identity/index.js'
import { ContactBodySchema, ContactMessageSchema } from './schemas.js'
import type { Contact } from './service.js'
import { checkContact, fromRobot, messages } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

/** Messages per IP per hour (contract §2), counted together for the API and the home page's form. */
export const contactLimit = (perIp: number) => ipLimit(perIp, HOUR_MS, 'contact')

/** POST /api/users/contact (anyone), and the firm's inbox: list and delete (administrators, contract §2). */
const contactRoutes: FastifyPluginAsyncTypebox<{ contact: Contact }> = async (app, { contact }) => {
  app.post('/api/users/contact', {
    schema: { ...operation('sendContactMessage', 'Envoie un message au cabinet', 'public'), tags: ['contact'], body: ContactBodySchema, response: { 201: MessageSchema, ...errorResponses(400, 403, 429) } },
    config: contactLimit(app.config.rateLimits.contactPerIp),
  }, async (request, reply) => {
    const checked = checkContact(request.body)
    if (!checked.ok) throw refuse.form(checked)
    // A robot filled the hidden field: answer as for a person so it learns nothing, store nothing.
    if (!fromRobot(request.body)) await contact.receiveMessage(checked.value, request.ip || null)
    return reply.code(201).send({ message: messages.sent })
  })

  app.get('/api/users/contact', {
    schema: { ...operation('listContactMessages', 'Messages reçus, les plus récents d’abord (administrateurs)', 'user'), tags: ['contact'], querystring: ListQuerySchema, response: { 200: listOf(ContactMessageSchema), ...errorResponses(400, 401, 403) } },
    preHandler: requireAdmin,
  }, async (request, reply) => sendList(reply, await contact.listMessages(listFilter(request.query))))

  app.delete('/api/users/contact/:id', {
    schema: { ...operation('deleteContactMessage', 'Supprime un message reçu (administrateurs)', 'user'), tags: ['contact'], params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404) } },
    preHandler: requireAdmin,
  }, async (request) => {
    await contact.deleteMessage(request.params.id, request.user!, originOf(request))
    return { message: messages.deleted }
  })
}
export default contactRoutes
