import type { FastifyRequest } from 'fastify'

/** Where a request came from, as services receive it: plain values, never Fastify's request. */
export interface RequestOrigin {
  ip: string | null
  userAgent: string | null
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? null }
}
