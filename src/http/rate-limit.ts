import type { FastifyRequest } from 'fastify'

/** Per-route limit by client IP (@fastify/rate-limit is registered with global: false). */
export function ipLimit(max: number, timeWindowMs: number) {
  return { rateLimit: { max, timeWindow: timeWindowMs } }
}

/** Per-route limit by logged-in user (the session is read before route hooks run), by IP for a visitor. */
export function userLimit(max: number, timeWindowMs: number) {
  return { rateLimit: { max, timeWindow: timeWindowMs, keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`) } }
}

export const QUARTER_HOUR_MS = 15 * 60_000
export const HOUR_MS = 3600_000
