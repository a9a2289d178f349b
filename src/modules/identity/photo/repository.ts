import type { Db } from '../../../db/database.js'
import { nowDb } from '../../../db/values.js'
import { parsePhoto, storedPhoto, type ProfilePhoto } from './value.js'

/* The users.profile_photo column (JSON text `{"url": …}`). */

/** Attempts before giving up when other writes keep changing the photo under us. */
const SWAP_ATTEMPTS = 5

/** Every stored photo value (JSON text), for the keys a backup copies. */
export async function allPhotos(db: Db): Promise<Array<ProfilePhoto | null>> {
  const rows = await db.selectFrom('users').select('profile_photo').where('profile_photo', 'is not', null).execute()
  return rows.map((row) => parsePhoto(row.profile_photo))
}

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
