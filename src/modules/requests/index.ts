import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import requestPages from './pages.js'
import requestRoutes from './routes.js'
import type { Documents } from '../documents/index.js'
import type { Requests } from './service.js'
import type { RequestsViews } from './views.js'

/** Requests' HTTP side: the API of contract §7, the client's space (/files, with documents' upload form) and the firm's list. */
export default fp(
  async function requests(app: FastifyInstance, { requests, documents, views }: { requests: Requests; documents: Documents; views: RequestsViews }) {
    await app.register(requestRoutes, { requests })
    await app.register(requestPages, { requests, documents, views })
  },
  { name: 'requests', dependencies: ['identity', 'documents', 'render'] },
)

// The module's public face: other modules import these, never requests' files or tables.
export { createRequests, type Requests, type RequestsDeps } from './service.js'
export { keepReminderHour } from './reminder-hour.js'
export { RequestSchema, type RequestView } from './schemas.js'
export type { RequestsViews } from './views.js'
