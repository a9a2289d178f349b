import { HOUR_MS, userLimit } from '../../http/rate-limit.js'

/** Invitations an owner sends per hour (each a mail): plenty for a company, a ceiling for a script gone astray; the API and the /team form count together. */
const INVITATIONS_PER_HOUR = 30
export const memberInvitationLimit = userLimit(INVITATIONS_PER_HOUR, HOUR_MS, 'company-invitations')
