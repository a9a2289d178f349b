import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { HttpError } from '../../http/errors.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { QUARTER_HOUR_MS, userLimit } from '../../http/rate-limit.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { IdSchema } from '../../http/schemas.js'
import type { Page } from '../../render/page.js'
import { adminOnly, userOnly } from '../identity/index.js'
import type { Messages } from './service.js'
import { texts } from './texts.js'
import { checkMessage } from './validation.js'
import type { MessagesViews, ThreadPageProps } from './views.js'

/** A bad query (a hand-edited ?page=) shows the first page rather than an error. */
const paged = { attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }
const clientThread = { attachValidation: true, schema: { hide: true, querystring: ListQuerySchema, params: Type.Object({ id: IdSchema }) } }

/** The id of /admin-dashboard/clients/:id/messages; a malformed one is no thread. */
function threadIdOf(request: FastifyRequest): number {
  const id = (request.params as { id?: unknown }).id
  if (typeof id !== 'number') throw new HttpError(404, texts.noThread)
  return id
}

/**
 * The client's /messages, the firm's thread of one client and its list of threads. Each thread page
 * also takes its form's plain post (contract §8: the form works without JavaScript): a 303 back to
 * the thread with a flash message, or the page again with the error and the text in place.
 */
const messagePages: FastifyPluginAsyncTypebox<{ messages: Messages; views: MessagesViews }> = async (app, { messages, views }) => {
  /** The page shown marks the other side's messages read, as the API's GET does. */
  async function threadProps(request: FastifyRequest, userId: number): Promise<ThreadPageProps> {
    const filter = { ...listFilter(listQueryOf(request)), q: '', from: undefined, to: undefined }
    const page = await messages.readThread(request.user!, userId, filter, { markRead: isOwnSiteRequest(request) })
    return { client: { id: page.client.id, username: page.client.username, entreprise: page.client.entreprise }, messages: page.items, total: page.total, page: filter.page, pageSize: filter.pageSize }
  }

  async function postFromForm(request: FastifyRequest, reply: FastifyReply, userId: number, view: Page<ThreadPageProps>, back: string) {
    await messages.threadOf(request.user!, userId)
    const body = (request.body ?? {}) as { text?: unknown }
    const checked = checkMessage(body)
    if (!checked.ok) {
      reply.code(400)
      return reply.render(view, { ...(await threadProps(request, userId)), draft: typeof body.text === 'string' ? body.text : '', error: checked.message })
    }
    await messages.post(request.user!, userId, checked.value.text)
    return reply.flash({ type: 'success', message: texts.sent }).redirect(back, 303)
  }

  const posting = { config: userLimit(app.config.rateLimits.messagePerUser, QUARTER_HOUR_MS), schema: { hide: true } }

  app.get('/messages', { ...paged, preHandler: userOnly }, async (request, reply) => {
    // The firm has no thread of its own: its threads are the clients'.
    if (request.user!.isAdmin) return reply.redirect('/admin-dashboard/threads', 303)
    return reply.render(views.ClientThreadPage, await threadProps(request, request.user!.id))
  })
  app.post('/messages', { ...posting, preHandler: userOnly }, async (request, reply) => {
    if (request.user!.isAdmin) return reply.redirect('/admin-dashboard/threads', 303)
    return postFromForm(request, reply, request.user!.id, views.ClientThreadPage, '/messages')
  })

  app.get('/admin-dashboard/clients/:id/messages', { ...clientThread, preHandler: adminOnly }, async (request, reply) =>
    reply.render(views.AdminThreadPage, await threadProps(request, threadIdOf(request))),
  )
  app.post('/admin-dashboard/clients/:id/messages', { ...posting, ...clientThread, preHandler: adminOnly }, async (request, reply) => {
    const id = threadIdOf(request)
    return postFromForm(request, reply, id, views.AdminThreadPage, `/admin-dashboard/clients/${id}/messages`)
  })

  app.get('/admin-dashboard/threads', { ...paged, preHandler: adminOnly }, async (request, reply) => {
    const query = listQueryOf(request)
    const page = await messages.listThreads(listFilter(query))
    return reply.render(views.ThreadsPage, { threads: page.items, total: page.total, query: listStateOf(query) })
  })
}
export default messagePages
