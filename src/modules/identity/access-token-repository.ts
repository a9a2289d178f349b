import type { Db } from '../../db/database.js'
import { fromDbBool, fromDbId, fromDbTime, toDbTime } from '../../db/values.js'
import type { SessionUser } from './session-user.js'
import { toSessionUser } from './session-user-row.js'

/** A personal access token as its owner sees it (never its secret, which is not kept). */
export interface AccessTokenView {
  id: number
  name: string
  createdAt: Date
  lastUsedAt: Date | null
  expiresAt: Date
}

export interface NewAccessTokenRow {
  userId: number
  name: string
  tokenHash: string
  createdAt: Date
  expiresAt: Date
  secondFactor: boolean
}

export async function insertAccessToken(db: Db, token: NewAccessTokenRow): Promise<number> {
  const result = await db
    .insertInto('access_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      token_hash: token.tokenHash,
      created_at: toDbTime(token.createdAt),
      last_used_at: null,
      expires_at: toDbTime(token.expiresAt),
      second_factor: token.secondFactor ? 1 : 0,
    })
    .executeTakeFirstOrThrow()
  return fromDbId(result.insertId)
}

/** The user's tokens not yet expired, the newest first. */
export async function findUserAccessTokens(db: Db, userId: number, now: Date): Promise<AccessTokenView[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', toDbTime(now))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: fromDbId(row.id),
    name: row.name,
    createdAt: fromDbTime(row.created_at),
    lastUsedAt: row.last_used_at ? fromDbTime(row.last_used_at) : null,
    expiresAt: fromDbTime(row.expires_at),
  }))
}

/**
 * The user a live token acts as, read fresh with the account (rights, acceptance and two-factor as
 * they are now), and when the token was last recorded as used.
 */
export async function findLiveAccessToken(db: Db, tokenHash: string, now: Date): Promise<{ id: number; user: SessionUser; lastUsedAt: Date | null } | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .leftJoin('user_two_factor', 'user_two_factor.user_id', 'users.id')
    .select(['access_tokens.id as tokenId', 'access_tokens.last_used_at', 'access_tokens.second_factor', 'users.id', 'users.username', 'users.email', 'users.profile_photo', 'users.is_accepted', 'users.is_admin', 'users.role', 'users.company_id', 'users.language', 'user_two_factor.enabled_at'])
    .where('access_tokens.token_hash', '=', tokenHash)
    .where('access_tokens.expires_at', '>', toDbTime(now))
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  if (!row) return undefined
  const user = toSessionUser(row)
  return { id: fromDbId(row.tokenId), user, lastUsedAt: row.last_used_at ? fromDbTime(row.last_used_at) : null }
}

/** Records a use when the last one recorded is older than `usedBefore` (instances using it at once write it once). */
export async function touchAccessToken(db: Db, id: number, at: Date, usedBefore: Date): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: toDbTime(at) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', toDbTime(usedBefore))]))
    .execute()
}

/** Revokes one of this user's tokens; false when it is not theirs (or already gone). */
export async function deleteUserAccessToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('access_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * Revokes every token of the user (a password change or reset, two-factor reset by the firm), or
 * only those made in a session opened with the password alone (`passwordOnly`: two-factor turned on).
 */
export async function deleteUserAccessTokens(db: Db, userId: number, options: { passwordOnly?: boolean } = {}): Promise<void> {
  let query = db.deleteFrom('access_tokens').where('user_id', '=', userId)
  if (options.passwordOnly) query = query.where('second_factor', '=', 0)
  await query.execute()
}

/** Deletes expired tokens; answers how many went. */
export async function sweepExpiredAccessTokens(db: Db, at: Date): Promise<number> {
  const result = await db.deleteFrom('access_tokens').where('expires_at', '<=', toDbTime(at)).executeTakeFirst()
  return Number(result.numDeletedRows)
}
