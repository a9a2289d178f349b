import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/database.js'
import { nowDb } from '../../db/values.js'
import { parsePhoto, storedPhoto, type ProfilePhoto } from '../../shared/profile-photo.js'

/* Repository: the users.profile_photo column (JSON text `{"url": …}`). */

/** The user's photo (null when none), or undefined when there is no such user. */
export async function findPhoto(db: Db, userId: number): Promise<{ photo: ProfilePhoto | null } | undefined> {
  const row = await db.selectFrom('users').select('profile_photo').where('id', '=', userId).executeTakeFirst()
  return row && { photo: parsePhoto(row.profile_photo) }
}

/** Attempts before giving up when other writes keep changing the photo under us. */
const SWAP_ATTEMPTS = 5

/**
 * Sets the photo and answers the one it replaced, or undefined when there is no such user.
 * Compare-and-set on the stored text, so two uploads racing each learn the photo they really
 * replaced (each old file is removed exactly once), with no dialect-specific locking.
 */
export async function swapPhoto(db: Db, userId: number, photo: ProfilePhoto | null): Promise<{ previous: ProfilePhoto | null } | undefined> {
  for (let attempt = 0; attempt < SWAP_ATTEMPTS; attempt++) {
    const row = await db.selectFrom('users').select('profile_photo').where('id', '=', userId).executeTakeFirst()
    if (!row) return undefined
    const current = row.profile_photo
    const result = await db
      .updateTable('users')
      .set({ profile_photo: storedPhoto(photo), updated_at: nowDb() })
      .where('id', '=', userId)
      .where((eb) => (current === null ? eb('profile_photo', 'is', null) : eb('profile_photo', '=', current)))
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 1) return { previous: parsePhoto(current) }
  }
  throw new Error('profile photo kept changing during the update')
}

/* Service */

/** The user's current photo; undefined when the account does not exist. */
export async function currentProfilePhoto(app: FastifyInstance, userId: number): Promise<{ photo: ProfilePhoto | null } | undefined> {
  return findPhoto(app.db, userId)
}

/** Records a new photo for the user; answers the previous one (whose file the caller removes), or undefined when the account is gone. */
export async function replaceProfilePhoto(app: FastifyInstance, userId: number, photo: ProfilePhoto): Promise<{ previous: ProfilePhoto | null } | undefined> {
  return swapPhoto(app.db, userId, photo)
}
