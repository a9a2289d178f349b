import { useCallback, useRef, useState } from 'react'
import type { Profile } from '../../src/modules/clients/types.js'
import { CardTable } from '../components/CardTable.js'
import { When } from '../components/When.js'
import { ConfirmDialog } from '../components/ConfirmDialog.js'
import { useHydrated } from '../components/useHydrated.js'
import { useRowDeletion } from '../components/useRowDeletion.js'
import { ownDeleteTexts } from '../../src/modules/documents/validation.js'

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
  const hydrated = useHydrated()
  const [rows, setRows] = useState(initial)
  const { asking: pending, asked: setPending, busyRow: busyId, remove } = useRowDeletion<OwnedDocument>(
    (row) => `/api/documents/delete/owner/${row.id}`,
    () => 'Document supprimé.',
    (row) => setRows((list) => list.filter((r) => r.id !== row.id)),
  )
  const table = useRef<HTMLDivElement>(null)
  const fallbackFocus = useCallback(() => table.current, [])

  if (rows.length === 0) return <p className="profile-empty">Aucun document pour le moment.</p>
  return (
    <div className="profile-table-wrap" ref={table} tabIndex={-1} data-hydrated={hydrated || undefined}>
      <CardTable
        look="profile"
        boxed={false}
        caption="Documents envoyés au cabinet"
        rows={rows}
        rowProps={(row) => ({ 'aria-busy': busyId === row.id || undefined })}
        columns={[
          {
            label: 'Nom',
            wide: true,
            cell: (row) => (
              <>
                <a href={row.url} target="_blank" rel="noopener">
                  {row.name}
                </a>
                {byColleague(row) && <span className="profile-uploader">{` — déposé par ${byColleague(row)}`}</span>}
              </>
            ),
          },
          { label: 'Type', cell: (row) => row.typeName },
          { label: 'Date', cell: (row) => <When at={row.createdAt} /> },
          { label: 'Vu par le cabinet', cell: (row) => <span className={row.isViewed ? 'profile-badge profile-badge-yes' : 'profile-badge profile-badge-no'}>{row.isViewed ? 'Oui' : 'Non'}</span> },
          {
            label: 'Actions',
            skip: !canDelete,
            cell: (row) =>
              !row.isViewed &&
              (hydrated ? (
                <button type="button" className="profile-action-danger" aria-label={`Supprimer ${row.name}`} disabled={busyId !== null} onClick={() => setPending(row)}>
                  Supprimer
                </button>
              ) : (
                <a className="profile-action-danger" href={confirmationOf(row.id)} aria-label={`Supprimer ${row.name}`}>
                  Supprimer
                </a>
              )),
          },
        ]}
      />
      {canDelete && (
        <ConfirmDialog
          request={pending && { title: ownDeleteTexts.title, text: ownDeleteTexts.text(pending.name), confirmLabel: ownDeleteTexts.confirmLabel, tone: 'danger' }}
          onConfirm={() => pending && void remove(pending)}
          onCancel={() => setPending(null)}
          fallbackFocus={fallbackFocus}
        />
      )}
    </div>
  )
}
