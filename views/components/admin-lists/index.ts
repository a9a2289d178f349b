import { archivedDocumentsKind, documentsKind, documentTypesKind, newDocumentsKind, staffArchivedDocumentsKind, staffDocumentsKind } from './documents.js'
import { messagesKind } from './messages.js'
import { requestsKind } from './requests.js'
import { subAdminsKind } from './sub-admins.js'
import { assignedClientsKind, clientsKind, newUsersKind } from './users.js'

/** Every kind of admin list by name; a new list is one file and one line here. */
export const listKinds = {
  messages: messagesKind,
  'new-users': newUsersKind,
  clients: clientsKind,
  'assigned-clients': assignedClientsKind,
  'sub-admins': subAdminsKind,
  'new-documents': newDocumentsKind,
  documents: documentsKind,
  'arch-documents': archivedDocumentsKind,
  // A staff member's (contract §9: no « Supprimer »).
  'staff-documents': staffDocumentsKind,
  'staff-arch-documents': staffArchivedDocumentsKind,
  'document-types': documentTypesKind,
  requests: requestsKind,
}

export type ListKindName = keyof typeof listKinds
