import type { ListState } from '../../http/list-pages.js'
import type { Page } from '../../render/page.js'
import type { DocumentType, DocumentView } from './schemas.js'

export type DocumentListKind = 'new-documents' | 'documents' | 'arch-documents'

/** The pages documents renders, handed to it by app.ts (src/ never imports views/). */
export interface DocumentsViews {
  DocumentTypesPage: Page<{ items: DocumentType[]; total: number; query: ListState }>
  AdminListPage: Page<{ kind: DocumentListKind; title: string; lead: string; items: DocumentView[]; total: number; query: ListState }>
}
