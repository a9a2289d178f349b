import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { adminOnly } from '../identity/index.js'
import type { DocumentState } from './repository.js'
import type { Documents } from './service.js'
import type { DocumentsViews } from './views.js'

/** An admin list page: a bad query falls back to the defaults (never an error page). */
const listPage = { preHandler: adminOnly, attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }

const LISTS: Array<{ path: string; kind: 'new-documents' | 'documents' | 'arch-documents'; state: DocumentState; title: string; lead: string }> = [
  { path: '/admin-dashboard/new-documents', kind: 'new-documents', state: 'new', title: 'Nouveaux documents', lead: 'Documents déposés que le cabinet n’a pas encore consultés. « Voir » les ouvre et les marque consultés.' },
  { path: '/admin-dashboard/documents', kind: 'documents', state: 'viewed', title: 'Documents', lead: 'Documents déjà consultés : téléchargez-les, archivez-les ou supprimez-les.' },
  { path: '/admin-dashboard/arch-documents', kind: 'arch-documents', state: 'archived', title: 'Documents archivés', lead: 'Documents consultés puis archivés.' },
]

/** The administrators' document pages (spec §2); the client's /files is requests' « Mon espace ». */
const documentPages: FastifyPluginAsyncTypebox<{ documents: Documents; views: DocumentsViews }> = async (app, { documents, views }) => {
  const { AdminListPage, DocumentTypesPage } = views
  for (const list of LISTS) {
    app.get(list.path, listPage, async (request, reply) => {
      const query = listQueryOf(request)
      const page = await documents.listDocuments(list.state, listFilter(query))
      return reply.render(AdminListPage, { kind: list.kind, title: list.title, lead: list.lead, items: page.items, total: page.total, query: listStateOf(query) })
    })
  }

  app.get('/admin-dashboard/documents/types', listPage, async (request: FastifyRequest, reply) => {
    const query = listQueryOf(request)
    const page = await documents.listTypes(listFilter(query))
    return reply.render(DocumentTypesPage, { items: page.items, total: page.total, query: listStateOf(query) })
  })
}
export default documentPages
