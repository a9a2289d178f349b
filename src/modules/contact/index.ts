import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import contactPages, { type ContactViews } from './pages.js'
import contactRoutes from './routes.js'
import type { Contact } from './service.js'

/** Contact's HTTP side: the public form's API and the firm's inbox (API and page). */
export default fp(
  async function contact(app: FastifyInstance, { contact, views }: { contact: Contact; views: ContactViews }) {
    await app.register(contactRoutes, { contact })
    await app.register(contactPages, { contact, views })
  },
  { name: 'contact', dependencies: ['identity', 'render'] },
)

export { createContact, type Contact, type ContactDeps } from './service.js'
export type { ContactViews } from './pages.js'
export type { StoredMessage } from './schemas.js'
