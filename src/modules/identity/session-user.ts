import type { ProfilePhoto } from './photo/value.js'

/** The logged-in user as every page and the API see it (contract §2, status answer). */
export interface SessionUser {
  id: number
  username: string
  /** The address (for the journal's search); never part of an answer's schema. */
  email: string
  profilePhoto: ProfilePhoto | null
  isAccepted: boolean
  isAdmin: boolean
  /** Two-factor sign-in is on (not part of the API's user object; REQUIRE_ADMIN_2FA reads it). */
  twoFactor?: boolean
}
