import type { FastifyReply, FastifyRequest } from 'fastify'
import { PENDING_LOGIN_MS } from './two-factor.js'

/**
 * The browser that gave the right password carries its pending login (contract §6: "from the same
 * browser"): a signed, HttpOnly cookie holding a random token; the database keeps only its hash.
 */
const COOKIE = 'twofactor-pending'

export function pendingLoginToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[COOKIE]
  if (!raw) return undefined
  const unsigned = request.unsignCookie(raw)
  return unsigned.valid && unsigned.value && /^[A-Za-z0-9_-]{43}$/.test(unsigned.value) ? unsigned.value : undefined
}

export function setPendingLogin(reply: FastifyReply, token: string): void {
  reply.setCookie(COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: reply.server.config.secureCookies, signed: true, maxAge: PENDING_LOGIN_MS / 1000 })
}

export function clearPendingLogin(reply: FastifyReply): void {
  reply.clearCookie(COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: reply.server.config.secureCookies })
}
