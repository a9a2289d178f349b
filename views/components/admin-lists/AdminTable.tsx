import type { AdminRow, ListKind, RowAction } from './types.js'

interface AdminTableProps {
  kind: ListKind<AdminRow>
  rows: AdminRow[]
  /** False until hydrated: action buttons need JavaScript (links work anyway). */
  interactive: boolean
  /** The row whose action is under way. */
  busyId: AdminRow['id'] | null
  onAction: (action: RowAction<AdminRow>, row: AdminRow) => void
}

/** The rows of one kind; on phones each row becomes a card whose cells carry their header. */
export function AdminTable({ kind, rows, interactive, busyId, onAction }: AdminTableProps) {
  if (rows.length === 0) return <p className="admin-empty">{kind.empty}</p>
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{kind.caption}</caption>
        <thead>
          <tr>
            {kind.columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            {kind.actions.length > 0 && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-row-id={row.id} aria-busy={busyId === row.id || undefined}>
              {kind.columns.map((column) => (
                <td key={column.header} data-label={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
              {kind.actions.length > 0 && (
                <td data-label="Actions" className="admin-actions">
                  {kind.actions.filter((action) => !action.shown || action.shown(row)).map((action) => (
                    <ActionControl key={action.label} action={action} row={row} name={kind.rowName(row)} disabled={!interactive} onAction={onAction} />
                  ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ActionControl({ action, row, name, disabled, onAction }: { action: RowAction<AdminRow>; row: AdminRow; name: string; disabled: boolean; onAction: AdminTableProps['onAction'] }) {
  const className = `admin-action admin-action-${action.tone ?? 'neutral'}`
  const label = `${action.label} ${name}`
  if (action.href) {
    return (
      <a className={className} href={action.href(row)} aria-label={label}>
        {action.label}
      </a>
    )
  }
  return (
    <button type="button" className={className} aria-label={label} disabled={disabled} onClick={() => onAction(action, row)}>
      {action.label}
    </button>
  )
}
