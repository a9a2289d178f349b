import type { Wire } from '../../../src/shared/wire.js'
import type { DocumentType, DocumentView } from '../../../src/modules/documents/types.js'
import { formWords, messages, previewOf, renameTypePage } from '../../../src/modules/documents/validation.js'
import { useWords } from '../../runtime/words.js'
import { api } from '../../client/api.js'
import { showToast } from '../../client/toast.js'
import { Person } from '../Person.js'
import { When } from '../When.js'
import { AvatarCell } from './cells.js'
import { callApi, defineKind, type ActionOutcome, type Column, type RowAction } from './types.js'

/** A document as the documents module's lists answer it (spec §3): its schema's type, as the browser holds it. */
export type DocumentRow = Wire<DocumentView>

export type DocumentTypeRow = Wire<DocumentType>

/** The file link: opens the file in a new tab, or downloads it (viewed documents, spec §2). */
function FileLink({ row, download }: { row: DocumentRow; download: boolean }) {
  const label = `${download ? 'Télécharger' : 'Ouvrir'} ${row.file.originalName}`
  return download ? (
    <a className="document-file-link" href={`/api/documents/download/${row.id}`} download aria-label={label} title={label}>
      <FileIcon />
    </a>
  ) : (
    <a className="document-file-link" href={row.path} target="_blank" rel="noopener" aria-label={label} title={label}>
      <FileIcon />
    </a>
  )
}

function FileIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5ZM8 13h8v1.5H8V13Zm0 3.5h8V18H8v-1.5Z" />
    </svg>
  )
}

/** Contract §9: a company's member uploads for the company; the firm sees who did. */
export function UploadedBy({ row }: { row: Pick<DocumentRow, 'user' | 'uploadedBy'> }) {
  if (!row.uploadedBy || row.uploadedBy.id === row.user.id) return null
  return <span className="person-company document-uploader">{`déposé par ${row.uploadedBy.username}`}</span>
}

/** Contract §12: « Conservation légale », in the render's language. */
function HoldBadge() {
  return <span className="badge badge-invited document-hold">{useWords(formWords).onHold}</span>
}

/** A word of the documents' catalogue in each language (the row's actions are said in the page's). */
const worded = (key: 'holdAction' | 'releaseAction') => ({ fr: formWords.fr[key], ar: formWords.ar[key] })

const columns = (download: boolean): Column<DocumentRow>[] => [
  {
    header: 'Utilisateur',
    cell: (row) => (
      <span className="document-user">
        <AvatarCell photo={row.user.profilePhoto} />
        <span className="person">
          <Person person={row.user} />
          <UploadedBy row={row} />
        </span>
      </span>
    ),
    className: 'admin-cell-text',
  },
  { header: 'Fichier', cell: (row) => <FileLink row={row} download={download} />, className: 'admin-cell-photo' },
  {
    header: 'Nom',
    cell: (row) => (
      <>
        {row.name}
        {row.onHold && (
          <>
            {' '}
            <HoldBadge />
          </>
        )}
      </>
    ),
    className: 'admin-cell-text',
  },
  { header: 'Description', cell: (row) => <span title={row.description}>{previewOf(row.description)}</span>, className: 'admin-cell-text' },
  { header: 'Type', cell: (row) => row.type.typeName, className: 'admin-cell-text' },
  { header: 'Déposé le', cell: (row) => <When at={row.createdAt} /> },
]

/**
 * Spec §2: View marks the document viewed, opens it in a new tab, then reloads the list. The tab
 * opens first, inside the click, so that no pop-up blocker stops it.
 */
async function viewDocument(row: DocumentRow): Promise<ActionOutcome> {
  window.open(row.path, '_blank', 'noopener')
  const result = await api(`/api/documents/view-document/${row.id}`)
  return result.ok ? { ok: true, effect: 'refresh' } : { ok: false, message: result.message }
}

const view = (label: string): RowAction<DocumentRow> => ({ label, tone: 'primary', run: viewDocument, form: 'view' })

const deleteDocument: RowAction<DocumentRow> = {
  label: 'Supprimer',
  tone: 'danger',
  confirm: (row) => ({ title: `Supprimer ${row.name} ?`, text: 'Le document et son fichier seront définitivement supprimés.', confirmLabel: 'Supprimer' }),
  run: (row) => callApi('DELETE', `/api/documents/delete/${row.id}`),
  form: 'delete',
}

const archiveDocument: RowAction<DocumentRow> = {
  label: 'Archiver',
  tone: 'neutral',
  confirm: (row) => ({ title: `Archiver ${row.name} ?`, text: 'Le document passera dans les documents archivés.', confirmLabel: 'Archiver', tone: 'primary' }),
  run: (row) => callApi('POST', `/api/documents/archive/${row.id}`),
  form: 'archive',
}

