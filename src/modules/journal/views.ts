import type { Page } from '../../render/page.js'
import type { ListState } from '../../http/list-pages.js'
import type { JournalAction } from './actions.js'
import type { JournalRow } from './repository.js'
import type { ListedEntry } from './service.js'

/** The journal page's filters as the page shows them (blank: none). */
export interface JournalState extends ListState {
  action: JournalAction | ''
  actorId: number | null
}

/**
 * Who the entries' people are beyond their recorded name, handed in by app.ts from identity (which
 * records into the journal, so the journal cannot import it): their company, by account id, for
 * the accounts that still exist (issue 17: two of one name are told apart by it).
 */
export interface JournalPeople {
  companiesOf: (ids: number[]) => Promise<Map<number, string>>
}

/** The page journal renders, handed to it by app.ts (src/ never imports views/). */
export interface JournalViews {
  /** `whole`: an administrator reads every entry; a staff member their clients' and their own (contract §9). */
  JournalPage: Page<{ entries: ListedEntry[]; total: number; query: JournalState; actions: Array<{ value: JournalAction; label: string }>; companies: Record<number, string>; whole: boolean }>
  /** /users/profile/activity: one's own entries, a page of them. */
  ActivityPage: Page<{ entries: JournalRow[]; total: number; query: ListState; profileUrl: string }>
}
