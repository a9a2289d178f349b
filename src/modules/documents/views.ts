import type { ListState } from '../../http/list-pages.js'
import type { Page } from '../../render/page.js'
import type { FormProps, FormState } from '../../shared/form-state.js'
import type { ProfileConfirmation } from '../identity/index.js'
import type { DocumentType, DocumentView } from './schemas.js'

export type DocumentListKind = 'new-documents' | 'documents' | 'arch-documents'
/** A list page's kind: a staff member's lists have no « Supprimer » (contract §9). */
export type DocumentListPageKind = DocumentListKind | 'staff-documents' | 'staff-arch-documents'

/** The pages documents renders, handed to it by app.ts (src/ never imports views/). */
export interface DocumentsViews {
  DocumentTypesPage: Page<{ items: DocumentType[]; total: number; query: ListState }>
  AdminListPage: Page<{ kind: DocumentListPageKind; items: DocumentView[]; total: number; query: ListState }>
  /** A row action's confirmation dialog as a page, without JavaScript (contract §8). */
  ConfirmActionPage: Page<
    | { kind: DocumentListKind; action: 'archive' | 'restore' | 'delete'; row: DocumentView; query: ListState; form?: FormState }
    | { kind: 'document-types'; action: 'delete'; row: DocumentType; query: ListState; form?: FormState }
  >
  /** The 'Créer Nouveau Type' dialog as a page, without JavaScript. */
  NewTypePage: Page<FormProps>
  /** A type's new name, with or without JavaScript (contract §8: editable). */
  RenameTypePage: Page<FormProps & { type: DocumentType }>
  /** The owner's « Supprimer » dialog as a page, without JavaScript (contract §8). */
  ConfirmProfilePage: Page<ProfileConfirmation & { profileUrl: string }>
}
