import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { adminOnly, firmOnly } from '../identity/index.js'
import type { DocumentState } from './repository.js'
import type { Documents } from './service.js'
import type { DocumentListKind, DocumentListPageKind, DocumentsViews } from './views.js'

/** A list page of the firm (contract §9: a staff member's, their clients'): a bad query falls back to the defaults (never an error page). */
const listPage = { preHandler: firmOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }
/** The types' page: an administrator's (staff do not manage types). */
const typesPage = { ...listPage, preHandler: adminOnly }

const LISTS: Array<{ path: string; kind: 'new-documents' | 'documents' | 'arch-documents'; state: DocumentState }> = [
  { path: '/admin-dashboard/new-documents', kind: 'new-documents', state: 'new' },
  { path: '/admin-dashboard/documents', kind: 'documents', state: 'viewed' },
  { path: '/admin-dashboard/arch-documents', kind: 'arch-documents', state: 'archived' },
]

/** The lists as a staff member sees them: the same, without what only an administrator does. */
const STAFF_KINDS: Record<DocumentListKind, DocumentListPageKind> = { 'new-documents': 'new-documents', documents: 'staff-documents', 'arch-documents': 'staff-arch-documents' }

/** The firm's document pages (spec §2); the client's /files is requests' « Mon espace ». */
const documentPages: FastifyPluginAsyncTypebox<{ documents: Documents; views: DocumentsViews }> = async (app, { documents, views }) => {
  const { AdminListPage, DocumentTypesPage } = views
  for (const list of LISTS) {
    app.get(list.path, listPage, async (request, reply) => {
      const query = listQueryOf(request)
      const page = await documents.listDocuments(request.user!, list.state, listFilter(query))
      // Staff delete no document (contract §9): their lists offer no « Supprimer ».
      const kind = request.user!.role === 'admin' ? list.kind : STAFF_KINDS[list.kind]
      return reply.render(AdminListPage, { kind, items: page.items, total: page.total, query: listStateOf(query) })
    })
  }

  app.get('/admin-dashboard/documents/types', typesPage, async (request: FastifyRequest, reply) => {
    const query = listQueryOf(request)
    const page = await documents.listTypes(listFilter(query))
    return reply.render(DocumentTypesPage, { items: page.items, total: page.total, query: listStateOf(query) })
  })
}
export default documentPages
