import { useCallback, useRef, useState } from 'react'
import type { Profile } from '../../src/modules/clients/types.js'
import { CardTable } from '../components/CardTable.js'
import { When } from '../components/When.js'
import { ConfirmDialog } from '../components/ConfirmDialog.js'
import { useHydrated } from '../components/useHydrated.js'
import { useRowDeletion } from '../components/useRowDeletion.js'
import { documentTableWords } from '../../src/modules/documents/table-words.js'
import { useWords } from '../runtime/words.js'

type OwnedDocument = Profile['documents'][number]

/**
 * The owner may delete a document while the firm has not viewed it (spec §4, §6). Without JavaScript
 * (contract §8) a row's « Supprimer » is a link to its confirmation page, `${deletePages}/${id}/delete`,
 * keeping the list's query (`listSearch`) to come back to.
 */
export type OwnedDocumentsProps = {
  rows: OwnedDocument[]
  /** The company whose documents these are: a row a member uploaded says who (contract §9). */
  companyId?: number
} & ({ canDelete: false } | { canDelete: true; deletePages: string; listSearch?: string })

/** The profile's documents table: name, type, date, viewed by the firm; the owner's delete of unviewed ones. */
export default function OwnedDocuments(props: OwnedDocumentsProps) {
  const { rows: initial, canDelete, companyId } = props
  const byColleague = (row: OwnedDocument) => (companyId !== undefined && row.uploadedBy && row.uploadedBy.id !== companyId ? row.uploadedBy.username : undefined)
  const confirmationOf = (id: number) => (props.canDelete ? `${props.deletePages}/${id}/delete${props.listSearch ?? ''}` : undefined)
  const words = useWords(documentTableWords)
  const hydrated = useHydrated()
  const [rows, setRows] = useState(initial)
  const { asking: pending, asked: setPending, busyRow: busyId, remove } = useRowDeletion<OwnedDocument>(
    (row) => `/api/documents/delete/owner/${row.id}`,
    () => words.deleted,
    (row) => setRows((list) => list.filter((r) => r.id !== row.id)),
  )
  const table = useRef<HTMLDivElement>(null)
  const fallbackFocus = useCallback(() => table.current, [])

  if (rows.length === 0) return <p className="profile-empty">{words.none}</p>
  return (
    <div className="profile-table-wrap" ref={table} tabIndex={-1} data-hydrated={hydrated || undefined}>
      <CardTable
        look="profile"
        boxed={false}
        caption={words.ownCaption}
        rows={rows}
        rowProps={(row) => ({ 'aria-busy': busyId === row.id || undefined })}
        columns={[
          {
            label: words.name,
            wide: true,
            cell: (row) => (
              <>
                <a href={row.url} target="_blank" rel="noopener">
                  {row.name}
                </a>
                {byColleague(row) && <span className="profile-uploader">{words.uploadedBy(byColleague(row)!)}</span>}
              </>
            ),
          },
          { label: words.type, cell: (row) => row.typeName },
          { label: words.date, cell: (row) => <When at={row.createdAt} /> },
          { label: words.viewed, cell: (row) => <span className={row.isViewed ? 'profile-badge profile-badge-yes' : 'profile-badge profile-badge-no'}>{row.isViewed ? words.yes : words.no}</span> },
          {
            label: words.actions,
            skip: !canDelete,
            cell: (row) =>
              !row.isViewed &&
              (hydrated ? (
                <button type="button" className="profile-action-danger" aria-label={words.deleteOf(row.name)} disabled={busyId !== null} onClick={() => setPending(row)}>
                  {words.delete}
                </button>
              ) : (
                <a className="profile-action-danger" href={confirmationOf(row.id)} aria-label={words.deleteOf(row.name)}>
                  {words.delete}
                </a>
              )),
          },
        ]}
      />
      {canDelete && (
        <ConfirmDialog
          request={pending && { title: words.title, text: words.text(pending.name), confirmLabel: words.confirmLabel, tone: 'danger' }}
          onConfirm={() => pending && void remove(pending)}
          onCancel={() => setPending(null)}
          fallbackFocus={fallbackFocus}
        />
      )}
    </div>
  )
}