/** Issue 16: an archived document goes back among the viewed ones. */
const restoreDocument: RowAction<DocumentRow> = {
  label: 'Restaurer',
  tone: 'neutral',
  confirm: (row) => ({ title: `Restaurer ${row.name} ?`, text: 'Le document reviendra dans les documents consultés.', confirmLabel: 'Restaurer', tone: 'primary' }),
  run: (row) => callApi('POST', `/api/documents/restore/${row.id}`),
  form: 'restore',
}

/** Contract §12: an administrator puts a document on legal hold, or lifts it (a held one has no « Supprimer »). */
const holdDocument: RowAction<DocumentRow> = {
  label: worded('holdAction'),
  tone: 'neutral',
  run: (row) => callApi('POST', `/api/documents/hold/${row.id}`),
  form: 'hold',
  shown: (row) => !row.onHold,
}
const releaseHold: RowAction<DocumentRow> = {
  label: worded('releaseAction'),
  tone: 'neutral',
  run: (row) => callApi('DELETE', `/api/documents/hold/${row.id}`),
  form: 'release',
  shown: (row) => row.onHold,
}
const deletable: RowAction<DocumentRow> = { ...deleteDocument, shown: (row) => !row.onHold }

const listBase = {
  search: 'Utilisateur, entreprise, nom du document ou type',
  dates: true,
  rowName: (row: DocumentRow) => row.name,
}

export const newDocumentsKind = defineKind<DocumentRow>({
  ...listBase,
  path: '/admin-dashboard/new-documents',
  endpoint: '/api/documents/new-documents',
  caption: 'Nouveaux documents, pas encore consultés',
  empty: 'Aucun nouveau document.',
  columns: columns(false),
  actions: [view('Voir le document')],
})

export const documentsKind = defineKind<DocumentRow>({
  ...listBase,
  path: '/admin-dashboard/documents',
  endpoint: '/api/documents/old-documents',
  caption: 'Documents consultés',
  empty: 'Aucun document consulté.',
  columns: columns(true),
  actions: [view('Voir'), archiveDocument, holdDocument, releaseHold, deletable],
})

/** Spec §2: in the archive, View only shows an alert. */
const viewArchived: RowAction<DocumentRow> = {
  label: 'Voir',
  tone: 'neutral',
  run: async () => {
    showToast('info', 'Ce document est archivé : téléchargez-le avec l’icône du fichier.')
    return { ok: true, effect: 'none' }
  },
}

export const archivedDocumentsKind = defineKind<DocumentRow>({
  ...listBase,
  path: '/admin-dashboard/arch-documents',
  endpoint: '/api/documents/arch-documents',
  caption: 'Documents archivés',
  empty: 'Aucun document archivé.',
  columns: columns(true),
  actions: [viewArchived, restoreDocument, holdDocument, releaseHold, deletable],
})

/** A staff member's lists (contract §9): their clients' documents, the same actions but deleting, which is an administrator's. */
export const staffDocumentsKind = defineKind<DocumentRow>({
  ...listBase,
  path: '/admin-dashboard/documents',
  endpoint: '/api/documents/old-documents',
  caption: 'Documents consultés',
  empty: 'Aucun document consulté.',
  columns: columns(true),
  actions: [view('Voir'), archiveDocument],
})

export const staffArchivedDocumentsKind = defineKind<DocumentRow>({
  ...listBase,
  path: '/admin-dashboard/arch-documents',
  endpoint: '/api/documents/arch-documents',
  caption: 'Documents archivés',
  empty: 'Aucun document archivé.',
  columns: columns(true),
  actions: [viewArchived, restoreDocument],
})

export const documentTypesKind = defineKind<DocumentTypeRow>({
  path: '/admin-dashboard/documents/types',
  endpoint: '/api/documents/types',
  caption: 'Types de documents',
  search: 'Nom du type',
  dates: false,
  empty: 'Aucun type de document.',
  rowName: (row) => row.typeName,
  columns: [
    // Numbered by a CSS counter (views/styles/documents.css): the position on the page.
    { header: 'N°', cell: () => <span className="document-type-number" />, className: 'document-type-number-cell', standalone: false },
    { header: 'Nom', cell: (row) => row.typeName },
    { header: 'Créé le', cell: (row) => <When at={row.createdAt} /> },
  ],
  actions: [
    // Contract §8: a type is editable; its page works with and without JavaScript.
    { label: 'Renommer', tone: 'neutral', href: (row) => renameTypePage(row.id) },
    {
      label: 'Suppression Type',
      tone: 'danger',
      confirm: (row) => ({
        title: `Supprimer le type ${row.typeName} ?`,
        text: 'Le type et tous ses documents seront définitivement perdus.',
        confirmLabel: 'Supprimer',
      }),
      run: async (row) => {
        const outcome = await callApi('DELETE', `/api/documents/types/${row.id}`)
        return outcome.ok ? outcome : { ok: false, message: `${messages.typeDeleteFailed} : ${outcome.message}` }
      },
      form: 'delete',
    },
  ],
})
