import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Documents } from '../documents/index.js'
import clientForms from './form-routes.js'
import clientPages from './pages.js'
import profilePages from './profile-pages.js'
import clientRoutes from './routes.js'
import sendPage from './send-pages.js'
import type { Clients } from './service.js'
import type { ClientsViews } from './views.js'

/**
 * Clients' HTTP side: profiles, acceptance, the administrators' dashboard and user lists; `documents`
 * takes the client page's send form posted without JavaScript.
 */
export default fp(
  async function clients(app: FastifyInstance, { clients, documents, views }: { clients: Clients; documents: Documents; views: ClientsViews }) {
    await app.register(clientRoutes, { clients })
    await app.register(profilePages, { clients, views })
    await app.register(clientPages, { clients, views })
    await app.register(clientForms, { clients, views })
    await app.register(sendPage, { clients, documents, views })
  },
  { name: 'clients', dependencies: ['identity', 'documents', 'render'] },
)

// The module's public face for pages and other modules.
export { createClients, type Clients, type ClientsDeps } from './service.js'
export type { AccountRow, Counts, MailCounts, Profile } from './types.js'
export type { ClientsViews } from './views.js'
