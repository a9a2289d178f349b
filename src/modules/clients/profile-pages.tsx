import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ProfilePage } from '../../../views/pages/profile/ProfilePage.js'
import { HttpError } from '../../http/errors.js'
import { IdParamsSchema } from '../../http/schemas.js'
import { getProfile } from './service.js'

/** /users/profile/:id (spec §2): the owner or an administrator; others get a 403 page, visitors /login (access table). */
const profilePages: FastifyPluginAsyncTypebox = async (app) => {
  // attachValidation: a visitor on /users/profile/abc is still sent to /login by the access table, not told 400.
  app.get('/users/profile/:id', { schema: { hide: true, params: IdParamsSchema }, attachValidation: true }, async (request, reply) => {
    const viewer = request.user
    if (!viewer) return reply.redirect('/login', 303)
    if (request.validationError) throw new HttpError(404, 'Profil introuvable.')
    const profile = await getProfile(app, viewer, request.params.id)
    return reply.render(ProfilePage, { profile, isOwner: viewer.id === profile.id })
  })
}
export default profilePages
