import fp from 'fastify-plugin'

/** Identity: credentials, sessions and the auth pages. Sets request.user from the session. */
export default fp(
  async function identity() {
    // Filled in by the identity issue.
  },
  { name: 'identity', dependencies: ['db', '@fastify/cookie'] },
)
