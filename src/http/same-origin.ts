import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bearerToken } from './bearer.js'
import { HttpError } from './errors.js'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What a browser says of a request it sends on its user's own behalf (Fetch Metadata). */
const OWN_SITE = new Set(['same-origin', 'none'])

/**
 * A GET may change something (mark a document viewed) only when the portal's own pages, or the
 * user typing or bookmarking the address, asked for it: `Sec-Fetch-Site` is `same-origin` or
 * `none`, or absent (a script, curl, a browser too old to send it; every current one does). A link
 * or an image from another site (`cross-site`) or a sibling subdomain (`same-site`) changes nothing.
 */
export function isOwnSiteRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  const site = request.headers['sec-fetch-site']
  return site === undefined || OWN_SITE.has(String(site))
}

/**
 * Contract §2: a state-changing request sent by another site is refused (403). The cookie is
 * SameSite=Lax already; this closes what Lax leaves open (top-level POSTs, same-site subdomains).
 * An API call with `Authorization: Bearer` is the token's, never the cookie's (src/http/bearer.ts):
 * no site can make a browser send it, so it needs no Origin (contract §8).
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin
  // A callback hook: it runs on every request, and an async one costs a promise and a turn (issue 13).
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (SAFE.has(request.method) || bearerToken(request) !== undefined) return done()
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(new HttpError(403, 'Requête refusée : origine non autorisée.'))
    const origin = request.headers.origin
    if (!origin) return done()
    // Under `Referrer-Policy: no-referrer` a browser sends `Origin: null` with its own forms' POSTs
    // (the theme switch without JavaScript); its Sec-Fetch-Site, which no page can set, vouches for them.
    if (origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin') return done()
    const own = `${request.protocol}://${request.host}`
    if (origin !== allowed && origin !== own) return done(new HttpError(403, 'Requête refusée : origine non autorisée.'))
    done()
  })
}
