import { checkedBy, hasControlChars, hasControlCharsInText, multilineText, text, type Checked } from '../../shared/validation.js'
import { ACCEPTED_EXTENSIONS, DESCRIPTION_MAX, DOCUMENT_NAME_MAX, formWords, messages, TYPE_NAME_MAX } from './words.js'

/** The upload and new-type forms' rules (spec §5), shared by the API and the islands; their French messages are ./words.ts's. */
export { ACCEPTED_EXTENSIONS, DESCRIPTION_MAX, DOCUMENT_NAME_MAX, formWords, messages, TYPE_NAME_MAX }
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number]
/** The file input's `accept` attribute. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',')

/**
 * Where the owner's lists (the profile's and the client's space's) put their rows' confirmation pages,
 * `${pages}/:id/delete`, standing in for the dialog without JavaScript (contract §8).
 */
export const OWN_DELETE_PAGES = { profile: '/users/profile/documents', space: '/files/documents' } as const

/** The owner's « Supprimer » asks this first: in the island's dialog, or on its page without JavaScript (contract §8). */
export const ownDeleteTexts = {
  title: 'Supprimer ce document ?',
  text: (name: string) => `« ${name} » sera définitivement supprimé.`,
  confirmLabel: 'Supprimer',
} as const

export interface UploadFields {
  typeName: string
  description: string
}

/**
 * Spec §5 order: the type, then the file; then what the specification leaves open (description
 * length). An upload answering a request (`answersRequest`) takes the request's type: none is asked.
 * Each rule names its field, for the page answered again without JavaScript (contract §8).
 */
export function checkUpload(input: Record<string, unknown>, hasFile: boolean, answersRequest = false): Checked<UploadFields> {
  const typeName = text(input.type)
  // Mailed to the firm: line breaks normalised, other control characters refused (issue 9, finding 7).
  const description = multilineText(input.description)
  return checkedBy(
    [
      [!typeName && !answersRequest, messages.typeRequired, 'type'],
      [!hasFile, messages.fileRequired, 'file'],
      [description.length > DESCRIPTION_MAX, messages.descriptionTooLong, 'description'],
      [hasControlCharsInText(description), messages.descriptionInvalid, 'description'],
    ],
    () => ({ typeName, description }),
  )
}

export interface SendFields {
  /** Empty: the file's own name is taken. */
  name: string
  description: string
}

/**
 * The firm's send form (contract §7): the file first, as for an upload; then the name and the
 * description. Each rule names its field, for the page answered again without JavaScript (contract §8).
 */
export function checkSend(input: Record<string, unknown>, hasFile: boolean): Checked<SendFields> {
  const name = text(input.name)
  const description = multilineText(input.description)
  return checkedBy(
    [
      [!hasFile, messages.fileRequired, 'file'],
      [name.length > DOCUMENT_NAME_MAX, messages.nameTooLong, 'name'],
      [hasControlChars(name), messages.nameInvalid, 'name'],
      [description.length > DESCRIPTION_MAX, messages.descriptionTooLong, 'description'],
      [hasControlCharsInText(description), messages.descriptionInvalid, 'description'],
    ],
    () => ({ name, description }),
  )
}

/** The page of the new type's form, where 'Ajouter un type' leads until the dialog's script takes over. */
export const NEW_TYPE_PAGE = '/admin-dashboard/documents/types/new'

/** The page where a type is renamed (contract §8: editable), with and without JavaScript. */
export const RENAME_TYPE_PAGE = '/admin-dashboard/documents/types/:id/rename'
export const renameTypePage = (id: number) => RENAME_TYPE_PAGE.replace(':id', String(id))

/** A type's name, new or renamed: the same rules. */
export function checkNewType(input: Record<string, unknown>): Checked<{ typeName: string }> {
  const typeName = text(input.typeName)
  return checkedBy(
    [
      [!typeName, messages.typeNameRequired, 'typeName'],
      [typeName.length > TYPE_NAME_MAX, messages.typeNameTooLong, 'typeName'],
      [hasControlChars(typeName), messages.typeNameInvalid, 'typeName'],
    ],
    () => ({ typeName }),
  )
}

/** The extension of a file name, lower-cased, when it is one spec §9 accepts. */
export function acceptedExtension(fileName: string): AcceptedExtension | undefined {
  const dot = fileName.lastIndexOf('.')
  const ext = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : ''
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext) ? (ext as AcceptedExtension) : undefined
}

/** Spec §9: a description preview is cut to 70 characters plus an ellipsis. */
export const PREVIEW_LENGTH = 70
export function previewOf(description: string): string {
  const chars = Array.from(description)
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join('')}...` : description
}
