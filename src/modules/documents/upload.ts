import type { MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { HttpError } from '../../http/errors.js'
import { newKey } from '../../storage/storage.js'
import { ContentCheck, ContentRefused, KIND_BY_EXTENSION, type DocumentKind } from './content-check.js'
import { acceptedExtension, messages } from './validation.js'

/** A file stored under its random key, checked by extension and content. */
export interface StoredFile {
  key: string
  size: number
  originalName: string
  kind: DocumentKind
}

/** What a multipart upload carried: its text fields, and the stored file or why it was refused. */
export interface ReceivedUpload {
  fields: Record<string, string>
  file?: StoredFile
  refused?: HttpError
}

/** Room for the text fields and multipart boundaries around a file of the largest accepted size. */
export const MULTIPART_ALLOWANCE = 64 * 1024

/** Once the limit is known to be passed, the rest of the body is not read: the connection closes with the answer. */
export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, messages.tooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10), { connection: 'close' })
}

/**
 * Contract §2: a declared body above the limit is refused before any of it is read (onRequest),
 * so a client sending 1 GiB hears 413 at once.
 */
export function refuseDeclaredTooLarge(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length'] ?? 0)
    if (declared > app.config.maxUploadBytes + MULTIPART_ALLOWANCE) throw tooLarge(app.config.maxUploadBytes)
  }
}

/** Spec §3: the name the client gave, without any path, control or direction-override characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? ''
  const cleaned = base.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu, '').trim()
  if (cleaned.length <= 200) return cleaned
  const dot = cleaned.lastIndexOf('.')
  const ext = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : ''
  return Array.from(cleaned.slice(0, 200 - ext.length)).join('').replace(/[\ud800-\udbff]$/, '') + ext
}

/**
 * Reads the multipart parts in whatever order they come. The file is streamed through the content
 * check into storage as it arrives (never held whole in memory); the fields after it are read next.
 * On any failure (limit, client gone, storage) nothing stays stored.
 */
export async function receiveUpload(app: FastifyInstance, request: FastifyRequest): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { fields: {} }
  // A JSON or bodiless request carries no file: its fields still get their §5 messages.
  if (!request.isMultipart()) return { fields: textFields(request.body) }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(part.fieldname in received.fields) && typeof part.value === 'string') received.fields[part.fieldname] = part.value
        continue
      }
      // An empty file input sends a part without a name: "no file" (spec §5), not a refused one.
      if (part.fieldname !== 'file' || received.file || received.refused || !part.filename) {
        await drain(part.file)
        continue
      }
      const outcome = await storeChecked(app, part)
      if (outcome instanceof HttpError) received.refused = outcome
      else received.file = outcome
    }
  } catch (error) {
    if (received.file) await app.storage.remove(received.file.key).catch(() => {})
    throw uploadError(error, app.config.maxUploadBytes)
  }
  return received
}

async function storeChecked(app: FastifyInstance, part: MultipartFile): Promise<StoredFile | HttpError> {
  const originalName = cleanFileName(part.filename)
  const ext = acceptedExtension(originalName)
  if (!ext) {
    await drain(part.file)
    return new HttpError(415, messages.extensionRefused)
  }
  const kind = KIND_BY_EXTENSION[ext]
  const key = newKey('documents', ext)
  const source = part.file
  const check = new ContentCheck(kind)
  // Past the limit busboy only truncates the part; stopping here answers 413 without reading on.
  const overLimit = () => check.destroy(tooLarge(app.config.maxUploadBytes))
  const failed = (error: Error) => check.destroy(error)
  source.once('limit', overLimit)
  source.on('error', failed)
  // The check may fail before storage attaches to it (it first makes its folders): its own error is read below.
  check.on('error', () => {})
  source.pipe(check)
  try {
    const { size } = await app.storage.write(key, check)
    if (source.truncated) {
      await app.storage.remove(key)
      throw tooLarge(app.config.maxUploadBytes)
    }
    return { key, size, originalName, kind }
  } catch (failure) {
    source.unpipe(check)
    const error = check.errored ?? failure
    if (!(error instanceof ContentRefused)) throw error
    // The rest of a refused file is read and dropped, so the fields after it still arrive.
    await drain(source)
    return new HttpError(415, messages.contentRefused)
  } finally {
    source.off('limit', overLimit)
    source.off('error', failed)
  }
}

function textFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {}
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // dropped
  }
}

/** Multipart's own errors in the portal's French: limits are 413, a broken body 400. */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error
  const { code, statusCode } = error as { code?: string; statusCode?: number }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes)
  if (statusCode === 413) return new HttpError(413, 'Trop de champs ou de fichiers dans l’envoi.', { connection: 'close' })
  if (statusCode && statusCode < 500) return new HttpError(400, 'Envoi du fichier interrompu ou mal formé.')
  // Busboy's own refusals (no boundary, a malformed part) are plain errors without a status.
  if (error instanceof Error && /boundary|multipart data/i.test(error.message)) return new HttpError(400, 'Envoi du fichier interrompu ou mal formé.')
  return error
}
