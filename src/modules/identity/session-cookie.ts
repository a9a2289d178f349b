import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Lru } from '../../shared/lru.js'
import type { Identity } from './service.js'
import { SESSION_TTL_MS } from './service.js'
import type { SessionUser } from './session-user.js'
import { originOf } from '../../http/origin.js'
import { bearerToken } from '../../http/bearer.js'
import { HttpError } from '../../http/errors.js'
import { isAccountManagement } from './access.js'
import { accessTokenTexts } from './access-token-validation.js'

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sid: string; sub: string }
    user: SessionUser | null
  }
}

declare module 'fastify' {
  interface FastifyReply {
    /** Opens a session for the user and sets its cookie; answers the session id. `secondFactor`: the login's second step opened it. */
    startSession(userId: number, options?: { secondFactor?: boolean }): Promise<string>
    /** Ends the request's session (its row and its cookie). */
    endSession(): Promise<void>
    /** Forgets the request's session after its rows are gone (the account was deleted): clears the cookie. */
    forgetSession(): void
    /** Sliding expiry: pushes the session's end 7 days ahead (at most once an hour per session). */
    refreshSession(): Promise<void>
  }
  interface FastifyRequest {
    /** Set from the session cookie, or from a personal access token on an API call; null for a visitor. */
    user: SessionUser | null
    /** The id of the request's live session, or undefined for a visitor and for a token. */
    sessionId: string | undefined
    /** How `user` was recognised: its session cookie, or a personal access token (`Authorization: Bearer`). */
    authenticatedBy: 'session' | 'token' | null
  }
  interface FastifyInstance {
    /** A new session for `userId` as a `Cookie` header value (scripts and tests log in the short way). */
    sessionCookieFor(userId: number): Promise<string>
  }
}

const REFRESH_AFTER_MS = 3600_000

/** When each request's session token was issued (its sliding refresh is decided from it). */
const issuedAt = new WeakMap<FastifyRequest, number>()

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session'
}

/**
 * Tokens whose signature this app has checked, with the claims the session needs: a logged-in
 * browser sends the same token with every request, and checking its HMAC (and decoding it) was a
 * tenth of a logged-in page's CPU (issue 13). Only tokens that verified are kept, keyed by the whole
 * token, so another string (a changed byte, another signature) is verified afresh; one map per app,
 * since each app has its own secret. Expiry is checked again on every use; the session's row still
 * is, on every request (`identity.sessions.find`).
 */
interface VerifiedToken {
  sid: string
  iat: number
  /** Seconds since the epoch, as in the token (Infinity for a token without one, as the verifier allows). */
  exp: number
}
const VERIFIED_TOKENS = 4096

// Public files need no session: no lookup, and their own caching headers stand.
const UNAUTHENTICATED_PREFIXES = ['/assets/', '/static/', '/healthz', '/uploads/photos/']

/**
 * The session's HTTP side: a signed token (HS256) in an HttpOnly cookie, checked against identity's
 * sessions on every request. An API call with `Authorization: Bearer` is a personal access token's
 * instead (issue 17): the cookie is then not read at all, an unknown, expired or revoked token is
 * refused (401) and account management is refused to it (403, `isAccountManagement` in ./access.ts).
 */
