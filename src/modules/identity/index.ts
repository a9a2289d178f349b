import fp from 'fastify-plugin'
import mailer from '../../mail/plugin.js'
import { registerPageAccess } from './access.js'
import authRoutes from './auth-routes.js'
import passwordRoutes from './password-routes.js'
import identityPages from './pages.js'
import { ensureAdmin } from './service.js'
import session from './session.js'
import { isWeakPassword } from './weak-passwords.js'

/** Identity: credentials, sessions and the auth pages. Sets request.user from the session. */
export default fp(
  async function identity(app) {
    await app.register(mailer)
    await app.register(session)
    registerPageAccess(app)
    await app.register(authRoutes)
    await app.register(passwordRoutes)
    await app.register(identityPages)
    app.addHook('onReady', async () => {
      isWeakPassword('') // builds the list once, before the first request needs it
      await ensureAdmin(app)
    })
  },
  { name: 'identity', dependencies: ['db', '@fastify/cookie'] },
)
