import type { Wire } from '../../../src/shared/wire.js'
import type { StoredMessage } from '../../../src/modules/contact/index.js'
import { When } from '../When.js'
import { callApi, defineKind } from './types.js'
import { MailLink } from '../MailLink.js'
import { adminListWords } from './words.js'
import { wordsOf, type Language } from '../../../src/shared/words.js'

/** One message of the firm's inbox, as GET /api/users/contact answers it (contract §2). */
export type MessageRow = Wire<StoredMessage>

export const messagesKind = (language: Language) => {
  const w = wordsOf(adminListWords, language)
  const t = w.messages
  return defineKind<MessageRow>({
    path: '/admin-dashboard/messages',
    endpoint: '/api/users/contact',
    caption: t.caption,
    search: t.search,
    dates: true,
    empty: t.empty,
    rowName: (row) => row.name,
    columns: [
      { header: t.name, cell: (row) => row.name, className: 'admin-cell-text' },
      { header: t.email, cell: (row) => <MailLink address={row.email} />, className: 'admin-cell-text' },
      { header: t.phone, cell: (row) => <a href={`tel:${row.telephone}`}>{row.telephone}</a> },
      // Scrolls past 9 rem: focusable, so that a keyboard scrolls it too (axe: scrollable-region-focusable).
      { header: t.message, cell: (row) => <p className="admin-message" tabIndex={0}>{row.message}</p>, className: 'admin-cell-wide' },
      { header: t.received, cell: (row) => <When at={row.createdAt} /> },
    ],
    actions: [
      {
        label: w.delete,
        tone: 'danger',
        confirm: (row) => ({ title: t.deleteTitle, text: t.deleteText(row.name), confirmLabel: w.delete }),
        run: (row) => callApi('DELETE', `/api/users/contact/${row.id}`),
        form: 'delete',
      },
    ],
  })
}
