import { staffIdOf } from './schemas.js'

import { catalogue } from '../../shared/words.js'

/** The clients list's « Suivi par » select (contract §9: `?staffId=`), in each language. */
export const staffFilterWords = /* @__PURE__ */ catalogue({
  fr: { label: 'Suivi par', everyone: 'Tout le cabinet' },
  ar: { label: 'يتابعه', everyone: 'كل المكتب' },
})

/** The list's own filter as its links and forms keep it: one person of the firm, or none. */
export function staffFilterOf(query: { staffId?: unknown }): Record<string, string> {
  const staffId = staffIdOf(query)
  return staffId === undefined ? {} : { staffId: String(staffId) }
}
