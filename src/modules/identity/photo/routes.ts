import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { HttpError } from '../../../http/errors.js'
import { ipLimit, QUARTER_HOUR_MS } from '../../../http/rate-limit.js'
import { operation } from '../../../http/openapi.js'
import { errorResponses } from '../../../http/schemas.js'
import { requireUser } from '../guards.js'
import type { Photos } from './service.js'
import { PHOTO_MAX_BYTES, photoMessages } from './validation.js'

const PhotoAnswerSchema = Type.Object({ message: Type.String(), profilePhoto: Type.Object({ url: Type.String({ examples: ['/uploads/photos/5d41402abc4b2a76b9719d911017c592.webp'] }) }) }, { title: 'PhotoChanged' })
/** The upload's form, for the OpenAPI document only (the route reads the part itself). */
const PhotoFormSchema = Type.Object({ image: Type.String({ format: 'binary', description: 'JPEG, PNG ou WebP, 5 Mo au plus' }) }, { title: 'PhotoForm' })
const PhotoNameParamsSchema = Type.Object({ name: Type.String({ maxLength: 64 }) })

/** Uploads per IP in 15 minutes: re-encoding costs CPU, and nobody changes their photo that often; the API and the profile's form count together. */
export const photoLimit = ipLimit(60, QUARTER_HOUR_MS, 'photo')
const YEAR_SECONDS = 365 * 24 * 3600

/** The bytes of the `image` part, at most 5 MB; the French refusals of contract §2, shown under the file by a page answered again. */
export async function imageOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    if (request.headers['content-type'] === undefined) throw new HttpError(400, photoMessages.noFile).under('image')
    throw new HttpError(415, photoMessages.notMultipart).under('image')
  }
  try {
    const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } })
    if (!part || part.fieldname !== 'image') throw new HttpError(400, photoMessages.noFile).under('image')
    const bytes = await part.toBuffer()
    if (bytes.length === 0) throw new HttpError(400, photoMessages.noFile).under('image')
    return bytes
  } catch (error) {
    if (error instanceof HttpError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, photoMessages.tooLarge).under('image')
    // Malformed multipart (no boundary, cut short): the client's fault, never a 500.
    throw new HttpError(400, 'Requête invalide : formulaire multipart mal formé.')
  }
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
    if (!file) throw new HttpError(404, 'Photo introuvable.')
    return reply
      .type('image/webp')
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .send(file.stream)
  })
}
export default photoRoutes
