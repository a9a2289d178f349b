/** Where a request came from, as services receive it: plain values, never Fastify's request (src/http/origin.ts reads them). */
export interface RequestOrigin {
  ip: string | null
  userAgent: string | null
}
