/** Per-route limit by client IP (@fastify/rate-limit is registered with global: false). */
export function ipLimit(max: number, timeWindowMs: number) {
  return { rateLimit: { max, timeWindow: timeWindowMs } }
}

