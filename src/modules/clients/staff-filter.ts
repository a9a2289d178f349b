import { staffIdOf } from './schemas.js'

/** The clients list's « Suivi par » select (contract §9: `?staffId=`). */
export const STAFF_FILTER_LABEL = 'Suivi par'

/** The list's own filter as its links and forms keep it: one person of the firm, or none. */
export function staffFilterOf(query: { staffId?: unknown }): Record<string, string> {
  const staffId = staffIdOf(query)
  return staffId === undefined ? {} : { staffId: String(staffId) }
}
