/** Per-route limit by client IP (@fastify/rate-limit is registered with global: false). */
export function ipLimit(max: number, timeWindowMs: number) {
  return { rateLimit: { max, timeWindow: timeWindowMs } }
}

export const QUARTER_HOUR_MS = 15 * 60_000
export const HOUR_MS = 3600_000
