import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HttpError } from '../../http/errors.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { IdParamsSchema } from '../../http/schemas.js'
import type { Clients } from './service.js'
import type { ClientsViews } from './views.js'

const ACTIVITY_SHOWN = 20

/** /users/profile/:id (spec §2): the owner or an administrator; others get a 403 page, visitors /login (access table). */
const profilePages: FastifyPluginAsyncTypebox<{ clients: Clients; views: ClientsViews }> = async (app, { clients, views }) => {
  // attachValidation: a visitor on /users/profile/abc is still sent to /login by the access table, not told 400.
  app.get('/users/profile/:id', { schema: { hide: true, params: IdParamsSchema, querystring: ListQuerySchema }, attachValidation: true }, async (request, reply) => {
    const viewer = request.user
    if (!viewer) return reply.redirect('/login', 303)
    const id = Number(request.params.id)
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, 'Profil introuvable.')
    // A hand-edited page number falls back to the first page (listQueryOf), never an error page.
    const query = listQueryOf(request)
    const profile = await clients.getProfile(viewer, id, listFilter(query))
    const isOwner = viewer.id === profile.id
    // Shown to the owner only (an administrator on a client's profile sees neither): « Qui a consulté
    // mes documents » (the first page of GET /api/users/activity) and the sessions they can end.
    const [activity, sessions] = isOwner
      ? await Promise.all([clients.profileActivity(profile.id, { page: 1, pageSize: ACTIVITY_SHOWN }), clients.deviceSessions(viewer.id, request.sessionId)])
      : [undefined, undefined]
    return reply.render(views.ProfilePage, { profile, isOwner, documents: listStateOf(query), activity, sessions })
  })
}
export default profilePages
