import fp from 'fastify-plugin'
import { registerPageAccess } from './access.js'
import authRoutes from './auth-routes.js'
import passwordRoutes from './password-routes.js'
import identityPages from './pages.js'
import { ensureAdmin } from './service.js'
import session from './session.js'
import { startSweeper } from './sweeper.js'
import { isWeakPassword } from './weak-passwords.js'

/** Identity: credentials, sessions and the auth pages. Sets request.user from the session. */
export default fp(
  async function identity(app) {
    await app.register(session)
    registerPageAccess(app)
    startSweeper(app)
    await app.register(authRoutes)
    await app.register(passwordRoutes)
    await app.register(identityPages)
    app.addHook('onReady', async () => {
      isWeakPassword('') // builds the list once, before the first request needs it
      await ensureAdmin(app)
    })
  },
  { name: 'identity', dependencies: ['db', '@fastify/cookie', 'mailer', 'background'] },
)

// The module's public face: other modules import these, never identity's files or tables.
export { adminOnly, requireAdmin, requireUser, userOnly } from './guards.js'
export type { SessionUser } from './session-user.js'
export { createAccount } from './service.js'
export { endSessionOf, sessionCookieFor } from './session.js'
export { acceptAccount, countAccounts, deleteAccount, findAccountSummary, findAccountsPage, idsMatching, summariesByIds } from './accounts.js'
export type { AcceptOutcome, AccountSummary, IdsMatching } from './accounts.js'
export { currentProfilePhoto, replaceProfilePhoto } from './photos.js'
