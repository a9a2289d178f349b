import { fromDbBool, fromDbId } from '../../db/values.js'
import { parsePhoto } from './photo/value.js'
import type { SessionUser } from './session-user.js'

/** The columns a session's or an access token's query reads for the user it acts as. */
export interface SessionUserColumns {
  id: number | string
  username: string
  email: string
  profile_photo: string | null
  is_accepted: number
  is_admin: number
  /** user_two_factor.enabled_at: two-factor is on for the account. */
  enabled_at: string | null
  /** The session (or token) was proven with a second factor. */
  second_factor: number
}

/** The user a session or a token acts as, from its row (one mapping for both). */
export function toSessionUser(row: SessionUserColumns): SessionUser {
  return {
    id: fromDbId(row.id),
    username: row.username,
    email: row.email,
    profilePhoto: parsePhoto(row.profile_photo),
    isAccepted: fromDbBool(row.is_accepted),
    isAdmin: fromDbBool(row.is_admin),
    twoFactor: row.enabled_at !== null,
    secondFactor: fromDbBool(row.second_factor),
  }
}
