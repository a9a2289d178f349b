import type { RequestView } from '../../../src/modules/requests/index.js'
import { pageWords, STATUS_FILTERS } from '../../../src/modules/requests/texts.js'
import { wordsOf, type Language } from '../../../src/shared/words.js'
import type { Wire } from '../../../src/shared/wire.js'
import { DueDate, StatusBadge } from '../requests/RequestCells.js'
import { Person, personLabel } from '../Person.js'
import { When } from '../When.js'
import { callApi, defineKind } from './types.js'

/** A request as the requests module's list answers it (contract §7). */
export type RequestRow = Wire<RequestView>

type PageTexts = (typeof pageWords)['fr']

/** An answer's documents by name, with who of the company uploaded each when it was not the client's own account (contract §9). */
function answerNames(row: RequestRow, pageTexts: PageTexts): string {
  return row.documents.map((d) => (d.uploadedBy && d.uploadedBy.id !== row.user.id ? `${d.name} (${pageTexts.uploadedBy(d.uploadedBy.username)})` : d.name)).join(', ')
}

/** The firm's document requests: by state (open, overdue, received, cancelled); an open one can be cancelled. */
export const requestsKind = (language: Language) => {
  const pageTexts = wordsOf(pageWords, language)
  const { columns } = pageTexts
  return defineKind<RequestRow>({
    path: '/admin-dashboard/requests',
    endpoint: '/api/requests',
    caption: pageTexts.caption,
    search: pageTexts.search,
    dates: true,
    choices: [{ name: 'status', label: columns.status, options: (['', ...STATUS_FILTERS] as const).map((value) => ({ value, label: pageTexts.statusFilterLabels[value] })) }],
    empty: pageTexts.empty,
    rowName: (row) => `${row.title}, ${personLabel(row.user)}`,
    columns: [
      { header: columns.title, cell: (row) => row.title, className: 'admin-cell-text' },
      { header: columns.client, cell: (row) => <Person person={row.user} href={`/users/profile/${row.user.id}`} />, className: 'admin-cell-text' },
      { header: columns.type, cell: (row) => row.type.typeName },
      { header: columns.dueDate, cell: (row) => <DueDate day={row.dueDate} /> },
      { header: columns.status, cell: (row) => <StatusBadge row={row} /> },
      { header: columns.documents, cell: (row) => answerNames(row, pageTexts) || '—', className: 'admin-cell-text' },
      { header: columns.createdAt, cell: (row) => <When at={row.createdAt} /> },
    ],
    actions: [
      {
        label: pageTexts.cancel,
        tone: 'danger',
        shown: (row) => row.status === 'open',
        confirm: (row) => ({ title: pageTexts.cancelConfirmTitle, text: pageTexts.cancelConfirmBody(row.title, row.user.username), confirmLabel: pageTexts.cancelConfirmAction }),
        run: (row) => callApi('POST', `/api/requests/${row.id}/cancel`),
        form: 'cancel',
      },
    ],
  })
}
