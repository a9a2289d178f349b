import fp from 'fastify-plugin'
import clientPages from './pages.js'
import clientRoutes from './routes.js'
import photoRoutes from './photo-routes.js'
import profilePages from './profile-pages.js'

/** Clients: profiles, acceptance and the administrators' user lists; composes identity (and documents). */
export default fp(
  async function clients(app) {
    await app.register(clientRoutes)
    await app.register(photoRoutes)
    await app.register(profilePages)
    await app.register(clientPages)
  },
  { name: 'clients', dependencies: ['db', 'identity', 'documents', 'mailer', 'storage'] },
)

// The module's public face for pages and other modules.
export { acceptClient, deleteClient, getCounts, getProfile, listClients, listNewUsers } from './service.js'
export type { Counts, Profile } from './types.js'
