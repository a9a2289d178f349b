import type { CompiledQuery, InferResult } from 'kysely'
import type { Db } from '../../db/database.js'
import { fromDbBool, fromDbId, fromDbTime, nowDb, toDbBool, toDbTime } from '../../db/values.js'
import type { Language } from '../../shared/words.js'
import type { Role, SessionUser } from './session-user.js'
import { toSessionUser } from './session-user-row.js'
import type { TokenPurpose } from './tokens.js'

/** A user with what the identity service needs to decide (never sent as is). */
export interface UserAccount {
  id: number
  email: string
  username: string
  passwordHash: string
  isVerified: boolean
  isAccepted: boolean
  isAdmin: boolean
  role: Role
  status: AccountStatus
  /** The company a member belongs to (null for an owner and for the firm's people). */
  companyId: number | null
  /** What the person reads the portal and their mails in (contract §10). */
  language: Language
}

export type AccountStatus = 'invited' | 'active' | 'removed'

type UserRow = { id: number; email: string; username: string; password_hash: string; is_verified: number; is_accepted: number; is_admin: number; role: Role; status: AccountStatus; company_id: number | null; language: Language }

function toAccount(row: UserRow): UserAccount {
  return {
    id: fromDbId(row.id),
    email: row.email,
    username: row.username,
    passwordHash: row.password_hash,
    isVerified: fromDbBool(row.is_verified),
    isAccepted: fromDbBool(row.is_accepted),
    isAdmin: fromDbBool(row.is_admin),
    role: row.role,
    status: row.status,
    companyId: row.company_id === null ? null : fromDbId(row.company_id),
    language: row.language === 'ar' ? 'ar' : 'fr',
  }
}

const ACCOUNT_COLUMNS = ['id', 'email', 'username', 'password_hash', 'is_verified', 'is_accepted', 'is_admin', 'role', 'status', 'company_id', 'language'] as const

export async function findAccountByEmail(db: Db, email: string): Promise<UserAccount | undefined> {
  const row = await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('email', '=', email).executeTakeFirst()
  return row && toAccount(row)
}

export async function findAccountById(db: Db, id: number): Promise<UserAccount | undefined> {
  const row = await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toAccount(row)
}

export interface NewUser {
  username: string
  email: string
  entreprise: string
  telephone: string
  passwordHash: string
  isVerified?: boolean
  isAccepted?: boolean
  isAdmin?: boolean
  /** Default: `admin` when isAdmin, else `client`. */
  role?: Role
  status?: AccountStatus
  /** A member's company (contract §9). */
  companyId?: number | null
  /** Default `fr` (contract §10: a registration's request language, an invitation its inviter's). */
  language?: Language
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const now = nowDb()
  const result = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      entreprise: user.entreprise,
      telephone: user.telephone,
      password_hash: user.passwordHash,
      is_verified: toDbBool(user.isVerified ?? false),
      is_accepted: toDbBool(user.isAccepted ?? false),
      is_admin: toDbBool(user.isAdmin ?? (user.role !== undefined && user.role !== 'client')),
      role: user.role ?? (user.isAdmin ? 'admin' : 'client'),
      status: user.status ?? 'active',
      company_id: user.companyId ?? null,
      is_member: user.companyId ? 1 : 0,
      profile_photo: null,
      language: user.language ?? 'fr',
      created_at: now,
      updated_at: now,
    })
    .executeTakeFirstOrThrow()
  return fromDbId(result.insertId)
}

/** The person's own choice of language (contract §10: `PATCH /api/users/language`, the switch). */
export async function updateLanguage(db: Db, userId: number, language: Language): Promise<void> {
  await db.updateTable('users').set({ language, updated_at: nowDb() }).where('id', '=', userId).execute()
}

export async function markVerified(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ is_verified: 1, updated_at: nowDb() }).where('id', '=', userId).execute()
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowDb() }).where('id', '=', userId).execute()
}

