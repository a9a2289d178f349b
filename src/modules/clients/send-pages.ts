import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { IdParamsSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import type { FormState } from '../../shared/form-state.js'
import { sendFormRoute, type Documents } from '../documents/index.js'
import { firmOnly } from '../identity/index.js'
import type { Clients } from './service.js'
import type { ClientsViews } from './views.js'
import { words } from './words.js'

const refuse = refusals(words)

const SEND_PAGE = '/admin-dashboard/clients/:id/send'
/** What the firm sent, as many as the client's page shows. */
const SENT_SHOWN = 50

/** The page's client: a number once validated (GET), a string before (a post refused on its way in); anything else is no one. */
function clientIdOf(request: FastifyRequest): number {
  const id = Number((request.params as { id?: unknown }).id)
  if (!Number.isSafeInteger(id) || id < 1) throw refuse('not_found', 'notFound')
  return id
}

/**
 * « Envoyer un document au client » on a page of its own (contract §8): where the client page's form
 * posts without JavaScript (documents' route: the API's reading, checks and service call) and comes
 * again with its errors in place. Only for a client who may receive documents (documents' check).
 */
const sendPage: FastifyPluginAsync<{ clients: Clients; documents: Documents; views: ClientsViews }> = async (app, { clients, documents, views }) => {
  async function show(request: FastifyRequest, reply: FastifyReply, form?: FormState) {
    const id = clientIdOf(request)
    // A staff member sends to the clients they serve only: another is no one (404, contract §9).
    await clients.reachClient(request.user!, id)
    await documents.checkRecipient(id)
    const [client, sent] = await Promise.all([clients.findAccount(id), clients.firmSent(id, SENT_SHOWN)])
    return reply.render(views.SendDocumentPage, { client: { id: client.id, username: client.username, entreprise: client.entreprise }, sent, form })
  }

  app.get(SEND_PAGE, { schema: { hide: true, params: IdParamsSchema }, attachValidation: true, preHandler: firmOnly }, (request, reply) => show(request, reply))
  app.post(SEND_PAGE, sendFormRoute(documents, app.config.rateLimits.uploadPerUser, show))
}
export default sendPage
