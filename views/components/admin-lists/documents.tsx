import type { Wire } from '../../../src/shared/wire.js'
import type { DocumentType, DocumentView } from '../../../src/modules/documents/types.js'
import { formWords, previewOf, renameTypePage } from '../../../src/modules/documents/validation.js'
import { useWords } from '../../runtime/words.js'
import { api } from '../../client/api.js'
import { showToast } from '../../client/toast.js'
import { Person } from '../Person.js'
import { When } from '../When.js'
import { AvatarCell } from './cells.js'
import { callApi, defineKind, type ActionOutcome, type Column, type RowAction } from './types.js'
import { adminListWords } from './words.js'
import { wordsOf, type Language } from '../../../src/shared/words.js'

type Words = (typeof adminListWords)['fr']

/** A document as the documents module's lists answer it (spec §3): its schema's type, as the browser holds it. */
export type DocumentRow = Wire<DocumentView>

export type DocumentTypeRow = Wire<DocumentType>

/** The file link: opens the file in a new tab, or downloads it (viewed documents, spec §2). */
function FileLink({ row, download }: { row: DocumentRow; download: boolean }) {
  const words = useWords(adminListWords).documents
  const label = `${download ? words.download : words.open} ${row.file.originalName}`
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
  const words = useWords(adminListWords).documents
  if (!row.uploadedBy || row.uploadedBy.id === row.user.id) return null
  return <span className="person-company document-uploader">{words.uploadedBy(row.uploadedBy.username)}</span>
}

/** Contract §12: « Conservation légale », in the render's language. */
function HoldBadge() {
  return <span className="badge badge-invited document-hold">{useWords(formWords).onHold}</span>
}

