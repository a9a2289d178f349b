import type { ReactNode } from 'react'

/** One column: its header and how a row fills its cell. */
export interface Column<Row> {
  /** The header, and the label its cell carries when the rows turn into cards on phones. */
  label: string
  /** Read, not shown (the column of a row's one button, which names itself): the card shows the cell alone. */
  unseen?: boolean
  /** The column is left out (an action only some viewers have). */
  skip?: boolean
  className?: string
  /** A long value (a name, a subject): the whole width of the card on phones, not half of it. */
  wide?: boolean
  cell: (row: Row) => ReactNode
}

interface CardTableProps<Row> {
  /** The back-office's tables (admin.css) or a person's pages' (profile.css): its classes, its box, its empty line. */
  look: 'admin' | 'profile'
  /** The table's own classes, besides its look's. */
  className?: string
  caption?: ReactNode
  columns: Array<Column<Row>>
  rows: Row[]
  /** What an empty list says instead of the table; absent, the table is shown empty. */
  empty?: ReactNode
  /** False: the caller holds the table in a box of its own. */
  boxed?: boolean
  /** Each row's React key; absent, its `id`. */
  rowKey?: (row: Row) => string | number
  /** A row's own attributes (its id for the tests, aria-busy while its action runs). */
  rowProps?: (row: Row) => Record<string, string | number | boolean | undefined>
}

function cellClass<Row>(column: Column<Row>): string | undefined {
  return [column.className, column.wide ? 'card-wide' : undefined].filter(Boolean).join(' ') || undefined
}

/**
 * A table whose rows become cards on phones (admin.css, profile.css), each cell labelled by its
 * header: header and label come from the same column, so no table can lose its labels (issue 34).
 */
export function CardTable<Row>({ look, className, caption, columns, rows, empty, boxed = true, rowKey = (row) => (row as { id: string | number }).id, rowProps }: CardTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <p className={`${look}-empty`}>{empty}</p>
  const shown = columns.filter((column) => !column.skip)
  const table = (
    <table className={className ? `${look}-table ${className}` : `${look}-table`}>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.label} scope="col">
              {column.unseen ? <span className="visually-hidden">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {shown.map((column) => (
              <td key={column.label} data-label={column.unseen ? undefined : column.label} className={cellClass(column)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
  return boxed ? <div className={`${look}-table-wrap`}>{table}</div> : table
}
