import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { HttpError } from '../../../http/errors.js'
import { limitMultipartBody, MULTIPART_ALLOWANCE } from '../../../http/multipart-limit.js'
import { ipLimit, QUARTER_HOUR_MS } from '../../../http/rate-limit.js'
import { operation } from '../../../http/openapi.js'
import { errorResponses } from '../../../http/schemas.js'
import { languageOf } from '../../../http/language.js'
import { DomainError, refusals } from '../../../shared/domain-error.js'
import { wordsOf } from '../../../shared/words.js'
import { requireUser } from '../guards.js'
import type { Photos } from './service.js'
import { PHOTO_MAX_BYTES, photoMessages } from './validation.js'
import { words } from './words.js'

const refuse = refusals(words)

const PhotoAnswerSchema = Type.Object({ message: Type.String(), profilePhoto: Type.Object({ url: Type.String({ examples: ['/uploads/photos/5d41402abc4b2a76b9719d911017c592.webp'] }) }) }, { title: 'PhotoChanged' })
/** The upload's form, for the OpenAPI document only (the route reads the part itself). */
const PhotoFormSchema = Type.Object({ image: Type.String({ format: 'binary', description: 'JPEG, PNG ou WebP, 5 Mo au plus' }) }, { title: 'PhotoForm' })
const PhotoNameParamsSchema = Type.Object({ name: Type.String({ maxLength: 64 }) })

/** Uploads per IP in 15 minutes: re-encoding costs CPU, and nobody changes their photo that often; the API and the profile's form count together. */
export const photoLimit = ipLimit(60, QUARTER_HOUR_MS, 'photo')
const YEAR_SECONDS = 365 * 24 * 3600

/** Past the photo's 5 MB and the form's envelope, the body is not read on: the connection closes with the answer. */
const tooLarge = (request: FastifyRequest) => new HttpError(413, wordsOf(words, languageOf(request)).tooLarge, { connection: 'close' }).under('image')

/**
 * The bytes of the `image` part (the body's first file), at most 5 MB; the French refusals of
 * contract §2, shown under the file by a page answered again. The body is read to its end before the
 * photo is used, so the whole of it is held to the limit (limitMultipartBody), whatever comes after.
 */
export async function imageOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    if (request.headers['content-type'] === undefined) throw refuse('validation', 'noFile').under('image')
    throw refuse('unsupported_type', 'notMultipart').under('image')
  }
  const parts = request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } })
  limitMultipartBody(request, PHOTO_MAX_BYTES + MULTIPART_ALLOWANCE, () => tooLarge(request))
  let image: Buffer | undefined
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue
      // The first file is the photo; a second one is busboy's `files` limit, and the parts end with its error.
      if (part.fieldname !== 'image') throw refuse('validation', 'noFile').under('image')
      image = await part.toBuffer()
    }
  } catch (error) {
    if (error instanceof HttpError || error instanceof DomainError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(request)
    // Malformed multipart (no boundary, cut short): the client's fault, never a 500.
    throw refuse('validation', 'multipartBroken')
  }
  if (!image || image.length === 0) throw refuse('validation', 'noFile').under('image')
  return image
}

/** The profile photo: upload (the logged-in user, for themselves) and the public photo files (contract §2, §3). */
const photoRoutes: FastifyPluginAsyncTypebox<{ photos: Photos }> = async (app, { photos }) => {
  app.post('/api/users/profile/uplaod-photo', {
    schema: {
      ...operation('uploadProfilePhoto', 'Change la photo de profil (multipart, champ image : JPEG, PNG ou WebP, 5 Mo au plus)', 'user'),
      tags: ['users'],
      consumes: ['multipart/form-data'],
      multipartBody: PhotoFormSchema,
      response: { 200: PhotoAnswerSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429, 507) },
    },
    config: photoLimit,
    preHandler: requireUser,
  }, async (request) => {
    const profilePhoto = await photos.change(request.user!.id, await imageOf(request))
    return { message: photoMessages.updated, profilePhoto }
  })

  // Keys are random and change on every upload, so a photo never changes under its URL.
  app.get('/uploads/photos/:name', { schema: { hide: true, params: PhotoNameParamsSchema } }, async (request, reply) => {
    const file = await photos.open(request.params.name)
    if (!file) throw refuse('not_found', 'photoNotFound')
    return reply
      .type('image/webp')
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .send(file.stream)
  })
}
export default photoRoutes
