import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { originOf } from '../../http/origin.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { fileResponse, operation } from '../../http/openapi.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import { requireAdmin, requireFirm, requireUser } from '../identity/index.js'
import { DOCUMENT_MIMES } from './content-check.js'
import { DocumentSchema, DocumentTypeSchema, HoldCountSchema, NewTypeBodySchema, StoredNameParamsSchema, UploadedSchema, UploadFormSchema } from './schemas.js'
import type { Documents, OpenedFile, OpenOptions } from './service.js'
import { uploadSteps } from './upload-http.js'
import { messages } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

/** Contract §3: uploading is for accepted users (administrators are accepted too). */
export async function requireAccepted(request: FastifyRequest) {
  await requireUser(request)
  if (!request.user!.isAccepted) throw refuse('forbidden', 'notAccepted')
}

/**
 * A stored file's Content-Security-Policy (issue 15). Its bytes are the client's: a file passes the
 * content check on its first bytes, so an HTML or SVG payload can follow a PDF or PNG signature. It is
 * served as the checked type with nosniff, so no browser reads it as a page; and whatever a viewer
 * does with it runs no script of the portal's origin: images and attachments get `sandbox` (a unique
 * origin, no script, no form, no plugin); a PDF gets a policy without script (Chrome's and Safari's
 * viewers refuse to run under `sandbox`, and both run the PDF's own scripts apart from the page).
 */
export const SANDBOXED_FILE_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'"
export const PDF_FILE_POLICY = "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'"

export function filePolicy(mime: string, disposition: 'inline' | 'attachment'): string {
  return disposition === 'inline' && mime === 'application/pdf' ? PDF_FILE_POLICY : SANDBOXED_FILE_POLICY
}

/** No other site, cache or sniffing browser gets to reinterpret a client's file. */
function sendFile(reply: FastifyReply, file: OpenedFile, disposition: 'inline' | 'attachment') {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', filePolicy(file.record.mime, disposition))
    // Another site cannot embed it (an <img> of a guessed address), whatever helmet's default becomes.
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(disposition, file.record.originalName, file.record.id))
    .header('content-length', String(file.size))
    .type(file.record.mime)
    .send(file.stream)
}

/** RFC 6266/5987: an ASCII fallback, then the original UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string, id: number): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_').trim()
  const fallback = ascii && ascii.includes('.') && !ascii.startsWith('.') ? ascii : `document-${id}`
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

const DocumentList = listOf(DocumentSchema)
/** Types and deletions: an administrator's (contract §9: 403 to staff). */
const admin = { preHandler: requireAdmin }
/** The lists and what staff do too, on their clients' documents (another client's is a 404). */
const firm = { preHandler: requireFirm }

