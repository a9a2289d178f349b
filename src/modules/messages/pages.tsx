import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { formLimit } from '../../http/rate-limit.js'
import { formPost } from '../../http/form-post.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { IdSchema } from '../../http/schemas.js'
import type { Page } from '../../render/page.js'
import { refusals } from '../../shared/domain-error.js'
import { failedAt } from '../../shared/validation.js'
import { firmForm, firmOnly, userForm, userOnly } from '../identity/index.js'
import { messageLimit } from './routes.js'
import type { Messages } from './service.js'
import { texts } from './texts.js'
import { checkMessage } from './validation.js'
import type { MessagesViews, ThreadPageProps } from './views.js'
import { words } from './words.js'

const refuse = refusals(words)

/** A bad query (a hand-edited ?page=) shows the first page rather than an error. */
const paged = { attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }
const clientThread = { attachValidation: true, schema: { hide: true, querystring: ListQuerySchema, params: Type.Object({ id: IdSchema }) } }

/** The id of /admin-dashboard/clients/:id/messages; a malformed one is no thread. */
function threadIdOf(request: FastifyRequest): number {
  const id = (request.params as { id?: unknown }).id
  if (typeof id !== 'number') throw refuse('not_found', 'noThread')
  return id
}

/**
 * The client's /messages, the firm's thread of one client and its list of threads. Each thread page
 * also takes its form's plain post (contract §8: the form works without JavaScript), with the API's
 * checks, service call and limit (one bucket): a 303 back to the thread with a flash message, or the
 * page again with the error under the field and the text in place.
 */
const messagePages: FastifyPluginAsyncTypebox<{ messages: Messages; views: MessagesViews }> = async (app, { messages, views }) => {
  /** The page shown marks the other side's messages read, as the API's GET does (not a HEAD: it shows nothing). */
  async function threadProps(request: FastifyRequest, userId: number): Promise<ThreadPageProps> {
    const filter = { ...listFilter(listQueryOf(request)), q: '', from: undefined, to: undefined }
    const page = await messages.readThread(request.user!, userId, filter, { markRead: request.method !== 'HEAD' && isOwnSiteRequest(request) })
    return { client: { id: page.client.id, username: page.client.username, entreprise: page.client.entreprise }, viewerId: request.user!.id, messages: page.items, total: page.total, page: filter.page, pageSize: filter.pageSize }
  }

  /** The thread `userIdOf(request)`'s form, on `view`: back to the thread's page, `back`, once sent. */
  function threadForm(view: Page<ThreadPageProps>, userIdOf: (request: FastifyRequest) => number, back: (request: FastifyRequest) => string) {
    const post = formPost<{ text: string }>({
      // One field: every refusal, the check's or the limit's (429), is shown under it, as the island shows the API's.
      check: (body) => {
        const checked = checkMessage(body)
        return checked.ok ? checked : failedAt('text', checked.message)
      },
      keep: ['text'],
      show: async (request, reply, form) => reply.render(view, { ...(await threadProps(request, userIdOf(request))), draft: form.values.text ?? '', error: form.errors[0]?.message }),
      act: async ({ text }, request) => {
        await messages.post(request.user!, userIdOf(request), text)
        return { to: back(request), message: texts.sent }
      },
    })
    // Who may write comes before what is written (as the API): an unknown or unaccepted client's thread is the 404 page.
    const mayWrite = async (request: FastifyRequest) => void (await messages.threadOf(request.user!, userIdOf(request)))
    return { preHandler: mayWrite, handler: post.handler, errorHandler: post.errorHandler }
  }

  const limit = formLimit(messageLimit(app.config.rateLimits.messagePerUser))
  /** A visitor's post (a session that ended) logs in first, then comes back to the thread. */
  const samePage = (request: FastifyRequest) => request.url

  /** A company's person's thread: the company's (contract §9: its owner and members share it). */
  const ownThread = (request: FastifyRequest) => request.user!.companyId ?? request.user!.id

  app.get('/messages', { ...paged, preHandler: userOnly }, async (request, reply) => {
    // The firm has no thread of its own: its threads are the clients'.
    if (request.user!.isAdmin) return reply.redirect('/admin-dashboard/threads', 303)
    return reply.render(views.ClientThreadPage, await threadProps(request, ownThread(request)))
  })
  const clientForm = threadForm(views.ClientThreadPage, ownThread, () => '/messages')
  // The firm has no thread of its own to write in: the 403 page says where it writes.
  const clientsOnly = userForm(samePage, (user) => (user.isAdmin ? texts.firmWritesInThreads : undefined))
  app.post('/messages', { ...paged, config: limit, preHandler: [clientsOnly, clientForm.preHandler], handler: clientForm.handler, errorHandler: clientForm.errorHandler })

  // The firm's people: a staff member the threads of the clients they serve (another is the 404 page, contract §9).
  app.get('/admin-dashboard/clients/:id/messages', { ...clientThread, preHandler: firmOnly }, async (request, reply) =>
    reply.render(views.AdminThreadPage, await threadProps(request, threadIdOf(request))),
  )
  const firmThreadForm = threadForm(views.AdminThreadPage, threadIdOf, (request) => `/admin-dashboard/clients/${threadIdOf(request)}/messages`)
  app.post('/admin-dashboard/clients/:id/messages', { ...clientThread, config: limit, preHandler: [firmForm(samePage), firmThreadForm.preHandler], handler: firmThreadForm.handler, errorHandler: firmThreadForm.errorHandler })

  app.get('/admin-dashboard/threads', { ...paged, preHandler: firmOnly }, async (request, reply) => {
    const query = listQueryOf(request)
    const page = await messages.listThreads(request.user!, listFilter(query))
    return reply.render(views.ThreadsPage, { threads: page.items, total: page.total, query: listStateOf(query) })
  })
}
export default messagePages
