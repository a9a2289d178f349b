import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { atTheEdge, genericMessage, HttpError } from '../../http/errors.js'
import { formPost } from '../../http/form-post.js'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { originOf } from '../../http/origin.js'
import { formLimit } from '../../http/rate-limit.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { IdParamsSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import type { FormState } from '../../shared/form-state.js'
import { checkInvitation, userForm, userOnly, type SessionUser } from '../identity/index.js'
import { memberInvitationLimit } from './member-limits.js'
import type { Members } from './member-service.js'
import { memberTexts, TEAM_PAGE, teamPageTexts as texts, teamPageWords } from './member-texts.js'
import type { TeamViews } from './views.js'
import { memberWords } from './words.js'

const refuse = refusals(memberWords)

/** A hand-edited query (?page=abc) shows the list with its defaults, never an error page. */
const listed = { attachValidation: true, schema: { hide: true, querystring: ListQuerySchema } }
const memberParams = { attachValidation: true, schema: { hide: true, params: IdParamsSchema } }

/** The :id of /team/:id/remove; a malformed one names nobody. */
function memberIdOf(request: FastifyRequest): number {
  const id = (request.params as { id?: unknown }).id
  if (typeof id !== 'number') throw refuse('not_found', 'notFound')
  return id
}

/** Who may post the team's forms: a company's owner; the 403 page tells anyone else why. */
function ownerRefusal(user: SessionUser): string | undefined {
  if (user.role !== 'client') return memberTexts.companyOnly
  return user.companyRole === 'owner' ? undefined : memberTexts.ownerOnly
}

/**
 * /team (contract §9): the company's people for each of them, the invitation form and « Retirer » for
 * its owner, both working without JavaScript (contract §8): the form posts to /team (a 303 back with
 * the API's message, or the page again with the errors under their fields), « Retirer » is a link to
 * a confirmation page posting to itself. The firm's people have no team here: they are sent home.
 */
const memberPages: FastifyPluginAsyncTypebox<{ members: Members; views: TeamViews }> = async (app, { members, views }) => {
  app.navigation.add({ place: 'main', href: TEAM_PAGE, label: { fr: teamPageWords.fr.navLink, ar: teamPageWords.ar.navLink }, shows: (user) => user.role === 'client' && user.isAccepted })

  async function teamPage(request: FastifyRequest, reply: FastifyReply, form?: FormState) {
    const viewer = request.user!
    const query = listQueryOf(request)
    const page = await members.list(viewer, listFilter(query))
    const isOwner = viewer.companyRole === 'owner'
    return reply.render(views.TeamPage, { members: page.items, total: page.total, query: listStateOf(query), viewerId: viewer.id, isOwner, canInvite: isOwner && viewer.isAccepted, form })
  }

  app.get(TEAM_PAGE, { ...listed, preHandler: userOnly }, async (request, reply) => {
    if (request.user!.role !== 'client') return reply.redirect('/', 303)
    return teamPage(request, reply)
  })

  const invite = formPost({
    check: checkInvitation,
    keep: ['email', 'username'],
    show: (request, reply, form) => teamPage(request, reply, form),
    act: async (value, request) => {
      const { renewed } = await members.invite(request.user!, value, originOf(request))
      return { to: TEAM_PAGE, message: renewed ? memberTexts.reinvited(value.email) : memberTexts.invited(value.email) }
    },
    // A company not accepted yet (403) is told so above the form, as an address already used (409).
    shownInPlace: [400, 401, 403, 409, 429],
  })
  // The API's limit, one bucket for both; a visitor (a session that ended) logs in and comes back to /team.
  app.post(TEAM_PAGE, { ...listed, config: formLimit(memberInvitationLimit), preHandler: userForm(() => TEAM_PAGE, ownerRefusal), ...invite })

  /** « Retirer »'s dialog as a page: who, and what removing them does. */
  async function confirmation(request: FastifyRequest, reply: FastifyReply, form?: FormState) {
    const member = await members.findMember(request.user!, memberIdOf(request))
    return reply.render(views.ConfirmMemberPage, {
      title: texts.removeTitle(member.username),
      text: texts.removeText,
      facts: [
        { label: texts.name, value: member.username },
        { label: texts.email, value: member.email },
        { label: texts.status, value: member.status === 'invited' ? texts.invitedStatus : texts.activeStatus },
      ],
      action: `${TEAM_PAGE}/${member.id}/remove`,
      confirmLabel: texts.removeConfirm,
      back: TEAM_PAGE,
      profileUrl: TEAM_PAGE,
      ...(form ? { form } : {}),
    })
  }
  const address = `${TEAM_PAGE}/:id/remove`
  // Opened from another site's link, it would put a one-click removal in front of the owner: such a visit goes to /team instead.
  app.get(address, { ...memberParams, preHandler: userOnly }, async (request, reply) => {
    const refused = ownerRefusal(request.user!)
    if (refused) return request.user!.role === 'client' ? reply.code(403).renderError(403, refused) : reply.redirect('/', 303)
    return isOwnSiteRequest(request) ? confirmation(request, reply) : reply.redirect(TEAM_PAGE, 303)
  })
  const remove = formPost({
    check: () => ({ ok: true as const, value: null }),
    keep: [],
    show: (request, reply, form) => confirmation(request, reply, form),
    act: async (_none, request) => {
      const member = await members.remove(request.user!, memberIdOf(request), originOf(request))
      return { to: TEAM_PAGE, message: memberTexts.removed(member.username) }
    },
    // The owner's own row (409) has no confirmation page to show again: the team's page tells why.
    shownInPlace: [400],
  })
  app.post(address, {
    ...memberParams,
    preHandler: userForm((request) => request.url, ownerRefusal),
    handler: remove.handler,
    async errorHandler(raised, request, reply) {
      const error = atTheEdge(request, raised)
      if (error instanceof HttpError && error.statusCode === 409) return reply.flash({ type: 'error', message: error.message || genericMessage(409) }).redirect(TEAM_PAGE, 303)
      return remove.errorHandler(raised, request, reply)
    },
  })
}
export default memberPages
