import fp from 'fastify-plugin'
import identityPages from './pages.js'

/** Identity: credentials, sessions and the auth pages. Sets request.user from the session. */
export default fp(
  async function identity(app) {
    await app.register(identityPages)
  },
  { name: 'identity', dependencies: ['db', '@fastify/cookie'] },
)
