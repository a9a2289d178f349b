import { fromDbBool, fromDbId } from '../../db/values.js'
import { parsePhoto } from './photo/value.js'
import type { Language } from '../../shared/words.js'
import type { Role, SessionUser } from './session-user.js'

/** The columns a session's or an access token's query reads for the user it acts as. */
export interface SessionUserColumns {
  id: number | string
  username: string
  email: string
  profile_photo: string | null
  is_accepted: number
  is_admin: number
  role: Role
  company_id: number | string | null
  language: Language
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
    ...companyOf(fromDbId(row.id), row.role, row.company_id === null ? null : fromDbId(row.company_id)),
    language: row.language === 'ar' ? 'ar' : 'fr',
    twoFactor: row.enabled_at !== null,
    secondFactor: fromDbBool(row.second_factor),
  }
}

/** A client's person acts for their company: its owner is the company itself, a member names it (contract §9). */
export function companyOf(id: number, role: Role, companyId: number | null): Pick<SessionUser, 'role' | 'companyId' | 'companyRole'> {
  if (role !== 'client') return { role, companyId: null, companyRole: null }
  return companyId === null ? { role, companyId: id, companyRole: 'owner' } : { role, companyId, companyRole: 'member' }
}
