import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import fp from 'fastify-plugin'
import documentPages from './pages.js'
import documentRoutes from './routes.js'

/** Documents and their types: uploads checked by content, private files, the firm's lists. */
export default fp(
  async function documents(app) {
    await app.register(documentRoutes as FastifyPluginAsyncTypebox)
    await app.register(documentPages)
  },
  { name: 'documents', dependencies: ['db', 'identity', 'mailer', 'background', 'storage', 'render'] },
)

// The module's public face: other modules (clients) import these, never documents' files or tables.
export { countDocuments, countTypes, listOwnedDocuments, removeAllOwnedBy } from './service.js'
export type { DocumentView, OwnedDocument } from './types.js'
