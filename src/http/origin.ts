import type { FastifyRequest } from 'fastify'
import type { RequestOrigin } from '../shared/request-origin.js'

export type { RequestOrigin }

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? null }
}
