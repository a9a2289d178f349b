import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors.js'

const MULTIPART = /^\s*multipart\//i

/**
 * A route that takes files says so with `schema.consumes: ['multipart/form-data']`. A multipart
 * body sent to any other route is refused from its headers, before any of it is
 * read, and the connection closes with the answer (issue 9): no route reads megabytes it will throw away.
 */
export function refuseUnexpectedMultipart(app: FastifyInstance) {
  // A callback hook: it runs on every request, and an async one costs a promise and a turn (issue 13).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!MULTIPART.test(request.headers['content-type'] ?? '')) return done()
    const route = request.routeOptions
    if (route.url === undefined) return done()
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? []
    if (consumes.some((type) => MULTIPART.test(type))) return done()
    done(new HttpError(415, 'Type de contenu non accepté : cette adresse ne reçoit pas de fichier.', { connection: 'close' }))
  })
}
