import type { Readable } from 'node:stream'
import { refusals, type DomainError } from '../../shared/domain-error.js'
import { newKey, type FileStorage } from '../../storage/storage.js'
import { ContentCheck, ContentRefused, KIND_BY_EXTENSION, type DocumentKind } from './content-check.js'
import { acceptedExtension } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

/** A file stored under its random key, checked by extension and content. */
export interface StoredFile {
  key: string
  size: number
  originalName: string
  kind: DocumentKind
}

/** A file as it arrives: busboy's stream emits 'limit' and sets `truncated` past the size limit. */
export type IncomingFile = Readable & { truncated?: boolean }

/**
 * The file passed the upload's limit: the rest of the body is not read. Raised by the reading, it is
 * the upload's HTTP edge that answers it (413, closing the connection: ./upload-http.ts's tooLarge).
 */
export class FileTooLarge extends Error {
  override readonly name = 'FileTooLarge'
}

/**
 * Spec §3: the name the client gave, without any path, control or format character (Unicode Cf:
 * direction marks and overrides, zero-width characters, U+FEFF…: issue 15), at most 200 characters.
 */
export function cleanFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? ''
  const cleaned = base.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').trim()
  if (cleaned.length <= 200) return cleaned
  const dot = cleaned.lastIndexOf('.')
  const ext = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : ''
  return Array.from(cleaned.slice(0, 200 - ext.length)).join('').replace(/[\ud800-\udbff]$/, '') + ext
}

export async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // dropped
  }
}

/**
 * Streams one file through the content check into storage as it arrives (never held whole in
 * memory). Answers the stored file, or the refusal (415) after reading and dropping the rest, so
 * the fields after it still arrive; a limit or a storage failure throws with nothing kept.
 */
export async function storeChecked(storage: FileStorage, filename: string, source: IncomingFile): Promise<StoredFile | DomainError> {
  const originalName = cleanFileName(filename)
  const ext = acceptedExtension(originalName)
  if (!ext) {
    await drain(source)
    return refuse('unsupported_type', 'extensionRefused').under('file')
  }
  const kind = KIND_BY_EXTENSION[ext]
  const key = newKey('documents', ext)
  const check = new ContentCheck(kind)
  // Past the limit busboy only truncates the part; stopping here answers 413 without reading on.
  const overLimit = () => check.destroy(new FileTooLarge())
  const failed = (error: Error) => check.destroy(error)
  source.once('limit', overLimit)
  source.on('error', failed)
  // The check may fail before storage attaches to it (it first makes its folders): its own error is read below.
  check.on('error', () => {})
  source.pipe(check)
  try {
    const { size } = await storage.write(key, check)
    if (source.truncated) {
      await storage.remove(key)
      throw new FileTooLarge()
    }
    return { key, size, originalName, kind }
  } catch (failure) {
    source.unpipe(check)
    // The check's own refusal wins; an AbortError only says the store stopped reading (its failure says why).
    const error = check.errored && check.errored.name !== 'AbortError' ? check.errored : failure
    if (!(error instanceof ContentRefused)) throw error
    // The rest of a refused file is read and dropped, so the fields after it still arrive.
    await drain(source)
    return refuse('unsupported_type', 'contentRefused').under('file')
  } finally {
    source.off('limit', overLimit)
    source.off('error', failed)
  }
}
