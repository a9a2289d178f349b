import type { Page } from '../../render/page.js'
import type { ListState } from '../../http/list-pages.js'
import type { JournalAction } from './actions.js'
import type { ListedEntry } from './service.js'

/** The journal page's filters as the page shows them (blank: none). */
export interface JournalState extends ListState {
  action: JournalAction | ''
  actorId: number | null
}

/** The page journal renders, handed to it by app.ts (src/ never imports views/). */
export interface JournalViews {
  JournalPage: Page<{ entries: ListedEntry[]; total: number; query: JournalState; actions: Array<{ value: JournalAction; label: string }> }>
}
