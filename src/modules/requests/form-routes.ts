import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import { formLimit } from '../../http/rate-limit.js'
import { registerRowForm } from '../../http/row-forms.js'
import { IdParamsSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import type { FormState } from '../../shared/form-state.js'
import { firmForm, firmOnly } from '../identity/index.js'
import { askLimit } from './routes.js'
import { RequestListQuerySchema } from './schemas.js'
import type { Requests } from './service.js'
import { messages, type StatusFilter } from './texts.js'
import { checkNewRequest } from './validation.js'
import type { RequestsViews } from './views.js'
import { words } from './words.js'

const refuse = refusals(words)

const REQUESTS_LIST = '/admin-dashboard/requests'
/** The client's latest requests under the form, as on their page. */
const ASK_PAGE_SHOWN = 10

const NEW_REQUEST_FIELDS = ['userId', 'typeId', 'title', 'note', 'dueDate']
const listQuery = { hide: true, querystring: RequestListQuerySchema }
const clientParams = { hide: true, params: IdParamsSchema }

/** The list's own filters, as its links keep them: a state among the list's, a client's id. */
export function listFiltersOf(query: object): { userId?: number | undefined; status?: StatusFilter | undefined; filters: Record<string, string> } {
  const { userId, status } = query as { userId?: unknown; status?: unknown }
  const chosen = status === 'open' || status === 'overdue' || status === 'fulfilled' || status === 'cancelled' ? status : undefined
  const client = typeof userId === 'number' ? userId : undefined
  return { userId: client, status: chosen, filters: { ...(chosen ? { status: chosen } : {}), ...(client ? { userId: String(client) } : {}) } }
}

/** The :id of /admin-dashboard/clients/:id/ask; a malformed one names no client. */
function clientIdOf(request: FastifyRequest): number {
  const id = (request.params as { id?: unknown }).id
  if (typeof id !== 'number') throw refuse('not_found', 'notAClient')
  return id
}

/** The requests list again, with « Demander un document »'s state (pages.tsx). */
export type ShowRequestsList = (request: FastifyRequest, reply: FastifyReply, form?: FormState) => Promise<FastifyReply>

/**
 * The firm's requests without JavaScript (contract §8): « Demander un document » posted to the
 * requests list or, from a client's page, to that client's page of it; « Annuler la demande » after
 * its confirmation page. Each with the API's check and service call: a 303 with the API's message, or
 * the page again at the API's status with each error under its field.
 */
const requestForms: FastifyPluginAsyncTypebox<{ requests: Requests; views: RequestsViews; listPage: ShowRequestsList }> = async (app, { requests, views, listPage }) => {
  // The list's form: back to the list's first page, as the island shows it once a request is made.
  const fromList = formPost({
    check: (body) => checkNewRequest(body, requests.today()),
    keep: NEW_REQUEST_FIELDS,
    show: listPage,
    act: async (_fields, request) => {
      await requests.create(request.user!, request.body as Record<string, unknown>)
      return { to: REQUESTS_LIST, message: messages.created }
    },
  })
  app.post(REQUESTS_LIST, { schema: listQuery, attachValidation: true, preHandler: firmForm((request) => request.url), config: formLimit(askLimit), ...fromList })

  // The client's page's form: the client is the page's; back to the client's page, where the request is listed.
  async function askPageOf(request: FastifyRequest, reply: FastifyReply, form?: FormState) {
    const client = await requests.askable(request.user!, clientIdOf(request))
    const [page, types] = await Promise.all([requests.list(request.user!, { q: '', page: 1, pageSize: ASK_PAGE_SHOWN }, { userId: client.id }), requests.types()])
    return reply.render(views.AskPage, { client, items: page.items, total: page.total, types: types.map((type) => ({ id: type.id, typeName: type.typeName })), today: requests.today(), form })
  }
  const fromClientPage = formPost({
    check: (body) => checkNewRequest(body, requests.today()),
    keep: NEW_REQUEST_FIELDS.filter((field) => field !== 'userId'),
    show: askPageOf,
    act: async (_fields, request) => {
      await requests.create(request.user!, request.body as Record<string, unknown>)
      return { to: `/users/profile/${clientIdOf(request)}#profile-requests-title`, message: messages.created }
    },
  })
  /** Who is asked comes before what (a page for no client is the 404 page), and is the page's, whatever the body says. */
  async function askedOfThePage(request: FastifyRequest) {
    const client = await requests.askable(request.user!, clientIdOf(request))
    request.body = { ...(request.body as Record<string, unknown>), userId: client.id }
  }
  app.get('/admin-dashboard/clients/:id/ask', { schema: clientParams, attachValidation: true, preHandler: firmOnly }, (request, reply) => askPageOf(request, reply))
  app.post('/admin-dashboard/clients/:id/ask', {
    schema: clientParams,
    attachValidation: true,
    preHandler: [firmForm((request) => request.url), askedOfThePage],
    config: formLimit(askLimit),
    ...fromClientPage,
  })

  registerRowForm(app, { page: firmOnly, form: firmForm }, {
    list: REQUESTS_LIST,
    action: 'cancel',
    filtered: { querystring: RequestListQuerySchema, filters: (query) => listFiltersOf(query).filters },
    confirm: {
      find: (id, request) => requests.find(request.user!, id),
      show: (reply, props) => reply.render(views.ConfirmActionPage, { kind: 'requests', action: 'cancel', ...props }),
    },
    act: async (id, request) => {
      await requests.cancel(request.user!, id)
      return messages.cancelled
    },
  })
}
export default requestForms