const columns = ({ documents: t }: Words, download: boolean): Column<DocumentRow>[] => [
  {
    header: t.user,
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
  { header: t.file, cell: (row) => <FileLink row={row} download={download} />, className: 'admin-cell-photo' },
  {
    header: t.name,
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
  { header: t.description, cell: (row) => <span title={row.description}>{previewOf(row.description)}</span>, className: 'admin-cell-text' },
  { header: t.type, cell: (row) => row.type.typeName, className: 'admin-cell-text' },
  { header: t.uploaded, cell: (row) => <When at={row.createdAt} /> },
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

/** The rows' actions in a language: deleting, archiving, restoring, and the legal hold (contract §12: a held one has no « Supprimer »). */
function documentActions(w: Words, language: Language) {
  const t = w.documents
  const said = wordsOf(formWords, language)
  const deleteDocument: RowAction<DocumentRow> = {
    label: w.delete,
    tone: 'danger',
    confirm: (row) => ({ title: t.deleteTitle(row.name), text: t.deleteText, confirmLabel: w.delete }),
    run: (row) => callApi('DELETE', `/api/documents/delete/${row.id}`),
    form: 'delete',
  }
  const archive: RowAction<DocumentRow> = {
    label: t.archive,
    tone: 'neutral',
    confirm: (row) => ({ title: t.archiveTitle(row.name), text: t.archiveText, confirmLabel: t.archive, tone: 'primary' }),
    run: (row) => callApi('POST', `/api/documents/archive/${row.id}`),
    form: 'archive',
  }
  /** Issue 16: an archived document goes back among the viewed ones. */
  const restore: RowAction<DocumentRow> = {
    label: t.restore,
    tone: 'neutral',
    confirm: (row) => ({ title: t.restoreTitle(row.name), text: t.restoreText, confirmLabel: t.restore, tone: 'primary' }),
    run: (row) => callApi('POST', `/api/documents/restore/${row.id}`),
    form: 'restore',
  }
  const hold: RowAction<DocumentRow> = { label: said.holdAction, tone: 'neutral', run: (row) => callApi('POST', `/api/documents/hold/${row.id}`), form: 'hold', shown: (row) => !row.onHold }
  const release: RowAction<DocumentRow> = { label: said.releaseAction, tone: 'neutral', run: (row) => callApi('DELETE', `/api/documents/hold/${row.id}`), form: 'release', shown: (row) => row.onHold }
  const deletable: RowAction<DocumentRow> = { ...deleteDocument, shown: (row) => !row.onHold }
  /** Spec §2: in the archive, View only shows an alert. */
  const viewArchived: RowAction<DocumentRow> = {
    label: t.view,
    tone: 'neutral',
    run: async () => {
      showToast('info', t.archivedAlert)
      return { ok: true, effect: 'none' }
    },
  }
  return { archive, restore, hold, release, deletable, viewArchived }
}

type Actions = ReturnType<typeof documentActions> & { view: RowAction<DocumentRow> }

/**
 * One documents list in a language: the three lists (spec §3) share their search, dates, columns and
 * rows named by their document; each has its address, words and actions. `viewed`: its file
 * downloads (a new one opens, and is marked viewed by « Voir le document »).
 */
function documentList(list: { path: string; endpoint: string; words: 'new' | 'viewed' | 'archived'; actions: (a: Actions) => RowAction<DocumentRow>[] }) {
  return (language: Language) => {
    const w = wordsOf(adminListWords, language)
    const t = w.documents
    const words = { new: [t.newCaption, t.newEmpty], viewed: [t.viewedCaption, t.viewedEmpty], archived: [t.archivedCaption, t.archivedEmpty] }[list.words]
    const actions = list.actions({ ...documentActions(w, language), view: view(list.words === 'new' ? t.viewDocument : t.view) })
    return defineKind<DocumentRow>({
      path: list.path,
      endpoint: list.endpoint,
      caption: words[0]!,
      empty: words[1]!,
      search: t.search,
      dates: true,
      rowName: (row) => row.name,
      columns: columns(w, list.words !== 'new'),
      actions,
    })
  }
}

const NEW = { path: '/admin-dashboard/new-documents', endpoint: '/api/documents/new-documents', words: 'new' } as const
const VIEWED = { path: '/admin-dashboard/documents', endpoint: '/api/documents/old-documents', words: 'viewed' } as const
const ARCHIVED = { path: '/admin-dashboard/arch-documents', endpoint: '/api/documents/arch-documents', words: 'archived' } as const

export const newDocumentsKind = documentList({ ...NEW, actions: (a) => [a.view] })
export const documentsKind = documentList({ ...VIEWED, actions: (a) => [a.view, a.archive, a.hold, a.release, a.deletable] })
export const archivedDocumentsKind = documentList({ ...ARCHIVED, actions: (a) => [a.viewArchived, a.restore, a.hold, a.release, a.deletable] })
/** A staff member's lists (contract §9): their clients' documents, the same actions but deleting and holds, which are an administrator's. */
export const staffDocumentsKind = documentList({ ...VIEWED, actions: (a) => [a.view, a.archive] })
export const staffArchivedDocumentsKind = documentList({ ...ARCHIVED, actions: (a) => [a.viewArchived, a.restore] })

/** The document types' page (it never changes its address). */
export const DOCUMENT_TYPES_PAGE = '/admin-dashboard/documents/types'

export const documentTypesKind = (language: Language) => {
  const w = wordsOf(adminListWords, language)
  const t = w.types
  const said = wordsOf(formWords, language)
  return defineKind<DocumentTypeRow>({
    path: DOCUMENT_TYPES_PAGE,
    endpoint: '/api/documents/types',
    caption: t.caption,
    search: t.search,
    dates: false,
    empty: t.empty,
    rowName: (row) => row.typeName,
    columns: [
      // Numbered by a CSS counter (views/styles/documents.css): the position on the page.
      { header: t.number, cell: () => <span className="document-type-number" />, className: 'document-type-number-cell', standalone: false },
      { header: t.name, cell: (row) => row.typeName },
      { header: t.created, cell: (row) => <When at={row.createdAt} /> },
    ],
    actions: [
      // Contract §8: a type is editable; its page works with and without JavaScript.
      { label: t.rename, tone: 'neutral', href: (row) => renameTypePage(row.id) },
      {
        label: t.remove,
        tone: 'danger',
        confirm: (row) => ({ title: t.removeTitle(row.typeName), text: t.removeText, confirmLabel: w.delete }),
        run: async (row) => {
          const outcome = await callApi('DELETE', `/api/documents/types/${row.id}`)
          return outcome.ok ? outcome : { ok: false, message: `${said.typeDeleteFailed} : ${outcome.message}` }
        },
        form: 'delete',
      },
    ],
  })
}
