import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import contactPages from './pages.js'
import contactRoutes from './routes.js'

/** Contact: the home page's form, stored for the firm, and the firm's inbox of messages. */
export default fp(
  async function contact(app) {
    await app.register(contactRoutes as FastifyPluginAsyncTypebox)
    await app.register(contactPages)
  },
  { name: 'contact', dependencies: ['db', 'mailer', 'identity'] },
)
