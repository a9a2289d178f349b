import { useState } from 'react'
import type { RequestView } from '../../src/modules/requests/index.js'
import type { FormState } from '../../src/shared/form-state.js'
import { pageWords } from '../../src/modules/requests/texts.js'
import type { Wire } from '../../src/shared/wire.js'
import { CardTable } from '../components/CardTable.js'
import { When } from '../components/When.js'
import { DueDate, StatusBadge } from '../components/requests/RequestCells.js'
import { RequestForm } from '../components/requests/RequestForm.js'
import { useWords } from '../runtime/words.js'

type Row = Wire<RequestView>

export interface ClientRequestsProps {
  userId: number
  /** The latest requests of this client, newest first; `total` of them in all. */
  items: Row[]
  total: number
  types: Array<{ id: number; typeName: string }>
  /** The firm's day (Algiers time): the due date's minimum. */
  today: string
  /** « Demander un document » posted without JavaScript and refused, on the client's page of it (contract §8). */
  form?: FormState | undefined
  /** The form's heading level: 3 under the client page's section, 2 on the client's page of it. */
  level?: 2 | 3
}


/**
 * On an administrator's view of a client's page (issue 16): « Demander un document » (type, title,
 * note, due date; the shared checks, then POST /api/requests) and the client's latest requests,
 * the new one first once sent. Without JavaScript the form posts to the client's page of it,
 * /admin-dashboard/clients/:id/ask (contract §8).
 */
export default function ClientRequests({ userId, items, total, types, today, form, level = 3 }: ClientRequestsProps) {
  const pageTexts = useWords(pageWords)
  const { columns } = pageTexts
  const [rows, setRows] = useState(items)
  const [count, setCount] = useState(total)
  const created = (request: Row) => {
    setRows((list) => [request, ...list])
    setCount((n) => n + 1)
  }

  return (
    <div className="client-requests">
      <RequestForm userId={userId} types={types} today={today} onCreated={created} action={`/admin-dashboard/clients/${userId}/ask`} form={form} level={level} />
      <CardTable
        look="admin"
        caption={pageTexts.caption}
        empty={pageTexts.noRequests}
        rows={rows}
        rowProps={(row) => ({ 'data-row-id': row.id })}
        columns={[
          { label: columns.title, className: 'admin-cell-text', cell: (row) => row.title },
          { label: columns.type, className: 'admin-cell-text', cell: (row) => row.type.typeName },
          { label: columns.dueDate, cell: (row) => <DueDate day={row.dueDate} /> },
          { label: columns.status, cell: (row) => <StatusBadge row={row} /> },
          { label: columns.createdAt, cell: (row) => <When at={row.createdAt} /> },
        ]}
      />
      <p>
        <a href={`/admin-dashboard/requests?userId=${userId}`}>
          {pageTexts.allOfClient} ({count})
        </a>
      </p>
    </div>
  )
}
