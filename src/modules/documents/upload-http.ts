import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { languageOf } from '../../http/language.js'
import { limitMultipartBody, MULTIPART_ALLOWANCE } from '../../http/multipart-limit.js'
import { originOf } from '../../http/origin.js'
import { QUARTER_HOUR_MS, userLimit } from '../../http/rate-limit.js'
import { DomainError, refusals } from '../../shared/domain-error.js'
import { wordsOf } from '../../shared/words.js'
import type { Documents } from './service.js'
import { drain, FileTooLarge, type IncomingFile, type StoredFile } from './store.js'
import { words } from './words.js'

const refuse = refusals(words)

/**
 * Past the upload's limit (MAX_UPLOAD_MB): 413, and the rest of the body is not read, the connection
 * closes with the answer (an HTTP refusal: its words in the request's language).
 */
export function tooLarge(request: FastifyRequest, maxBytes: number): HttpError {
  return new HttpError(413, wordsOf(words, languageOf(request)).tooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10), { connection: 'close' }).under('file')
}

/** What a multipart upload carried: its text fields, and the stored file or why it was refused. */
export interface ReceivedUpload {
  fields: Record<string, string>
  file?: StoredFile
  refused?: DomainError
}

/**
 * Contract §2: a declared body above the limit is refused before any of it is read (onRequest),
 * so a client sending 1 GiB hears 413 at once.
 */
export function refuseDeclaredTooLarge(maxBytes: number) {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length'] ?? 0)
    if (declared > maxBytes + MULTIPART_ALLOWANCE) throw tooLarge(request, maxBytes)
  }
}

/**
 * A client's upload as POST /api/documents/upload and the upload form posted without JavaScript
 * (contract §8) both take it: the same refusals before the body is read, then the same reading and
 * service call, so the rules, limits and messages are one.
 */
export function uploadSteps(documents: Documents, uploadPerUser: number) {
  return {
    refuseDeclaredTooLarge: refuseDeclaredTooLarge(documents.maxUploadBytes),
    /** Each upload takes disk and mails the firm: one client (or a stolen session) cannot flood either; the API and the form count together. */
    limit: userLimit(uploadPerUser, QUARTER_HOUR_MS, 'upload'),
    /** A full space (CLIENT_QUOTA_MB, the company's) is refused before the body is read. */
    refuseWhenFull: async (request: FastifyRequest) => documents.refuseWhenFull(request.user!, Number(request.headers['content-length']) || undefined),
    /** Reads the body, the file streamed into storage, and records the upload: the new document's id. Whatever fails, nothing stays. */
    async receive(request: FastifyRequest): Promise<number> {
      const { fields, file, refused } = await receiveUpload(request, documents.maxUploadBytes, documents.storeFile, documents.discardFile)
      return documents.recordUpload(request.user!, fields, file, refused, originOf(request))
    },
  }
}

/**
 * Reads the multipart parts in whatever order they come: the first `file` part goes to `store`
 * as it arrives, the fields are collected. The whole body is held to the declared-size check's
 * limit (`maxBytes` and the envelope), whatever its parts (limitMultipartBody). On any failure
 * (limit, client gone, storage) the stored file is handed to `discard`, so nothing stays.
 */
export async function receiveUpload(
  request: FastifyRequest,
  maxBytes: number,
  store: (filename: string, source: IncomingFile) => Promise<StoredFile | DomainError>,
  discard: (file: StoredFile) => Promise<void>,
): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { fields: {} }
  // A JSON or bodiless request carries no file: its fields still get their §5 messages.
  if (!request.isMultipart()) return { fields: textFields(request.body) }
  // The fields as they arrive are the request's body: a form answered again keeps what was typed (contract §8).
  request.body = received.fields
  const parts = request.parts()
  limitMultipartBody(request, maxBytes + MULTIPART_ALLOWANCE, () => tooLarge(request, maxBytes))
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!(part.fieldname in received.fields) && typeof part.value === 'string') received.fields[part.fieldname] = part.value
        continue
      }
      // An empty file input sends a part without a name: "no file" (spec §5), not a refused one.
      if (part.fieldname !== 'file' || received.file || received.refused || !part.filename) {
        await drain(part.file)
        continue
      }
      const outcome = await store(part.filename, part.file)
      if (outcome instanceof DomainError) received.refused = outcome
      else received.file = outcome
    }
  } catch (error) {
    if (received.file) await discard(received.file).catch(() => {})
    throw uploadError(request, error, maxBytes)
  }
  return received
}

function textFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {}
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/** Multipart's own errors in the request's words: limits are 413 (closing the connection), a broken body 400. */
function uploadError(request: FastifyRequest, error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError || error instanceof DomainError) return error
  if (error instanceof FileTooLarge) return tooLarge(request, maxBytes)
  const { code, statusCode } = error as { code?: string; statusCode?: number }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(request, maxBytes)
  if (statusCode === 413) return new HttpError(413, wordsOf(words, languageOf(request)).tooManyParts, { connection: 'close' }).under('file')
  if (statusCode && statusCode < 500) return refuse('validation', 'uploadBroken')
  // Busboy's own refusals (no boundary, a malformed part) are plain errors without a status.
  if (error instanceof Error && /boundary|multipart data/i.test(error.message)) return refuse('validation', 'uploadBroken')
  return error
}
