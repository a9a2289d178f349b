import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import type { ListState } from '../../http/list-pages.js'
import { originOf } from '../../http/origin.js'
import { registerRowForm, type RowFormGuards } from '../../http/row-forms.js'
import type { FormState } from '../../shared/form-state.js'
import { adminForm, adminOnly, firmForm, firmOnly } from '../identity/index.js'
import type { Documents } from './service.js'
import type { DocumentType, DocumentView } from './types.js'
import { IdParamsSchema } from '../../http/schemas.js'
import { checkNewType, messages, NEW_TYPE_PAGE, RENAME_TYPE_PAGE, renameTypePage } from './validation.js'
import type { DocumentListKind, DocumentsViews } from './views.js'

const LISTS: Record<DocumentListKind, string> = {
  'new-documents': '/admin-dashboard/new-documents',
  documents: '/admin-dashboard/documents',
  'arch-documents': '/admin-dashboard/arch-documents',
}
const TYPES = '/admin-dashboard/documents/types'

type Props<Row> = { row: Row; query: ListState; form?: FormState }

/**
 * The firm's document lists and types without JavaScript (contract §8): « Voir » posted from its
 * row, archiving, restoring and deleting after their confirmation pages, a type added on its own
 * page; each with the API's check, service call and message, so the journal's entries are the same.
 * Staff view, archive and restore their clients' documents (another's is a 404); deleting and the
 * types are an administrator's (contract §9: 403 to staff).
 */
const documentForms: FastifyPluginAsync<{ documents: Documents; views: DocumentsViews }> = async (app, { documents, views }) => {
  const guards: RowFormGuards = { page: adminOnly, form: adminForm }
  const firm: RowFormGuards = { page: firmOnly, form: firmForm }
  const { ConfirmActionPage } = views
  const confirmDocument = (kind: DocumentListKind, action: 'archive' | 'restore' | 'delete') => ({
    find: (id: number, request: FastifyRequest) => documents.findDocument(request.user!, id),
    show: (reply: FastifyReply, props: Props<DocumentView>) => reply.render(ConfirmActionPage, { kind, action, ...props }),
  })

  // Spec §2: « Voir » marks the document viewed; without JavaScript the page says so (the file opens from its icon).
  for (const kind of ['new-documents', 'documents'] as const) {
    registerRowForm(app, firm, {
      list: LISTS[kind],
      action: 'view',
      act: async (id, request) => {
        await documents.viewDocument(id, request.user!, originOf(request))
        return messages.markedViewed
      },
    })
  }
  registerRowForm(app, firm, {
    list: LISTS.documents,
    action: 'archive',
    confirm: confirmDocument('documents', 'archive'),
    act: async (id, request) => {
      await documents.archiveDocument(id, request.user!, originOf(request))
      return messages.archived
    },
  })
  registerRowForm(app, firm, {
    list: LISTS['arch-documents'],
    action: 'restore',
    confirm: confirmDocument('arch-documents', 'restore'),
    act: async (id, request) => {
      await documents.restoreDocument(id, request.user!, originOf(request))
      return messages.restored
    },
  })
  // Contract §12: a legal hold put or lifted from its row (an administrator's; no confirmation: it deletes nothing).
  for (const kind of ['documents', 'arch-documents'] as const) {
    registerRowForm(app, guards, {
      list: LISTS[kind],
      action: 'hold',
      act: async (id, request) => {
        await documents.holdDocument(id, request.user!, originOf(request))
        return messages.held
      },
    })
    registerRowForm(app, guards, {
      list: LISTS[kind],
      action: 'release',
      act: async (id, request) => {
        await documents.releaseDocument(id, request.user!, originOf(request))
        return messages.holdReleased
      },
    })
  }
  for (const kind of ['documents', 'arch-documents'] as const) {
    registerRowForm(app, guards, {
      list: LISTS[kind],
      action: 'delete',
      confirm: confirmDocument(kind, 'delete'),
      act: async (id, request) => {
        await documents.deleteDocument(id, request.user!, originOf(request))
        return messages.deleted
      },
    })
  }

  registerRowForm(app, guards, {
    list: TYPES,
    action: 'delete',
    confirm: {
      find: documents.findType,
      show: (reply: FastifyReply, props: Props<DocumentType>) => reply.render(ConfirmActionPage, { kind: 'document-types', action: 'delete', ...props }),
    },
    act: async (id, request) => {
      await documents.deleteType(id, request.user!, originOf(request))
      return messages.typeDeleted
    },
  })

  // 'Ajouter un type' without JavaScript: its page, posted to itself.
  app.get(NEW_TYPE_PAGE, { preHandler: adminOnly, schema: { hide: true } }, async (_request, reply) => reply.render(views.NewTypePage, {}))
  const newType = formPost({
    // The name's refusals, the check's or the service's (a name already used, 409), name their field.
    check: checkNewType,
    keep: ['typeName'],
    show: (_request, reply, form) => reply.render(views.NewTypePage, { form }),
    act: async (type, request) => {
      await documents.addType(type, request.user!, originOf(request))
      return { to: TYPES, message: messages.typeAdded }
    },
  })
  app.post(NEW_TYPE_PAGE, { schema: { hide: true }, preHandler: adminForm(() => NEW_TYPE_PAGE), ...newType })

  // A type renamed (contract §8: editable): a page of its own, with or without JavaScript.
  const typeId = (request: FastifyRequest) => (request.params as { id: number }).id
  const typeOf = (request: FastifyRequest) => documents.findType(typeId(request))
  app.get(RENAME_TYPE_PAGE, { preHandler: adminOnly, schema: { hide: true, params: IdParamsSchema } }, async (request, reply) => reply.render(views.RenameTypePage, { type: await typeOf(request) }))
  const rename = formPost({
    check: checkNewType,
    keep: ['typeName'],
    show: async (request, reply, form) => reply.render(views.RenameTypePage, { type: await typeOf(request), form }),
    act: async (type, request) => {
      await documents.renameType(typeId(request), type, request.user!, originOf(request))
      return { to: TYPES, message: messages.typeRenamed }
    },
  })
  app.post(RENAME_TYPE_PAGE, { schema: { hide: true, params: IdParamsSchema }, preHandler: adminForm((request) => renameTypePage(typeId(request))), ...rename })
}
export default documentForms
