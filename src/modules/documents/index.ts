import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import documentForms from './form-routes.js'
import ownerDocumentForms from './owner-form-routes.js'
import documentPages from './pages.js'
import documentRoutes from './routes.js'
import sentDocumentRoutes from './sent-routes.js'
import type { Documents } from './service.js'
import type { DocumentsViews } from './views.js'

/** Documents' HTTP side: the API of spec §7, the stored files, the upload page, the firm's lists and the owner's deletions without JavaScript. */
export default fp(
  async function documents(app: FastifyInstance, { documents, views }: { documents: Documents; views: DocumentsViews }) {
    await app.register(documentRoutes, { documents })
    await app.register(sentDocumentRoutes, { documents })
    await app.register(documentPages, { documents, views })
    await app.register(documentForms, { documents, views })
    await app.register(ownerDocumentForms, { documents, views })
  },
  { name: 'documents', dependencies: ['identity', 'render'] },
)

// The module's public face: other modules import these, never documents' files or tables.
export { createDocuments, type Documents, type DocumentsDeps } from './service.js'
// Contract §12's retention purge: app.ts starts it and stops it.
export { createRetention, retentionCutoff, type PurgeOutcome, type Retention } from './retention.js'
// The client's space (requests' page) takes the upload form's post without JavaScript through this.
export { uploadFormRoute, type ShowUploadForm } from './upload-form-routes.js'
export { DocumentSchema, DocumentTypeSchema, OwnedDocumentSchema, ReceivedDocumentSchema, UploaderSchema } from './schemas.js'
// A company's person acts for the company (contract §9): its id, their own space as a scope.
export { companyOf, ownSpace, type Uploader } from './service.js'
export type { DocumentState, DocumentType, DocumentView, OwnedDocument, ReceivedDocument } from './types.js'
export type { PersonalDocument } from './repository.js'
// The client's page (clients) takes the send form's post without JavaScript through this.
export { sendFormRoute, type ShowSendForm } from './send-form-routes.js'
export type { DocumentListKind, DocumentsViews } from './views.js'
export type { Answerer, ClaimedRequest, RequestAnswers } from './request-answers.js'
