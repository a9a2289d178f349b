import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { QUARTER_HOUR_MS, userLimit } from '../../http/rate-limit.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { refusals } from '../../shared/domain-error.js'
import { errorResponses } from '../../http/schemas.js'
import { requireFirm, requireUser } from '../identity/index.js'
import { PostBodySchema, ThreadMessageSchema, ThreadParamsSchema, ThreadSummarySchema } from './schemas.js'
import type { Messages } from './service.js'
import { checkMessage } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

/** Messages per user per quarter hour, counted together for the API and the thread pages' forms (contract §8). */
export const messageLimit = (perUser: number) => userLimit(perUser, QUARTER_HOUR_MS, 'messages')

/**
 * GET and POST /api/messages/:userId: the company's thread (`userId`, the company's id), for its
 * people, an administrator, or a staff member serving it (contract §7, §9); GET /api/messages, the
 * clients' threads for the firm within its scope, as /admin-dashboard/threads lists them.
 */
const messageRoutes: FastifyPluginAsyncTypebox<{ messages: Messages }> = async (app, { messages }) => {
  app.get('/api/messages', {
    schema: {
      ...operation('listThreads', 'Les conversations des clients, la plus récemment écrite d’abord, avec les messages non lus du cabinet (le cabinet ; un collaborateur, celles de ses clients)', 'user'),
      tags: ['messages'],
      querystring: ListQuerySchema,
      response: { 200: listOf(ThreadSummarySchema), ...errorResponses(400, 401, 403) },
    },
    preHandler: requireFirm,
  }, async (request, reply) => sendList(reply, await messages.listThreads(request.user!, listFilter(request.query))))

  app.get('/api/messages/:userId', {
    schema: {
      ...operation('listThreadMessages', 'Les messages d’un client et du cabinet (page 1 : les plus récents), du plus ancien au plus récent', 'user'),
      tags: ['messages'],
      params: ThreadParamsSchema,
      querystring: ListQuerySchema,
      response: { 200: listOf(ThreadMessageSchema), ...errorResponses(400, 401, 403, 404) },
    },
    preHandler: requireUser,
  }, async (request, reply) => {
    // Reading marks the other side's messages read, unless another site sent the reader here (or it was a HEAD).
    const page = await messages.readThread(request.user!, request.params.userId, listFilter(request.query), { markRead: request.method !== 'HEAD' && isOwnSiteRequest(request) })
    return sendList(reply, page)
  })

  app.post('/api/messages/:userId', {
    schema: { ...operation('postThreadMessage', 'Écrit dans la conversation d’un client', 'user'), tags: ['messages'], params: ThreadParamsSchema, body: PostBodySchema, response: { 201: ThreadMessageSchema, ...errorResponses(400, 401, 403, 404, 429) } },
    preHandler: requireUser,
    config: messageLimit(app.config.rateLimits.messagePerUser),
  }, async (request, reply) => {
    // Who may write comes before what is written: another client's thread is 403 (404 to staff) whatever the text.
    await messages.threadOf(request.user!, request.params.userId)
    const checked = checkMessage(request.body)
    if (!checked.ok) throw refuse.form(checked)
    return reply.code(201).send(await messages.post(request.user!, request.params.userId, checked.value.text))
  })
}
export default messageRoutes
