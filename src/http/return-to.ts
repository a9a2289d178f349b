import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Deep links (issue 17): a visitor sent to /login from a protected address is taken back there once
 * logged in. The address travels in a short-lived HttpOnly cookie rather than in `/login?next=`, so
 * the guard's answer stays `Location: /login` (specification §2) and the stored login page (rendered
 * once for every visitor) needs nothing of the request. Only this site's own paths are kept.
 */
/** `__Host-` behind HTTPS (as the session's): a sibling subdomain cannot set it for this host. */
const cookieOf = (secure: boolean) => (secure ? '__Host-return-to' : 'return-to')
const MAX_AGE_S = 15 * 60
const MAX_LENGTH = 2000

/**
 * A path of this site: one leading slash (never `//host` or `/\host`), printable ASCII only (what a
 * request's own address is; a `Location` header takes nothing else, and a decoded parameter put back
 * in a path may hold any character), not the login's own pages.
 */
export function ownPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined
  if (!/^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(value)) return undefined
  if (/^\/(login|logout|api\/auth)(\/|\?|$)/.test(value)) return undefined
  return value
}

/** Keeps the request's address for after the login (a GET only: a form post is not replayed). */
export function rememberReturn(request: FastifyRequest, reply: FastifyReply): void {
  if (request.method === 'GET') rememberPath(reply, request.url)
}

/** Keeps `path`, one of this site's pages, for after the login: the page holding a form posted without a session. */
export function rememberPath(reply: FastifyReply, path: string): void {
  const kept = ownPath(path)
  if (kept) reply.setCookie(cookieOf(reply.server.config.secureCookies), kept, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.config.secureCookies, maxAge: MAX_AGE_S })
}

/** The address kept, once (the cookie is cleared), or home. */
export function takeReturn(request: FastifyRequest, reply: FastifyReply): string {
  const name = cookieOf(reply.server.config.secureCookies)
  const kept = ownPath(request.cookies[name])
  if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.config.secureCookies })
  return kept ?? '/'
}
