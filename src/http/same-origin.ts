import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors.js'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Contract §2: a state-changing request sent by another site is refused (403). The cookie is
 * SameSite=Lax already; this closes what Lax leaves open (top-level POSTs, same-site subdomains).
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE.has(request.method)) return
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Requête refusée : origine non autorisée.')
    const origin = request.headers.origin
    if (!origin) return
    // Under `Referrer-Policy: no-referrer` a browser sends `Origin: null` with its own forms' POSTs
    // (the theme switch without JavaScript); its Sec-Fetch-Site, which no page can set, vouches for them.
    if (origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin') return
    const own = `${request.protocol}://${request.host}`
    if (origin !== allowed && origin !== own) throw new HttpError(403, 'Requête refusée : origine non autorisée.')
  })
}
