import { useWords } from '../../runtime/words.js'
import { adminListWords } from './words.js'
import { CardTable, type Column } from '../CardTable.js'
import type { AdminRow, ListKind, RowAction } from './types.js'

interface AdminTableProps {
  kind: ListKind<AdminRow>
  rows: AdminRow[]
  /** False until hydrated: actions are links and forms to the server (contract §8), or buttons waiting for JavaScript. */
  interactive: boolean
  /** The list's query string (`?q=…&page=2`): a row's form goes back to the list as it is. */
  search: string
  /** The row whose action is under way. */
  busyId: AdminRow['id'] | null
  onAction: (action: RowAction<AdminRow>, row: AdminRow) => void
}

/** The rows of one kind; on phones each row becomes a card whose cells carry their header. */
export function AdminTable({ kind, rows, interactive, search, busyId, onAction }: AdminTableProps) {
  const words = useWords(adminListWords)
  const columns: Array<Column<AdminRow>> = kind.columns.map((column) => ({ label: column.header, className: column.className, cell: column.cell }))
  columns.push({
    label: words.actions,
    className: 'admin-actions',
    skip: kind.actions.length === 0,
    cell: (row) =>
      kind.actions
        .filter((action) => !action.shown || action.shown(row))
        .map((action) => (
          <ActionControl
            key={action.label}
            action={action}
            label={action.label}
            row={row}
            name={kind.rowName(row)}
            interactive={interactive}
            to={action.form ? `${kind.path}/${encodeURIComponent(row.id)}/${action.form}${search}` : undefined}
            onAction={onAction}
          />
        )),
  })
  return <CardTable look="admin" caption={kind.caption} empty={kind.empty} columns={columns} rows={rows} rowProps={(row) => ({ 'data-row-id': row.id, 'aria-busy': busyId === row.id || undefined })} />
}

interface ActionControlProps {
  action: RowAction<AdminRow>
  /** The action's label in the render's language. */
  label: string
  row: AdminRow
  name: string
  interactive: boolean
  /** Where the action goes without JavaScript. */
  to: string | undefined
  onAction: AdminTableProps['onAction']
}

/**
 * A row's action. Before hydration (and without JavaScript) one that asks first links to its
 * confirmation page, one that does not is a form posted from the row; once hydrated, a button.
 */
function ActionControl({ action, label: text, row, name, interactive, to, onAction }: ActionControlProps) {
  const className = `admin-action admin-action-${action.tone ?? 'neutral'}`
  const label = `${text} ${name}`
  if (action.href || (!interactive && to && action.confirm)) {
    return (
      <a className={className} href={action.href ? action.href(row) : to} aria-label={label}>
        {text}
      </a>
    )
  }
  if (!interactive && to) {
    return (
      <form className="admin-action-form" method="post" action={to}>
        <button type="submit" className={className} aria-label={label}>
          {text}
        </button>
      </form>
    )
  }
  return (
    <button type="button" className={className} aria-label={label} disabled={!interactive} onClick={() => onAction(action, row)}>
      {text}
    </button>
  )
}
