import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors.js'

const MULTIPART = /^\s*multipart\//i

/**
 * A route that takes files says so with `schema.consumes: ['multipart/form-data']`. A multipart
 * body sent to any other route is refused from its headers, before any of it is
 * read, and the connection closes with the answer (issue 9): no route reads megabytes it will throw away.
 */
export function refuseUnexpectedMultipart(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!MULTIPART.test(request.headers['content-type'] ?? '')) return
    const route = request.routeOptions
    if (route.url === undefined) return
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? []
    if (consumes.some((type) => MULTIPART.test(type))) return
    throw new HttpError(415, 'Type de contenu non accepté : cette adresse ne reçoit pas de fichier.', { connection: 'close' })
  })
}
