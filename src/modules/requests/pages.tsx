import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter } from '../../http/lists.js'
import type { FormState } from '../../shared/form-state.js'
import { companyOf, ownSpace, uploadFormRoute, type Documents } from '../documents/index.js'
import { firmOnly, userOnly, type SessionUser } from '../identity/index.js'
import requestForms, { listFiltersOf, type ShowRequestsList } from './form-routes.js'
import { RequestListQuerySchema } from './schemas.js'
import type { Requests } from './service.js'
import type { RequestsViews } from './views.js'

/** Answered requests shown under the open ones in the client's space. */
const ANSWERED_SHOWN = 5
/** The newest documents from the firm shown there, and of the client's own. */
const RECEIVED_SHOWN = 50
const OWNED_SHOWN = 10

/** « Mon espace » (/files, its upload form posted without JavaScript too) and the firm's requests list (/admin-dashboard/requests). */
const requestPages: FastifyPluginAsyncTypebox<{ requests: Requests; documents: Documents; views: RequestsViews }> = async (app, { requests, documents, views }) => {
  const { RequestsPage, SpacePage } = views

  /**
   * The company's space (contract §9: a member's is the owner's, the company's id in its form); its
   * upload form answers the open request `wanted`, if any; `form` when answered again.
   */
  async function space(user: SessionUser, reply: FastifyReply, wanted: number | undefined, form?: FormState) {
    const companyId = companyOf(user)
    // « Tous mes documents » is the company's profile, which its owner opens.
    const profileUrl = companyId === user.id ? `/users/profile/${companyId}` : undefined
    if (!user.isAccepted) return reply.render(SpacePage, { userId: companyId, accepted: false, types: [], maxBytes: requests.maxUploadBytes, pending: [], answered: [], answering: null })
    const company = ownSpace(user)
    const [types, pending, answered, received, owned] = await Promise.all([
      requests.types(),
      requests.openFor(companyId, company),
      requests.listIn(company, { q: '', page: 1, pageSize: ANSWERED_SHOWN }, { status: 'fulfilled' }),
      user.isAdmin ? undefined : requests.received(companyId, RECEIVED_SHOWN),
      requests.owned(companyId, OWNED_SHOWN),
    ])
    const answering = pending.find((r) => r.id === wanted) ?? null
    return reply.render(SpacePage, { userId: companyId, profileUrl, accepted: true, types: types.map((t) => t.typeName), maxBytes: requests.maxUploadBytes, pending, answered: answered.items, answering, received, owned, form })
  }

  // attachValidation: a hand-edited ?request= shows the space without it, never an error page.
  app.get('/files', { preHandler: userOnly, attachValidation: true, schema: { hide: true, querystring: Type.Object({ request: Type.Optional(Type.Integer({ minimum: 1 })) }) } }, async (request, reply) =>
    space(request.user!, reply, request.validationError ? undefined : request.query.request),
  )

  // The upload form without JavaScript (contract §8): documents' route, answered again with this page
  // (answering the request it named, when still open). A visitor is already sent to /login before.
  app.post('/files', uploadFormRoute(documents, app.config.rateLimits.uploadPerUser, async (request, reply, form) =>
    request.user ? space(request.user, reply, Number(form.values.requestId) || undefined, form) : reply.redirect('/login', 303),
  ))

  /** The firm's list, with « Demander un document »'s state when it was posted without JavaScript and refused (contract §8). */
  const listPage: ShowRequestsList = async (request, reply, form) => {
    const query = listQueryOf(request)
    const { userId, status, filters } = listFiltersOf(query)
    const [page, clients, types] = await Promise.all([requests.list(request.user!, listFilter(query), { userId, status }), requests.clientChoices(request.user!), requests.types()])
    return reply.render(RequestsPage, {
      items: page.items,
      total: page.total,
      query: { ...listStateOf(query), filters },
      clients,
      types: types.map((type) => ({ id: type.id, typeName: type.typeName })),
      today: requests.today(),
      form,
    })
  }
  app.get('/admin-dashboard/requests', { preHandler: firmOnly, attachValidation: true, schema: { hide: true, querystring: RequestListQuerySchema } }, (request, reply) => listPage(request, reply))

  // The firm's forms without JavaScript (contract §8): asking, on the list or for one client, and cancelling.
  await app.register(requestForms, { requests, views, listPage })
}
export default requestPages
