import type { ListState } from '../../http/list-pages.js'
import type { Page } from '../../render/page.js'
import type { ThreadMessage } from './schemas.js'
import type { ThreadSummary } from './service.js'

/** What a thread page shows: page `page` of the thread (page 1: the latest), oldest first. */
export interface ThreadPageProps {
  client: { id: number; username: string; entreprise: string }
  /** Who reads: their own messages are « Vous », the others' of their side carry their name (contract §9). */
  viewerId: number
  messages: ThreadMessage[]
  total: number
  page: number
  pageSize: number
  /** A form posted without JavaScript and refused: the text as typed, and why. */
  draft?: string
  error?: string
}

export interface ThreadsPageProps {
  threads: ThreadSummary[]
  total: number
  /** The list's search, dates and page (contract §2). */
  query: ListState
}

/** The pages the module renders, handed in by app.ts (src/ never imports views/). */
export interface MessagesViews {
  ClientThreadPage: Page<ThreadPageProps>
  AdminThreadPage: Page<ThreadPageProps>
  ThreadsPage: Page<ThreadsPageProps>
}