export async function promoteToAdmin(db: Db, userId: number, passwordHash?: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: 1, role: 'admin', status: 'active', company_id: null, is_member: 0, is_verified: 1, is_accepted: 1, updated_at: nowDb(), ...(passwordHash ? { password_hash: passwordHash } : {}) })
    .where('id', '=', userId)
    .execute()
}

/** True when some administrator can log in (verified and accepted, as ensureAdmin makes one). */
export async function hasAdmin(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '=', 'active').where('is_verified', '=', 1).where('is_accepted', '=', 1).limit(1).executeTakeFirst()
  return row !== undefined
}

/* Sessions */

/** Where a session is used from, as the request told (the address as the server sees it, the browser's own words). */
export interface SessionDevice {
  ip: string | null
  userAgent: string | null
}

const NO_DEVICE: SessionDevice = { ip: null, userAgent: null }

/** Columns are bounded: a user agent is kept to 255 characters, an address to 64. */
function deviceValues(device: SessionDevice) {
  return { ip: device.ip?.slice(0, 64) ?? null, user_agent: device.userAgent ? Array.from(device.userAgent).slice(0, 255).join('') : null }
}

/** `secondFactor`: the session is opened by the login's second step (REQUIRE_ADMIN_2FA reads it). */
export async function insertSession(db: Db, id: string, userId: number, createdAt: Date, expiresAt: Date, device: SessionDevice = NO_DEVICE, secondFactor = false): Promise<void> {
  const created = toDbTime(createdAt)
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: created, expires_at: toDbTime(expiresAt), last_seen_at: created, second_factor: secondFactor ? 1 : 0, ...deviceValues(device) })
    .execute()
}

/** The session that completed enrolment proved a code: it counts as opened with the second factor. */
/** When a session was opened (its login), or undefined for none. */
export async function findSessionOpenedAt(db: Db, sessionId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst()
  return row ? fromDbTime(row.created_at) : undefined
}

export async function markSessionProven(db: Db, userId: number, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ second_factor: 1 }).where('id', '=', sessionId).where('user_id', '=', userId).execute()
}

/**
 * Records a use of the session: its time, address and browser, when the last one recorded is older
 * than `seenBefore` (the condition is in the update, so instances touching it at once write it once).
 */
export async function touchSession(db: Db, sessionId: string, at: Date, seenBefore: Date, device: SessionDevice): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: toDbTime(at), ...deviceValues(device) })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', toDbTime(seenBefore))]))
    .execute()
}

export interface StoredSession {
  /** The secret the cookie carries: never sent in a list. */
  id: string
  createdAt: Date
  lastSeenAt: Date
  ip: string | null
  userAgent: string | null
}

/** A user's live sessions, the most recently used first. */
export async function findUserSessions(db: Db, userId: number, now: Date): Promise<StoredSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', toDbTime(now))
    .where('created_at', '>', toDbTime(new Date(now.getTime() - SESSION_MAX_AGE_MS)))
    .execute()
  return rows
    .map((row) => ({ id: row.id, createdAt: fromDbTime(row.created_at), lastSeenAt: fromDbTime(row.last_seen_at ?? row.created_at), ip: row.ip, userAgent: row.user_agent }))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime())
}

/** Ends one session of this user; false when it is not theirs (or already gone). */
export async function deleteUserSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** However often it slides, a session ends 30 days after it was opened (issue 9, finding 9). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000

/**
 * The user of a live session, read fresh from the database (nothing trusted from the token). The
 * lookup is compiled once per database: it runs on every request of a logged-in user (issue 8).
 */
type SessionUserRow = InferResult<ReturnType<typeof sessionUserQuery>>[number]
const sessionUserQueries = new WeakMap<Db, CompiledQuery<SessionUserRow>>()

