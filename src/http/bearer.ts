import type { FastifyRequest } from 'fastify'
import { isApi } from './errors.js'

/**
 * The token of `Authorization: Bearer <token>` on an API call, or undefined (no such header, another
 * scheme, or a page). Personal access tokens drive the API only (issue 17): a page, its plain form
 * posts and stored files keep the session cookie. When this answers a token, the request is the
 * token's and the session cookie is not read at all (bearer wins), which is why the same-origin check
 * can let it pass: a browser never adds this header on its own, and another site's script could only
 * through a CORS preflight, which the portal never grants.
 */
export function bearerToken(request: Pick<FastifyRequest, 'headers' | 'url'>): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return feedToken(request.url)
  if (!isApi(request as FastifyRequest)) return undefined
  const match = /^Bearer(?:[ \t]+(\S*))?\s*$/i.exec(header)
  return match ? (match[1] ?? '') : undefined
}

/** The one address a token may ride in (contract §11): the calendar feed, which phones subscribe to by URL alone and cannot send a header to. */
const FEED = '/api/calendar.ics?'

/**
 * `?token=` of `GET /api/calendar.ics`: a phone's calendar subscribes to a URL and sends no header, so
 * the feed takes its access token there (docs/decisions/157-calendar-feed.md). Read only, the token's
 * rights as with the header; logs mask it (maskTokens).
 */
function feedToken(url: string): string | undefined {
  if (!url.startsWith(FEED)) return undefined
  const token = new URLSearchParams(url.slice(FEED.length)).get('token')
  return token === null ? undefined : token
}
