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
  /** Two-factor sign-in is on for the account (not part of the API's user object). */
  twoFactor?: boolean
  /**
   * This session was proven with a second factor: opened through the login's second step, or the
   * session that completed enrolment. REQUIRE_ADMIN_2FA reads it, not the account's flag.
   */
  secondFactor?: boolean
}
