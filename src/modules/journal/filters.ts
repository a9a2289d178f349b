import { listFilter } from '../../http/lists.js'
import type { JournalFilter } from './repository.js'
import type { JournalQuery } from './schemas.js'

/** The journal's query with its defaults: the list filter of §2, the action and the person (blank: none). */
export function journalFilter(query: JournalQuery): JournalFilter {
  return { ...listFilter(query), action: query.action || undefined, actorId: query.actorId ? Number(query.actorId) : undefined }
}
