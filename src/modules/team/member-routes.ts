import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listFilter, listOf, ListQuerySchema, sendList } from '../../http/lists.js'
import { operation } from '../../http/openapi.js'
import { originOf } from '../../http/origin.js'
import { errorResponses, IdParamsSchema, MessageSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import { checkInvitation, identityWords, requireUser } from '../identity/index.js'
import { memberInvitationLimit } from './member-limits.js'
import memberPages from './member-pages.js'
import { CompanyMemberSchema, NewMemberBodySchema } from './member-schemas.js'
import { memberTexts as texts } from './member-texts.js'
import type { Team } from './service.js'
import type { TeamViews } from './views.js'
import { memberWords } from './words.js'

const refuse = refusals(memberWords, [identityWords])

const tags = ['users']

/**
 * A company's team (contract §9): `GET /api/company/members` for each of its people, the owner's
 * `POST` (an invitation) and `DELETE` (a removal); then the /team page and its forms (member-pages.ts).
 */
const memberRoutes: FastifyPluginAsyncTypebox<{ team: Team; views: TeamViews }> = async (app, { team, views }) => {
  const { members } = team

  app.get('/api/company/members', {
    schema: { ...operation('listCompanyMembers', 'L’équipe de mon entreprise : son propriétaire et ses membres (le propriétaire d’abord)', 'user'), tags, querystring: ListQuerySchema, response: { 200: listOf(CompanyMemberSchema), ...errorResponses(400, 401, 403) } },
    preHandler: requireUser,
  }, async (request, reply) => sendList(reply, await members.list(request.user!, listFilter(request.query))))

  app.post('/api/company/members', {
    schema: {
      ...operation('inviteCompanyMember', 'Invite un collaborateur dans l’équipe (le propriétaire) ; une personne encore invitée reçoit un nouveau lien (200)', 'session'),
      tags,
      body: NewMemberBodySchema,
      response: { 200: CompanyMemberSchema, 201: CompanyMemberSchema, ...errorResponses(400, 401, 403, 409, 429) },
    },
    preHandler: requireUser,
    config: memberInvitationLimit,
  }, async (request, reply) => {
    members.checkOwner(request.user!)
    const checked = checkInvitation(request.body)
    if (!checked.ok) throw refuse.form(checked)
    const { member, renewed } = await members.invite(request.user!, checked.value, originOf(request))
    return reply.code(renewed ? 200 : 201).send(member)
  })

  app.delete('/api/company/members/:id', {
    schema: { ...operation('removeCompanyMember', 'Retire un membre de l’équipe : son accès, ses sessions et ses jetons prennent fin (le propriétaire)', 'session'), tags, params: IdParamsSchema, response: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    preHandler: requireUser,
  }, async (request) => {
    const member = await members.remove(request.user!, request.params.id, originOf(request))
    return { message: texts.removed(member.username) }
  })

  await app.register(memberPages, { members, views })
}

export default memberRoutes
