import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Deep links (issue 17): a visitor sent to /login from a protected address is taken back there once
 * logged in. The address travels in a short-lived HttpOnly cookie rather than in `/login?next=`, so
 * the guard's answer stays `Location: /login` (specification §2) and the stored login page (rendered
 * once for every visitor) needs nothing of the request. Only this site's own paths are kept.
 */
const COOKIE = 'return-to'
const MAX_AGE_S = 15 * 60
const MAX_LENGTH = 2000

/** A path of this site: one leading slash (never `//host` or `/\host`), no control character, not the login's own pages. */
export function ownPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return undefined
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
  if (kept) reply.setCookie(COOKIE, kept, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.config.secureCookies, maxAge: MAX_AGE_S })
}

/** The address kept, once (the cookie is cleared), or home. */
export function takeReturn(request: FastifyRequest, reply: FastifyReply): string {
  const kept = ownPath(request.cookies[COOKIE])
  if (request.cookies[COOKIE] !== undefined) reply.clearCookie(COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.server.config.secureCookies })
  return kept ?? '/'
}
