import type { FastifyRequest } from 'fastify'

/**
 * Per-route limit by client IP (@fastify/rate-limit is registered with global: false). Routes that
 * name the same `bucket` count together (src/limits/rate-limit-store.ts): a JSON route and the page
 * whose form posts the same thing without JavaScript share one limit, not one each.
 */
export function ipLimit(max: number, timeWindowMs: number, bucket?: string) {
  return { rateLimit: { max, timeWindow: timeWindowMs, bucket } }
}

/**
 * The limit of a page's form post (contract §8): counted once the body is read, so that a refused
 * post is answered with the page and what was typed in it.
 */
export function formLimit(limit: ReturnType<typeof ipLimit>) {
  return { rateLimit: { ...limit.rateLimit, hook: 'preHandler' as const } }
}

/** Per-route limit by logged-in user (the session is read before route hooks run), by IP for a visitor; a `bucket` as ipLimit's. */
export function userLimit(max: number, timeWindowMs: number, bucket?: string) {
  return { rateLimit: { max, timeWindow: timeWindowMs, bucket, keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`) } }
}

export const QUARTER_HOUR_MS = 15 * 60_000
export const HOUR_MS = 3600_000