function sessionUserQuery(db: Db, sessionId: string, now: string, createdAfter: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_two_factor', 'user_two_factor.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.email', 'users.profile_photo', 'users.is_accepted', 'users.is_admin', 'users.role', 'users.company_id', 'users.language', 'user_two_factor.enabled_at', 'sessions.second_factor', 'sessions.last_seen_at', 'sessions.created_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .where('sessions.created_at', '>', createdAfter)
    .where('users.status', '=', 'active')
}

export async function findSessionUser(db: Db, sessionId: string, now: Date): Promise<SessionUser | undefined> {
  return (await findLiveSession(db, sessionId, now))?.user
}

/** The user of a live session and when the session was last recorded as used. */
export async function findLiveSession(db: Db, sessionId: string, now: Date): Promise<{ user: SessionUser; lastSeenAt: Date } | undefined> {
  let compiled = sessionUserQueries.get(db)
  if (!compiled) sessionUserQueries.set(db, (compiled = sessionUserQuery(db, '', '', '').compile()))
  // The same SQL with this request's values, in the order of the where clauses above.
  const parameters = [sessionId, toDbTime(now), toDbTime(new Date(now.getTime() - SESSION_MAX_AGE_MS)), 'active']
  const { rows } = await db.executeQuery<SessionUserRow>({ ...compiled, parameters })
  const row = rows[0]
  if (!row) return undefined
  const user = toSessionUser(row)
  return { user, lastSeenAt: fromDbTime(row.last_seen_at ?? row.created_at) }
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: toDbTime(expiresAt) }).where('id', '=', sessionId).execute()
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Ends every session of a user, except `keep` when given. Also sweeps expired sessions. */
export async function deleteUserSessions(db: Db, userId: number, now: Date, keep?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep) query = query.where('id', '!=', keep)
  await query.execute()
  await db.deleteFrom('sessions').where('expires_at', '<=', toDbTime(now)).execute()
}

/** Deletes sessions past their end or their absolute lifetime, and one-time tokens past theirs; answers how many rows went. */
export async function sweepExpired(db: Db, at: Date): Promise<number> {
  const now = toDbTime(at)
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<=', toDbTime(new Date(at.getTime() - SESSION_MAX_AGE_MS)))]))
    .executeTakeFirst()
  const tokens = await db.deleteFrom('user_tokens').where('expires_at', '<=', now).executeTakeFirst()
  return Number(sessions.numDeletedRows) + Number(tokens.numDeletedRows)
}

/* One-time tokens */

export interface StoredToken {
  id: number
  userId: number
  tokenHash: string
  expiresAt: Date
  usedAt: Date | null
}

export async function insertToken(db: Db, userId: number, purpose: TokenPurpose, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('user_tokens')
    .values({ user_id: userId, purpose, token_hash: tokenHash, created_at: nowDb(), expires_at: toDbTime(expiresAt), used_at: null })
    .execute()
}

export async function findToken(db: Db, purpose: TokenPurpose, tokenHash: string): Promise<StoredToken | undefined> {
  const row = await db
    .selectFrom('user_tokens')
    .select(['id', 'user_id', 'token_hash', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    id: fromDbId(row.id),
    userId: fromDbId(row.user_id),
    tokenHash: row.token_hash,
    expiresAt: fromDbTime(row.expires_at),
    usedAt: row.used_at ? fromDbTime(row.used_at) : null,
  }
}

/** Marks a token used; false when another request used it first (single use under races). */
export async function consumeToken(db: Db, tokenId: number): Promise<boolean> {
  const result = await db.updateTable('user_tokens').set({ used_at: nowDb() }).where('id', '=', tokenId).where('used_at', 'is', null).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Ends the unused tokens of one purpose (a new reset link replaces the previous ones). */
export async function retireTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await db.updateTable('user_tokens').set({ used_at: nowDb() }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute()
}

export async function latestTokenTime(db: Db, userId: number, purpose: TokenPurpose): Promise<Date | undefined> {
  const row = await db
    .selectFrom('user_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? fromDbTime(row.created_at) : undefined
}