/** Every /api/documents/* call of spec §7 (and the archive of contract §4), and the stored files. */
const documentRoutes: FastifyPluginAsyncTypebox<{ documents: Documents }> = async (app, { documents }) => {
  const tags = ['documents']
  const upload = uploadSteps(documents, app.config.rateLimits.uploadPerUser)

  app.get('/api/documents/types', {
    schema: { ...operation('listDocumentTypes', 'Types de document (tout le monde)', 'public'), tags, querystring: ListQuerySchema, response: { 200: listOf(DocumentTypeSchema), ...errorResponses(400) } },
  }, async (request, reply) => sendList(reply, await documents.listTypes(listFilter(request.query))))

  app.post('/api/documents/types', {
    schema: { ...operation('createDocumentType', 'Ajoute un type de document (administrateurs)', 'user'), tags, body: NewTypeBodySchema, response: { 201: MessageSchema, ...errorResponses(400, 401, 403, 409) } },
    ...admin,
  }, async (request, reply) => {
    await documents.addType(request.body, request.user!, originOf(request))
    return reply.code(201).send({ message: messages.typeAdded })
  })

  app.patch('/api/documents/types/:id', {
    schema: { ...operation('renameDocumentType', 'Renomme un type de document (administrateurs)', 'user'), tags, params: IdParamsSchema, body: NewTypeBodySchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    ...admin,
  }, async (request) => {
    await documents.renameType(request.params.id, request.body, request.user!, originOf(request))
    return { message: messages.typeRenamed }
  })

  app.delete('/api/documents/types/:id', {
    schema: { ...operation('deleteDocumentType', 'Supprime un type de document (administrateurs)', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) } },
    ...admin,
  }, async (request) => {
    await documents.deleteType(request.params.id, request.user!, originOf(request))
    return { message: messages.typeDeleted }
  })

  app.post('/api/documents/upload', {
    schema: {
      ...operation('uploadDocument', 'Dépôt d’un document (multipart : file, type, description ; requestId pour répondre à une demande, dont il prend le type)', 'user'),
      tags,
      consumes: ['multipart/form-data'],
      multipartBody: UploadFormSchema,
      response: { 201: UploadedSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 507) },
    },
    onRequest: upload.refuseDeclaredTooLarge,
    config: upload.limit,
    preHandler: [requireAccepted, upload.refuseWhenFull],
  }, async (request, reply) => {
    const id = await upload.receive(request)
    // The form goes home on success: the page there shows this message (flash cookie).
    reply.flash({ type: 'success', message: messages.uploaded })
    return reply.code(201).send({ message: messages.uploaded, id })
  })

  const lists = [
    ['new-documents', 'new', 'listNewDocuments', 'Documents non consultés (le cabinet : un collaborateur, ceux de ses clients)'],
    ['old-documents', 'viewed', 'listViewedDocuments', 'Documents consultés (le cabinet : un collaborateur, ceux de ses clients)'],
    ['arch-documents', 'archived', 'listArchivedDocuments', 'Documents archivés (le cabinet : un collaborateur, ceux de ses clients)'],
  ] as const
  for (const [path, state, id, summary] of lists) {
    app.get(`/api/documents/${path}`, {
      schema: { ...operation(id, summary, 'user'), tags, querystring: ListQuerySchema, response: { 200: DocumentList, ...errorResponses(400, 401, 403) } },
      ...firm,
    }, async (request, reply) => sendList(reply, await documents.listDocuments(request.user!, state, listFilter(request.query))))
  }

  app.get('/api/documents/view-document/:id', {
    // It marks the document viewed: a HEAD must not (Fastify would run this handler for it).
    exposeHeadRoute: false,
    schema: { ...operation('viewDocument', 'Le document, marqué consulté (le cabinet)', 'user'), tags, params: IdParamsSchema, response: { 200: DocumentSchema, ...errorResponses(401, 403, 404) } },
    ...firm,
  }, async (request) => {
    // A GET that marks the document viewed (spec §7): never on a link followed from another site.
    if (!isOwnSiteRequest(request)) throw new HttpError(403, 'Requête refusée : origine non autorisée.')
    return documents.viewDocument(request.params.id, request.user!, originOf(request))
  })

  app.post('/api/documents/archive/:id', {
    schema: { ...operation('archiveDocument', 'Archive un document consulté (le cabinet)', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) } },
    ...firm,
  }, async (request) => {
    await documents.archiveDocument(request.params.id, request.user!, originOf(request))
    return { message: messages.archived }
  })

  app.post('/api/documents/restore/:id', {
    schema: { ...operation('restoreDocument', 'Un document archivé redevient consulté (le cabinet)', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) } },
    ...firm,
  }, async (request) => {
    await documents.restoreDocument(request.params.id, request.user!, originOf(request))
    return { message: messages.restored }
  })

  app.delete('/api/documents/delete/:id', {
    schema: { ...operation('deleteDocument', 'Supprime un document (administrateurs)', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) } },
    ...admin,
  }, async (request) => {
    await documents.deleteDocument(request.params.id, request.user!, originOf(request))
    return { message: messages.deleted }
  })

  // Contract §12: legal holds, an administrator's; a company's documents all at once (docs/decisions/162-legal-holds.md).
  app.post('/api/documents/hold/:id', {
    schema: { ...operation('holdDocument', 'Place un document sous conservation légale (administrateurs)', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404) } },
    ...admin,
  }, async (request) => {
    await documents.holdDocument(request.params.id, request.user!, originOf(request))
    return { message: messages.held }
  })

  app.delete('/api/documents/hold/:id', {
    schema: { ...operation('releaseDocumentHold', 'Lève la conservation légale d’un document (administrateurs)', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) } },
    ...admin,
  }, async (request) => {
    await documents.releaseDocument(request.params.id, request.user!, originOf(request))
    return { message: messages.holdReleased }
  })

  app.post('/api/documents/hold/company/:id', {
    schema: { ...operation('holdCompanyDocuments', 'Place tous les documents d’une entreprise sous conservation légale (administrateurs)', 'user'), tags, params: IdParamsSchema, response: { 200: HoldCountSchema, ...errorResponses(401, 403, 404) } },
    ...admin,
  }, async (request) => {
    const count = await documents.holdCompany(request.params.id, request.user!, originOf(request))
    return { message: messages.companyHeld(count), count }
  })

  app.delete('/api/documents/hold/company/:id', {
    schema: { ...operation('releaseCompanyDocuments', 'Lève la conservation légale de tous les documents d’une entreprise (administrateurs)', 'user'), tags, params: IdParamsSchema, response: { 200: HoldCountSchema, ...errorResponses(401, 403, 404) } },
    ...admin,
  }, async (request) => {
    const count = await documents.releaseCompany(request.params.id, request.user!, originOf(request))
    return { message: messages.companyReleased(count), count }
  })

  app.delete('/api/documents/delete/owner/:id', {
    schema: { ...operation('deleteOwnDocument', 'Supprime un document de son entreprise, tant que le cabinet ne l’a pas consulté', 'user'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) } },
    preHandler: requireUser,
  }, async (request) => {
    await documents.deleteOwnDocument(request.user!, request.params.id, originOf(request))
    return { message: messages.deleted }
  })

  app.get('/api/documents/download/:id', {
    schema: {
      ...operation('downloadDocument', 'Le fichier, en pièce jointe (les personnes de l’entreprise, le cabinet qui la sert)', 'user'),
      tags,
      params: IdParamsSchema,
      response: { 200: fileResponse('Le fichier, dans son type vérifié', DOCUMENT_MIMES), ...errorResponses(401, 403, 404) },
    },
  }, async (request, reply) => sendFile(reply, await documents.openDownload(request.user, request.params.id, opening(request)), 'attachment'))

  // A malformed name is answered like an unknown one; it never reaches the disk.
  app.get('/uploads/:name', {
    schema: { hide: true, params: StoredNameParamsSchema },
    attachValidation: true,
  }, async (request, reply) => {
    // Served either way; only the portal's own pages (or the address typed) mark it viewed.
    const file = await documents.openStoredFile(request.user, request.validationError ? undefined : request.params.name, opening(request))
    return sendFile(reply, file, file.inline ? 'inline' : 'attachment')
  })
}
/**
 * How a file request may open its document: only the portal's own pages (or the address typed)
 * mark it viewed, and a HEAD (Fastify answers it with the GET's handler) marks and journals nothing.
 */
function opening(request: FastifyRequest): OpenOptions {
  return { mayMark: isOwnSiteRequest(request), from: originOf(request), peek: request.method === 'HEAD' }
}

export default documentRoutes