export default fp(
  async function sessionCookie(app: FastifyInstance, { identity }: { identity: Identity }) {
    const secure = app.config.secureCookies
    const name = sessionCookieName(secure)
    const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure }
    await app.register(jwt, {
      secret: app.config.sessionSecret,
      decoratorName: 'jwtPayload',
      sign: { algorithm: 'HS256', expiresIn: SESSION_TTL_MS / 1000 },
      verify: { algorithms: ['HS256'] },
    })
    const sign = (sessionId: string, userId: number) => app.jwt.sign({ sid: sessionId, sub: String(userId) })
    const setCookie = (reply: FastifyReply, sessionId: string, userId: number) =>
      reply.setCookie(name, sign(sessionId, userId), { ...options, maxAge: SESSION_TTL_MS / 1000 })
    const forget = (reply: FastifyReply) => {
      reply.request.sessionId = undefined
      reply.request.user = null
      reply.clearCookie(name, options)
    }

    app.decorateRequest('user', null)
    app.decorateRequest('sessionId', undefined)
    app.decorateRequest('authenticatedBy', null)
    app.decorate('sessionCookieFor', async (userId: number) => `${name}=${sign(await identity.sessions.open(userId), userId)}`)
    // A login: the session row keeps where it is used from, and the journal records it (contract §6).
    app.decorateReply('startSession', async function (this: FastifyReply, userId: number, options: { secondFactor?: boolean } = {}) {
      const sessionId = await identity.sessions.open(userId, originOf(this.request), options)
      setCookie(this, sessionId, userId)
      return sessionId
    })
    app.decorateReply('endSession', async function (this: FastifyReply) {
      const sessionId = this.request.sessionId
      if (sessionId) await identity.sessions.end(sessionId, this.request.user, originOf(this.request))
      forget(this)
    })
    app.decorateReply('forgetSession', function (this: FastifyReply) {
      forget(this)
    })
    app.decorateReply('refreshSession', async function (this: FastifyReply) {
      const request = this.request
      const issued = issuedAt.get(request)
      if (!request.sessionId || !request.user || issued === undefined || Date.now() - issued < REFRESH_AFTER_MS) return
      await identity.sessions.extend(request.sessionId)
      setCookie(this, request.sessionId, request.user.id)
      issuedAt.set(request, Date.now())
    })

    // A callback hook, asynchronous only for a request with a session cookie (issue 13).
    app.addHook('onRequest', (request, reply, done) => {
      request.user = null
      request.authenticatedBy = null
      const bearer = bearerToken(request)
      if (bearer !== undefined) {
        // Not returned: a hook that returns a promise is also resumed by Fastify when it settles (twice, with done).
        readAccessToken(bearer, request).then(() => done(), done)
        return
      }
      const token = request.cookies[name]
      if (!token || UNAUTHENTICATED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return done()
      readSession(token, request).then((session) => {
        if (!session) {
          reply.clearCookie(name, options)
          return done()
        }
        request.user = session.user
        request.sessionId = session.id
        request.authenticatedBy = 'session'
        issuedAt.set(request, session.issuedAt)
        done()
      }, done)
    })
    // An answer made for a logged-in user, or one that opens a session, carries their data: never
    // stored by a browser or proxy cache (issue 9, finding 9).
    app.addHook('onSend', (request, reply, _payload, done) => {
      if (request.user || reply.getHeader('set-cookie')?.toString().includes(`${name}=`)) reply.header('cache-control', 'private, no-store')
      done()
    })

    /** The request is the token's user's, or refused: 401 for a token that does not (or no longer) open anything. */
    async function readAccessToken(token: string, request: FastifyRequest): Promise<void> {
      const user = await identity.accessTokens.authenticate(token)
      if (!user) throw new HttpError(401, accessTokenTexts.invalidToken, { 'www-authenticate': 'Bearer error="invalid_token"' })
      request.user = user
      request.authenticatedBy = 'token'
      if (isAccountManagement(request)) throw new HttpError(403, accessTokenTexts.accountManagement)
    }

    const verified = new Lru<VerifiedToken>(VERIFIED_TOKENS)
    /** The claims of a token signed with this app's secret and not expired, or undefined. */
    function verifyToken(token: string): VerifiedToken | undefined {
      const kept = verified.get(token)
      // Valid up to its `exp` included, as the verifier has it.
      if (kept) return Date.now() <= kept.exp * 1000 ? kept : undefined
      let payload: { sid?: unknown; iat?: unknown; exp?: unknown }
      try {
        payload = app.jwt.verify<{ sid?: unknown; iat?: unknown; exp?: unknown }>(token)
      } catch {
        return undefined
      }
      if (typeof payload.sid !== 'string' || typeof payload.iat !== 'number') return undefined
      const claims = { sid: payload.sid, iat: payload.iat, exp: typeof payload.exp === 'number' ? payload.exp : Infinity }
      verified.set(token, claims)
      return claims
    }

    // Only the signature's check is kept per process: the row is read on every request, so a session
    // ended through any instance stops working on every other at its next request (contract §5).
    async function readSession(token: string, request: FastifyRequest): Promise<{ id: string; issuedAt: number; user: SessionUser } | undefined> {
      const claims = verifyToken(token)
      if (!claims) return undefined
      const user = await identity.sessions.find(claims.sid, originOf(request))
      return user && { id: claims.sid, issuedAt: claims.iat * 1000, user }
    }
  },
  { name: 'identity-session', dependencies: ['@fastify/cookie'] },
)
