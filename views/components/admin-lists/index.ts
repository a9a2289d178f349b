import type { Language } from '../../../src/shared/words.js'
import { archivedDocumentsKind, documentsKind, documentTypesKind, newDocumentsKind, staffArchivedDocumentsKind, staffDocumentsKind } from './documents.js'
import { messagesKind } from './messages.js'
import { requestsKind } from './requests.js'
import { subAdminsKind } from './sub-admins.js'
import { assignedClientsKind, clientsKind, newUsersKind } from './users.js'

/** Every kind of admin list by name, in a language; a new list is one file and one line here. */
const kindsIn = (language: Language) => ({
  messages: messagesKind(language),
  'new-users': newUsersKind(language),
  clients: clientsKind(language),
  'assigned-clients': assignedClientsKind(language),
  'sub-admins': subAdminsKind(language),
  'new-documents': newDocumentsKind(language),
  documents: documentsKind(language),
  'arch-documents': archivedDocumentsKind(language),
  // A staff member's (contract §9: no « Supprimer »).
  'staff-documents': staffDocumentsKind(language),
  'staff-arch-documents': staffArchivedDocumentsKind(language),
  'document-types': documentTypesKind(language),
  requests: requestsKind(language),
})

export type ListKinds = ReturnType<typeof kindsIn>
export type ListKindName = keyof ListKinds

const made = new Map<Language, ListKinds>()

/** The kinds in a language (their captions, columns, actions and dialogs, contract §10), each made once. */
export function listKindsIn(language: Language): ListKinds {
  let kinds = made.get(language)
  if (!kinds) made.set(language, (kinds = kindsIn(language)))
  return kinds
}
