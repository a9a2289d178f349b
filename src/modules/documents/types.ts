/** The shapes documents hands to other modules and to pages, derived from its schemas (types only). */
export type { DocumentType, DocumentView, OwnedDocument, ReceivedDocument } from './schemas.js'
export type { DocumentState } from './repository.js'
