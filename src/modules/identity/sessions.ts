import { createHash, randomBytes } from 'node:crypto'
import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import type { Journal } from '../journal/index.js'
import { itself } from './journaled.js'
import * as repo from './repository.js'
import type { SessionUser } from './session-user.js'
import { accountWords, sessionTexts } from './words.js'

const refuse = refusals(accountWords)

/** Sessions last 7 days and slide (the session cookie re-issues them). */
export const SESSION_TTL_MS = 7 * 24 * 3600_000
/** A session's last use is written at most this often (contract §6). */
export const LAST_SEEN_EVERY_MS = 60_000

export { sessionTexts }

/**
 * The id a session is listed under: a hash prefix of its secret, so a list (or a page's HTML) never
 * holds what the cookie holds, and ending one by it needs no other column.
 */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22)
}

/** A session as its user sees it (GET /api/auth/sessions). */
export interface SessionView {
  id: string
  createdAt: Date
  lastSeenAt: Date
  ip: string | null
  userAgent: string | null
  current: boolean
}

/** Sessions as rows: opened, found on every request, listed and ended by their user (contract §6). */
export interface SessionsDeps {
  db: Db
  clock: Clock
  /** Logins, logouts and ended sessions are recorded with the row they change (contract §6). */
  journal: Pick<Journal, 'record'>
  /** What the sweep also clears (two-factor's pending logins); answers how many rows went. */
  sweepAlso?: () => Promise<number>
}

export function createSessions({ db, clock, journal, sweepAlso }: SessionsDeps) {
  const now = () => clock.now().getTime()
  return {
    /**
     * Opens a session row for the user; answers its id (the cookie is the HTTP side's). With `from`
     * (a login), the row keeps the address and browser, and the journal records the login with it;
     * `secondFactor`: opened by the login's second step (the session is proven, REQUIRE_ADMIN_2FA).
     */
    async open(userId: number, from?: RequestOrigin, options: { secondFactor?: boolean } = {}): Promise<string> {
      const sessionId = randomBytes(24).toString('base64url')
      const at = clock.now()
      await transaction(db, async (trx) => {
        await repo.insertSession(trx, sessionId, userId, at, new Date(at.getTime() + SESSION_TTL_MS), from, options.secondFactor)
        const account = from ? await repo.findAccountById(trx, userId) : undefined
        if (from && account) await journal.record(trx, { action: 'login', ...itself(account), from })
      })
      return sessionId
    },
    /**
     * The user of a live session, or undefined. With `device`, the use is recorded (time, address,
     * browser) when the last one recorded is a minute old or more.
     */
    async find(sessionId: string, device?: RequestOrigin): Promise<SessionUser | undefined> {
      const at = clock.now()
      const found = await repo.findLiveSession(db, sessionId, at)
      if (!found) return undefined
      const seenBefore = new Date(at.getTime() - LAST_SEEN_EVERY_MS)
      if (device && found.lastSeenAt.getTime() <= seenBefore.getTime()) await repo.touchSession(db, sessionId, at, new Date(seenBefore.getTime() + 1), device)
      return found.user
    },
    async list(userId: number, currentSession: string | undefined): Promise<SessionView[]> {
      const rows = await repo.findUserSessions(db, userId, clock.now())
      return rows.map(({ id, ...row }) => ({ id: publicSessionId(id), ...row, current: id === currentSession }))
    },
    /** Ends one of the user's sessions by its listed id; answers whether it was the current one. */
    async revoke(user: SessionUser, publicId: string, currentSession: string | undefined, from: RequestOrigin): Promise<{ current: boolean }> {
      const rows = await repo.findUserSessions(db, user.id, clock.now())
      const target = rows.find((row) => publicSessionId(row.id) === publicId)
      await transaction(db, async (trx) => {
        if (!target || !(await repo.deleteUserSession(trx, user.id, target.id))) throw refuse('not_found', 'sessionNotFound')
        await journal.record(trx, { action: 'session.revoked', ...itself(user), from })
      })
      return { current: target!.id === currentSession }
    },
    /** Ends every session of the user but the current one. */
    async revokeOthers(user: SessionUser, currentSession: string | undefined, from: RequestOrigin): Promise<void> {
      await transaction(db, async (trx) => {
        await repo.deleteUserSessions(trx, user.id, clock.now(), currentSession)
        await journal.record(trx, { action: 'session.revoked', ...itself(user), from })
      })
    },
    async user(sessionId: string): Promise<SessionUser> {
      const user = await repo.findSessionUser(db, sessionId, clock.now())
      if (!user) throw refuse('unauthenticated', 'loginRequired')
      return user
    },
    /** Sliding expiry: the session's end moves 7 days ahead. */
    extend: (sessionId: string): Promise<void> => repo.extendSession(db, sessionId, new Date(now() + SESSION_TTL_MS)),
    /** With the session's user and `from` (a logout), the journal records it with the deletion. */
    async end(sessionId: string, user?: SessionUser | null, from?: RequestOrigin): Promise<void> {
      await transaction(db, async (trx) => {
        await repo.deleteSession(trx, sessionId)
        if (user && from) await journal.record(trx, { action: 'logout', ...itself(user), from })
      })
    },
    /** Deletes expired sessions and one-time tokens; answers how many rows went. */
    sweep: async (): Promise<number> => (await repo.sweepExpired(db, clock.now())) + ((await sweepAlso?.()) ?? 0),
  }
}

export type Sessions = ReturnType<typeof createSessions>
