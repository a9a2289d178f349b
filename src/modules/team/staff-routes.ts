import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { originOf } from '../../http/origin.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import { checkInvitation, identityWords, requireAdmin } from '../identity/index.js'
import assignmentPages from './assignment-pages.js'
import assignmentRoutes from './assignment-routes.js'
import type { Team } from './service.js'
import staffPages from './staff-pages.js'
import { NewStaffSchema, StaffPersonSchema, StaffRoleChangeSchema } from './staff-schemas.js'
import { checkRole, checkStaffInvitation, staffTexts } from './staff-validation.js'
import type { TeamViews } from './views.js'
import { staffWords } from './words.js'

const refuse = refusals(staffWords, [identityWords])

const tags = ['users']

/**
 * The firm's people (contract §9), administrators only (staff get 403): the list, an invitation, a
 * role change, a removal; then who serves which client, and the sub-admins screen.
 */
const routes: FastifyPluginAsyncTypebox<{ team: Team; views: TeamViews }> = async (app, { team, views }) => {
  const { staff } = team

  app.get('/api/staff', {
    schema: { ...operation('listStaff', 'Les personnes du cabinet, administrateurs et collaborateurs, invitées ou actives (administrateurs)', 'user'), tags, querystring: ListQuerySchema, response: { 200: listOf(StaffPersonSchema), ...errorResponses(400, 401, 403) } },
    preHandler: requireAdmin,
  }, async (request, reply) => sendList(reply, await staff.list(listFilter(request.query))))

  app.post('/api/staff', {
    schema: {
      ...operation('inviteStaff', 'Invite une personne dans l’équipe du cabinet : un e-mail avec un lien valable 7 jours (administrateurs)', 'session'),
      description: 'Inviter à nouveau une adresse encore invitée envoie un nouveau lien (200) et le précédent ne fonctionne plus ; une adresse qui a déjà un compte est refusée (409).',
      tags,
      body: NewStaffSchema,
      response: { 200: StaffPersonSchema, 201: StaffPersonSchema, ...errorResponses(400, 401, 403, 409) },
    },
    preHandler: requireAdmin,
  }, async (request, reply) => {
    const checked = checkStaffInvitation(request.body, checkInvitation)
    if (!checked.ok) throw refuse.form(checked)
    const { person, renewed } = await staff.invite(checked.value, request.user!, originOf(request))
    return reply.code(renewed ? 200 : 201).send(person)
  })

  app.patch('/api/staff/:id', {
    schema: {
      ...operation('changeStaffRole', 'Change le rôle d’une personne du cabinet (administrateurs)', 'session'),
      description: 'Le dernier administrateur actif ne peut pas devenir collaborateur (409). Un administrateur devenu collaborateur voit ses sessions et ses jetons fermés.',
      tags,
      params: IdParamsSchema,
      body: StaffRoleChangeSchema,
      response: { 200: StaffPersonSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    preHandler: requireAdmin,
  }, async (request) => {
    const checked = checkRole(request.body)
    if (!checked.ok) throw refuse.form(checked)
    return (await staff.changeRole(request.params.id, checked.value.role, request.user!, originOf(request))).person
  })

  app.delete('/api/staff/:id', {
    schema: {
      ...operation('removeStaff', 'Retire une personne de l’équipe du cabinet : ses accès, sessions et jetons sont fermés (administrateurs)', 'session'),
      description: 'Son nom reste dans le journal et les conversations ; les clients qu’elle suivait ne lui sont plus confiés. Le dernier administrateur actif ne peut pas être retiré (409).',
      tags,
      params: IdParamsSchema,
      response: { 200: MessageSchema, ...errorResponses(401, 403, 404, 409) },
    },
    preHandler: requireAdmin,
  }, async (request) => {
    const { username } = await staff.remove(request.params.id, request.user!, originOf(request))
    return { message: staffTexts.removed(username) }
  })

  await app.register(assignmentRoutes, { team })
  await app.register(staffPages, { team, views })
  await app.register(assignmentPages, { team, views })
}

export default routes
