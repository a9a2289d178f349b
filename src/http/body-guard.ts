import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors.js'
import { storageFullMessage } from './faults.js'

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

/**
 * Uploads are refused from their headers (507, nothing read) while the file store says it has no
 * room (local disk: free space under MIN_FREE_DISK_MB), so a filling disk never takes the database,
 * the logs or a half-written file down with it.
 */
export function refuseUploadsWhenFull(app: FastifyInstance, hasRoom: () => Promise<boolean>) {
  app.addHook('onRequest', async (request) => {
    if (!MULTIPART.test(request.headers['content-type'] ?? '')) return
    if (await hasRoom()) return
    throw new HttpError(507, storageFullMessage, { connection: 'close' })
  })
}
