import type { FastifyInstance } from 'fastify'

/** Per-route limit by client IP (@fastify/rate-limit is registered with global: false). */
export function ipLimit(max: number, timeWindowMs: number) {
  return { rateLimit: { max, timeWindow: timeWindowMs } }
}

/** A request without a body is checked like one with every field missing (contract §2). */
export function ensureBody(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {}
  })
}
