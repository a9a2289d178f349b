import { useCallback, useRef, useState } from 'react'
import type { Profile } from '../../src/modules/clients/types.js'
import { When } from '../components/When.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ConfirmDialog } from '../components/ConfirmDialog.js'
import { useHydrated } from '../components/useHydrated.js'
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
  const [pending, setPending] = useState<OwnedDocument | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const table = useRef<HTMLDivElement>(null)
  const fallbackFocus = useCallback(() => table.current, [])

  async function remove(document: OwnedDocument) {
    setPending(null)
    setBusyId(document.id)
    const result = await api(`/api/documents/delete/owner/${document.id}`, { method: 'DELETE' })
    setBusyId(null)
    if (!result.ok) return showToast('error', result.message)
    setRows((list) => list.filter((row) => row.id !== document.id))
    showToast('success', result.data.message ?? 'Document supprimé.')
  }

  if (rows.length === 0) return <p className="profile-empty">Aucun document pour le moment.</p>
  return (
    <div className="profile-table-wrap" ref={table} tabIndex={-1} data-hydrated={hydrated || undefined}>
      <table className="profile-table">
        <caption className="visually-hidden">Documents envoyés au cabinet</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col">Type</th>
            <th scope="col">Date</th>
            <th scope="col">Vu par le cabinet</th>
            {canDelete && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} aria-busy={busyId === row.id || undefined}>
              <td data-label="Nom">
                <a href={row.url} target="_blank" rel="noopener">
                  {row.name}
                </a>
                {byColleague(row) && <span className="profile-uploader">{` — déposé par ${byColleague(row)}`}</span>}
              </td>
              <td data-label="Type">{row.typeName}</td>
              <td data-label="Date">
                <When at={row.createdAt} />
              </td>
              <td data-label="Vu par le cabinet">
                <span className={row.isViewed ? 'profile-badge profile-badge-yes' : 'profile-badge profile-badge-no'}>{row.isViewed ? 'Oui' : 'Non'}</span>
              </td>
              {canDelete && (
                <td data-label="Actions">
                  {!row.isViewed &&
                    (hydrated ? (
                      <button type="button" className="profile-action-danger" aria-label={`Supprimer ${row.name}`} disabled={busyId !== null} onClick={() => setPending(row)}>
                        Supprimer
                      </button>
                    ) : (
                      <a className="profile-action-danger" href={confirmationOf(row.id)} aria-label={`Supprimer ${row.name}`}>
                        Supprimer
                      </a>
                    ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
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
