import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A browser that has logged in to an account before carries a signed cookie naming that account
 * (by a hash of its address) and a random device id. When the account is locked by failures from
 * unknown browsers, such a browser is counted on its own (per device) instead of being locked out:
 * ten wrong passwords from anywhere can no longer keep the real owner out (issue 9, finding 3).
 */
const COOKIE = 'device'
const LIFETIME_S = 180 * 24 * 3600

function accountTag(email: string): string {
  return createHash('sha256').update(email, 'utf8').digest('base64url').slice(0, 22)
}

/** The device id of a known browser for this address, or undefined. */
export function knownDevice(request: FastifyRequest, email: string): string | undefined {
  const raw = request.cookies[COOKIE]
  if (!raw) return undefined
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return undefined
  const [tag, device] = unsigned.value.split('.')
  return tag === accountTag(email) && device && /^[A-Za-z0-9_-]{22}$/.test(device) ? device : undefined
}

/** Where a login is posted: the API, and the login page's own form without JavaScript (contract §8). */
const LOGIN_PATHS = ['/api/auth/login', '/login']

/** After a successful login: this browser is known for this address (its device id kept if it had one), wherever it logs in next. */
export function rememberDevice(reply: FastifyReply, email: string, device: string | undefined): void {
  const id = device ?? randomBytes(16).toString('base64url')
  for (const path of LOGIN_PATHS) {
    reply.setCookie(COOKIE, `${accountTag(email)}.${id}`, {
      path,
      httpOnly: true,
      sameSite: 'strict',
      secure: reply.server.config.secureCookies,
      signed: true,
      maxAge: LIFETIME_S,
    })
  }
}
