import type { Db } from '../../db/database.js'
import { fromDbId, fromDbTime, toDbTime } from '../../db/values.js'

/** A user's two-factor row: the sealed secrets as stored (the service opens them). */
export interface TwoFactorRow {
  secret: string | null
  pendingSecret: string | null
  lastStep: number | null
  enabledAt: Date | null
}

export async function findTwoFactor(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  const row = await db.selectFrom('user_two_factor').select(['secret', 'pending_secret', 'last_step', 'enabled_at']).where('user_id', '=', userId).executeTakeFirst()
  if (!row) return undefined
  return {
    secret: row.secret,
    pendingSecret: row.pending_secret,
    lastStep: row.last_step === null ? null : Number(row.last_step),
    enabledAt: row.enabled_at ? fromDbTime(row.enabled_at) : null,
  }
}

/** Keeps a new pending secret (setup), beside the active one if any. */
export async function savePendingSecret(db: Db, userId: number, sealed: string, at: Date): Promise<void> {
  const updated = await db.updateTable('user_two_factor').set({ pending_secret: sealed, updated_at: toDbTime(at) }).where('user_id', '=', userId).executeTakeFirst()
  if (Number(updated.numUpdatedRows) > 0) return
  await db.insertInto('user_two_factor').values({ user_id: userId, pending_secret: sealed, updated_at: toDbTime(at) }).execute()
}

/** The pending secret becomes the active one, with the step of the code that confirmed it; false when it changed meanwhile. */
export async function activatePendingSecret(db: Db, userId: number, pendingSealed: string, step: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ secret: pendingSealed, pending_secret: null, last_step: step, enabled_at: toDbTime(at), updated_at: toDbTime(at) })
    .where('user_id', '=', userId)
    .where('pending_secret', '=', pendingSealed)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Records `step` as the last accepted one, only if it is later than the one before: true for the
 * first request to use this code, on any instance (a code is accepted once, contract §6).
 */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function removeTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await deletePendingLogins(db, userId)
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute()
}

/** Every login of the user waiting for its second step (their password changed, or two-factor went). */
export async function deletePendingLogins(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('pending_logins').where('user_id', '=', userId).execute()
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db.insertInto('recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute()
}

/** Marks one unused recovery code used; true when this request used it. */
export async function useRecoveryCode(db: Db, userId: number, hash: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: toDbTime(at) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertPendingLogin(db: Db, id: string, userId: number, at: Date, expiresAt: Date): Promise<void> {
  await db.insertInto('pending_logins').values({ id, user_id: userId, failures: 0, created_at: toDbTime(at), expires_at: toDbTime(expiresAt) }).execute()
}

export async function findPendingLogin(db: Db, id: string, now: Date): Promise<{ userId: number; failures: number } | undefined> {
  const row = await db.selectFrom('pending_logins').select(['user_id', 'failures']).where('id', '=', id).where('expires_at', '>', toDbTime(now)).executeTakeFirst()
  return row && { userId: fromDbId(row.user_id), failures: Number(row.failures) }
}

/** Counts one attempt before it is checked, while fewer than `max` were made; false when none is left. */
export async function countPendingAttempt(db: Db, id: string, max: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('pending_logins')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .where('failures', '<', max)
    .where('expires_at', '>', toDbTime(now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Ends a pending login; true when this call ended it (a success is used once). */
export async function deletePendingLogin(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_logins').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function sweepPendingLogins(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('pending_logins').where('expires_at', '<=', toDbTime(now)).executeTakeFirst()
  return Number(result.numDeletedRows)
}
