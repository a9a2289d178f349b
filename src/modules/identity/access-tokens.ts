import { randomBytes } from 'node:crypto'
import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { refusals } from '../../shared/domain-error.js'
import * as repo from './access-token-repository.js'
import type { SessionUser } from './session-user.js'
import { hashToken } from './tokens.js'
import { accessTokenWords } from './words.js'

const refuse = refusals(accessTokenWords)

export type { AccessTokenView } from './access-token-repository.js'

/**
 * A recognisable prefix: secret scanners (GitHub's, gitleaks…) can be taught `pat_` followed by 43
 * base64url characters, and a person reading a log or a paste knows what leaked.
 */
export const ACCESS_TOKEN_PREFIX = 'pat_'
const ACCESS_TOKEN_PATTERN = /^pat_[A-Za-z0-9_-]{43}$/
const DAY_MS = 24 * 3600_000
/** A token's last use is written at most this often (as a session's, contract §6). */
export const LAST_USED_EVERY_MS = 60_000

/** A token just created: the only answer that holds its secret. */
export interface NewAccessToken {
  id: number
  name: string
  token: string
  expiresAt: Date
}

/**
 * Personal access tokens (issue 17, contract §8): 256 random bits behind `pat_`, only their SHA-256
 * kept (high-entropy secrets need no slow hash; the lookup by hash is the comparison).
 */
export function createAccessTokens({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** `creator`: the session's user; its second-factor proof goes with the token (REQUIRE_ADMIN_2FA). */
    async create(creator: SessionUser, input: { name: string; expiresInDays: number }): Promise<NewAccessToken> {
      const token = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url')
      const createdAt = clock.now()
      const expiresAt = new Date(createdAt.getTime() + input.expiresInDays * DAY_MS)
      const id = await repo.insertAccessToken(db, { userId: creator.id, name: input.name, tokenHash: hashToken(token), createdAt, expiresAt, secondFactor: creator.secondFactor === true })
      return { id, name: input.name, token, expiresAt }
    },

    list: (userId: number): Promise<repo.AccessTokenView[]> => repo.findUserAccessTokens(db, userId, clock.now()),

    async revoke(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteUserAccessToken(db, userId, id))) throw refuse('not_found', 'notFound')
    },

    /** The user a live token acts as, or undefined (unknown, revoked, expired, malformed); records its use. */
    async authenticate(token: string): Promise<SessionUser | undefined> {
      if (!ACCESS_TOKEN_PATTERN.test(token)) return undefined
      const at = clock.now()
      const found = await repo.findLiveAccessToken(db, hashToken(token), at)
      if (!found) return undefined
      const usedBefore = new Date(at.getTime() - LAST_USED_EVERY_MS + 1)
      if (!found.lastUsedAt || found.lastUsedAt.getTime() < usedBefore.getTime()) await repo.touchAccessToken(db, found.id, at, usedBefore)
      return found.user
    },

    /** Revokes every token of the user, in the caller's transaction (a password change or reset). */
    revokeAll: (trx: Db, userId: number): Promise<void> => repo.deleteUserAccessTokens(trx, userId),

    sweep: (): Promise<number> => repo.sweepExpiredAccessTokens(db, clock.now()),
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>
