import { randomBytes } from 'node:crypto'
import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { SessionUser } from './session-user.js'
import { deleteSession, extendSession, findSessionUser, insertSession } from './repository.js'

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sid: string; sub: string }
    user: SessionUser | null
  }
}

/** Sessions last 7 days and slide: a token older than an hour is re-issued on a protected route. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000
const REFRESH_AFTER_MS = 3600_000

interface LiveSession {
  id: string
  issuedAt: number
}
const liveSessions = new WeakMap<FastifyRequest, LiveSession>()

export function sessionCookieName(app: FastifyInstance): string {
  return app.config.secureCookies ? '__Host-session' : 'session'
}

function cookieOptions(app: FastifyInstance) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.config.secureCookies }
}

function setSessionCookie(reply: FastifyReply, sessionId: string, userId: number) {
  const app = reply.server
  reply.setCookie(sessionCookieName(app), signSession(app, sessionId, userId), { ...cookieOptions(app), maxAge: SESSION_TTL_MS / 1000 })
}

function signSession(app: FastifyInstance, sessionId: string, userId: number): string {
  return app.jwt.sign({ sid: sessionId, sub: String(userId) })
}

async function openSession(app: FastifyInstance, userId: number): Promise<string> {
  const sessionId = randomBytes(24).toString('base64url')
  await insertSession(app.db, sessionId, userId, new Date(Date.now() + SESSION_TTL_MS))
  return sessionId
}

/** A new session for `userId` as a `Cookie` header value (scripts and tests log in the short way). */
export async function sessionCookieFor(app: FastifyInstance, userId: number): Promise<string> {
  return `${sessionCookieName(app)}=${signSession(app, await openSession(app, userId), userId)}`
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(reply.server), cookieOptions(reply.server))
}

/** Opens a session row and sets its cookie; answers the session id. */
export async function startSession(reply: FastifyReply, userId: number): Promise<string> {
  const sessionId = await openSession(reply.server, userId)
  setSessionCookie(reply, sessionId, userId)
  return sessionId
}

export function currentSessionId(request: FastifyRequest): string | undefined {
  return liveSessions.get(request)?.id
}

/** Sliding expiry: pushes the session's end 7 days ahead (at most once an hour per session). */
export async function refreshSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const live = liveSessions.get(request)
  if (!live || !request.user || Date.now() - live.issuedAt < REFRESH_AFTER_MS) return
  await extendSession(request.server.db, live.id, new Date(Date.now() + SESSION_TTL_MS))
  setSessionCookie(reply, live.id, request.user.id)
  live.issuedAt = Date.now()
}

/** Forgets the request's session after its rows are gone (the account was deleted): clears the cookie. */
export async function endSessionOf(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  liveSessions.delete(request)
  request.user = null
  clearSessionCookie(reply)
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const live = liveSessions.get(request)
  if (live) await deleteSession(request.server.db, live.id)
  liveSessions.delete(request)
  request.user = null
  clearSessionCookie(reply)
}

// Public files need no session: no lookup, and their own caching headers stand.
const UNAUTHENTICATED_PREFIXES = ['/assets/', '/static/', '/healthz', '/uploads/photos/']

/** HS256 only, read from the cookie only (no Authorization header), checked against the sessions table. */
export default fp(
  async function sessionPlugin(app) {
    await app.register(jwt, {
      secret: app.config.sessionSecret,
      decoratorName: 'jwtPayload',
      sign: { algorithm: 'HS256', expiresIn: SESSION_TTL_MS / 1000 },
      verify: { algorithms: ['HS256'] },
    })
    app.decorateRequest('user', null)
    const name = sessionCookieName(app)
    app.addHook('onRequest', async (request, reply) => {
      request.user = null
      const token = request.cookies[name]
      if (!token || UNAUTHENTICATED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return
      const session = await readSession(app, token)
      if (!session) return clearSessionCookie(reply)
      request.user = session.user
      liveSessions.set(request, { id: session.id, issuedAt: session.issuedAt })
    })
    // An answer made for a logged-in user, or one that opens a session, carries their data: never
    // stored by a browser or proxy cache (issue 9, finding 9).
    app.addHook('onSend', async (request, reply) => {
      if (request.user || reply.getHeader('set-cookie')?.toString().includes(`${name}=`)) reply.header('cache-control', 'private, no-store')
    })
  },
  { name: 'identity-session', dependencies: ['db', '@fastify/cookie'] },
)

async function readSession(app: FastifyInstance, token: string): Promise<{ id: string; issuedAt: number; user: SessionUser } | undefined> {
  let payload: { sid?: unknown; iat?: unknown }
  try {
    payload = app.jwt.verify<{ sid?: unknown; iat?: unknown }>(token)
  } catch {
    return undefined
  }
  if (typeof payload.sid !== 'string' || typeof payload.iat !== 'number') return undefined
  const user = await findSessionUser(app.db, payload.sid)
  return user && { id: payload.sid, issuedAt: payload.iat * 1000, user }
}
