import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors.js'

/**
 * The routes that take files (contract §2). A route may also say so itself with
 * `schema.consumes: ['multipart/form-data']`.
 */
const FILE_ROUTES = new Set(['POST /api/users/profile/uplaod-photo', 'POST /api/documents/upload'])

const MULTIPART = /^\s*multipart\//i

/**
 * A multipart body sent to a route that takes no file is refused from its headers, before any of it is
 * read, and the connection closes with the answer (issue 9): no route reads megabytes it will throw away.
 */
export function refuseUnexpectedMultipart(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!MULTIPART.test(request.headers['content-type'] ?? '')) return
    const route = request.routeOptions
    if (route.url === undefined) return
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? []
    if (FILE_ROUTES.has(`${request.method} ${route.url}`) || consumes.some((type) => MULTIPART.test(type))) return
    throw new HttpError(415, 'Type de contenu non accepté : cette adresse ne reçoit pas de fichier.', { connection: 'close' })
  })
}
