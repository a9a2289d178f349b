/**
 * The logged-in user as every page and the API see it (contract §2, status answer). Identity makes
 * it; the renderer and the views read it, so it lives here rather than in a module (render/ is a port).
 */

import type { Language } from './words.js'

/** A profile photo as the API hands it over (contract §2): always an object `{url}`. */
export interface ProfilePhoto {
  url: string
}

/** Contract §9: `admin` every right, `staff` the firm's person serving assigned clients, `client` a company's person. */
export type Role = 'admin' | 'staff' | 'client'
export type CompanyRole = 'owner' | 'member'

export interface SessionUser {
  id: number
  username: string
  /** The address (for the journal's search); never part of an answer's schema. */
  email: string
  profilePhoto: ProfilePhoto | null
  isAccepted: boolean
  /** True for the firm's people, `admin` and `staff` alike (contract §9): both use the back-office. */
  isAdmin: boolean
  role: Role
  /** The company a client's person acts for (its owner's id); null for the firm's people. */
  companyId: number | null
  companyRole: CompanyRole | null
  /** What the person reads the portal and their mails in (contract §10: the user object's `language`). */
  language: Language
  /** Two-factor sign-in is on for the account (not part of the API's user object). */
  twoFactor?: boolean
  /**
   * This session was proven with a second factor: opened through the login's second step, or the
   * session that completed enrolment. REQUIRE_ADMIN_2FA reads it, not the account's flag.
   */
  secondFactor?: boolean
}
