import type { RequestView } from '../../../src/modules/requests/index.js'
import { pageWords, type StatusFilter } from '../../../src/modules/requests/texts.js'
import type { Wire } from '../../../src/shared/wire.js'
import { Day } from '../When.js'
import { useWords } from '../../runtime/words.js'

/** A request as a page or the API gives it (dates as Date or ISO text). */
export type RequestRow = RequestView | Wire<RequestView>

/** The state shown: overdue is an open request past its due date. */
export function stateOf(row: Pick<RequestRow, 'status' | 'overdue'>): StatusFilter {
  return row.overdue ? 'overdue' : row.status
}

const BADGE: Record<StatusFilter, string> = { open: 'badge request-badge-open', overdue: 'badge request-badge-overdue', fulfilled: 'badge request-badge-fulfilled', cancelled: 'badge request-badge-cancelled' }

export function StatusBadge({ row }: { row: Pick<RequestRow, 'status' | 'overdue'> }) {

  const pageTexts = useWords(pageWords)

  const { statusLabels } = useWords(pageWords)
  const state = stateOf(row)
  return <span className={BADGE[state]}>{statusLabels[state]}</span>
}

/** The due date in the portal's one format ("12 décembre 2026"). */
export function DueDate({ day }: { day: string }) {
  return <Day day={day} />
}

/** What the client reads beside an open request: by when, or since when it is late. */
export function DueLine({ row }: { row: Pick<RequestRow, 'dueDate' | 'overdue'> }) {
  const pageTexts = useWords(pageWords)
  return (
    <span className={row.overdue ? 'request-due request-due-late' : 'request-due'}>
      {row.overdue ? pageTexts.overdueSince : pageTexts.dueOn} <DueDate day={row.dueDate} />
    </span>
  )
}
