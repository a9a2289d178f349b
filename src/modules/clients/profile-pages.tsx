import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { listQueryOf, listStateOf } from '../../http/list-pages.js'
import { listFilter, ListQuerySchema } from '../../http/lists.js'
import { rememberReturn } from '../../http/return-to.js'
import { IdParamsSchema } from '../../http/schemas.js'
import { refusals } from '../../shared/domain-error.js'
import type { FormState } from '../../shared/form-state.js'
import { checkCompanyIdentifiers, companyTexts, deleteAccountWords, photoFormRoute, registerTokenForms, userForm, type ProfileShown } from '../identity/index.js'
import { formPost } from '../../http/form-post.js'
import { originOf } from '../../http/origin.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import type { Clients } from './service.js'
import { words } from './words.js'
import { languageOf } from '../../http/language.js'
import { wordsOf } from '../../shared/words.js'
import type { ClientsViews } from './views.js'

const refuse = refusals(words)

/** The latest entries of « Qui a consulté mes documents » on the profile; the rest on /users/profile/activity (issue 34). */
const ACTIVITY_SHOWN = 5
/** The newest documents the firm sent a client, on the administrators' client page. */
const FIRM_SENT_SHOWN = 50
const REQUESTS_SHOWN = 10

/**
 * /users/profile/:id (spec §2): the owner, an administrator, or a staff member serving the client
 * (another client is a 404 page to them, contract §9); others get a 403 page, visitors /login
 * (access table). The owner's photo form posts to it without JavaScript (contract §8).
 */
const profilePages: FastifyPluginAsyncTypebox<{ clients: Clients; views: ClientsViews }> = async (app, { clients, views }) => {
  // attachValidation: a visitor on /users/profile/abc is still sent to /login by the access table, not told 400.
  app.get('/users/profile/:id', { schema: { hide: true, params: IdParamsSchema, querystring: ListQuerySchema }, attachValidation: true }, async (request, reply) => {
    if (!request.user) {
      rememberReturn(request, reply)
      return reply.redirect('/login', 303)
    }
    return profile(request, reply)
  })

  // The company's identifiers without JavaScript (contract §8, §11): its owner's own profile, or the firm's on a client's.
  const companyForm = formPost({
    check: checkCompanyIdentifiers,
    keep: ['nif', 'nis', 'rc', 'articleImposition', 'legalForm', 'taxRegime', 'employer'],
    show: (request, reply, form) => profile(request, reply, { companyForm: form }),
    act: async (_value, request) => {
      const viewer = request.user!
      const id = Number((request.params as { id: number }).id)
      const body = request.body as Record<string, unknown>
      if (viewer.isAdmin) await clients.company.change(viewer, body, id)
      else if (viewer.id === id) await clients.company.change(viewer, body)
      else throw refuse('forbidden', 'notOwnProfile')
      return { to: `/users/profile/${id}#profile-company-title`, message: companyTexts.saved }
    },
  })
  app.post('/users/profile/:id/company', { schema: { hide: true, params: IdParamsSchema }, preHandler: userForm((request) => `/users/profile/${(request.params as { id: number }).id}`, () => undefined), ...companyForm })

  // The photo form without JavaScript: identity's route (the owner only), answered again with this page.
  // A visitor is sent to /login before; only a refusal of every upload (507) could come first.
  app.post('/users/profile/:id', photoFormRoute({ change: clients.changePhoto }, async (request, reply, form) => (request.user ? profile(request, reply, { photoForm: form }) : reply.redirect('/login', 303))))

  // The owner's tokens without JavaScript: identity's routes, answered with this page (one's own) or a confirmation page.
  registerTokenForms(app, clients.tokenActions, {
    profile: (request, reply, shown) => profile(request, reply, shown, request.user!.id),
    confirmation: (request, reply, page) => reply.render(views.ConfirmProfilePage, { ...page, profileUrl: `/users/profile/${request.user!.id}` }),
  })

  // « Supprimer mon compte » without JavaScript: a confirmation page posting to itself, the JSON route's
  // service call (deleteClient: the same refusals, files and journal), then home with the API's message.
  const DELETE_PAGE = '/users/profile/delete'
  const deleteConfirmation = (request: FastifyRequest, reply: FastifyReply, form?: FormState) => {
    const said = wordsOf(deleteAccountWords, languageOf(request))
    return reply.render(views.ConfirmProfilePage, {
      title: said.confirmTitle,
      text: said.confirmText,
      facts: [
        { label: said.username, value: request.user!.username },
        { label: said.email, value: request.user!.email },
      ],
      action: DELETE_PAGE,
      confirmLabel: said.confirmLabel,
      back: `/users/profile/${request.user!.id}#profile-delete-title`,
      profileUrl: `/users/profile/${request.user!.id}`,
      ...(form ? { form } : {}),
    })
  }
  // Guarded as every /users/profile page (access.ts); opened from another site's link, it goes to the profile instead.
  app.get(DELETE_PAGE, { schema: { hide: true } }, async (request, reply) =>
    isOwnSiteRequest(request) ? deleteConfirmation(request, reply) : reply.redirect(`/users/profile/${request.user!.id}`, 303),
  )
  const deleteAccount = formPost({
    check: () => ({ ok: true as const, value: null }),
    keep: [],
    show: (request, reply, form) => deleteConfirmation(request, reply, form),
    act: async (_none, request, reply) => {
      await clients.deleteClient(request.user!, request.user!.id, originOf(request))
      reply.forgetSession()
      return { to: '/', message: wordsOf(words, languageOf(request)).deleted }
    },
  })
  app.post(DELETE_PAGE, { schema: { hide: true }, preHandler: userForm(() => DELETE_PAGE, () => undefined), ...deleteAccount })

  /**
   * The profile of the request's :id (or `ownId`, a form of one's own profile at an address of its
   * own) as its viewer may see it, with what a form posted without JavaScript answered.
   */
  async function profile(request: FastifyRequest, reply: FastifyReply, shown: ProfileShown & { photoForm?: FormState; companyForm?: FormState } = {}, ownId?: number) {
    const viewer = request.user!
    const id = ownId ?? Number((request.params as { id: unknown }).id)
    if (!Number.isSafeInteger(id) || id < 1) throw refuse('not_found', 'profileNotFound')
    // A hand-edited page number falls back to the first page (listQueryOf), never an error page.
    const query = listQueryOf(request)
    const profile = await clients.getProfile(viewer, id, listFilter(query))
    const isOwner = viewer.id === profile.id
    // Shown to the owner only (an administrator on a client's profile sees neither): « Qui a consulté
    // mes documents » (the first page of GET /api/users/activity), the sessions they can end and their access tokens.
    const [activity, sessions, accessTokens] = isOwner
      ? await Promise.all([clients.profileActivity(viewer, { page: 1, pageSize: ACTIVITY_SHOWN }), clients.deviceSessions(viewer.id, request.sessionId), clients.accessTokens(viewer.id)])
      : [undefined, undefined, undefined]
    // An administrator on a client's profile may reset the client's two-factor (not an administrator's; not a staff member: contract §9).
    const twoFactor = viewer.role === 'admin' && !isOwner && !profile.isAdmin ? { enabled: await clients.twoFactorEnabled(profile.id) } : undefined
    // The firm's people on an accepted client's page (a staff member's: one they serve, getProfile's check) send them
    // documents and see what was sent (contract §7), ask for documents there, see the client's requests and who serves them.
    const forFirm = viewer.isAdmin && !isOwner && profile.isAccepted && !profile.isAdmin
    const [firmSent, requests, staff, staffChoices] = forFirm
      ? await Promise.all([
          clients.firmSent(profile.id, FIRM_SENT_SHOWN),
          clients.clientRequests(viewer, profile.id, REQUESTS_SHOWN),
          clients.staffOf(profile.id),
          // Only an administrator gives a client to someone (contract §9).
          viewer.role === 'admin' ? clients.firmPeople() : undefined,
        ])
      : [undefined, undefined, undefined, undefined]
    // The company's identifiers (contract §11): its owner on their profile, the firm on a client's page.
    const identifiers = isOwner && viewer.companyRole === 'owner' ? await clients.company.find(viewer) : forFirm ? await clients.company.find(viewer, profile.id).catch(() => undefined) : undefined
    const company = identifiers && { identifiers, apiUrl: isOwner ? '/api/users/company' : `/api/users/${profile.id}/company`, action: `/users/profile/${profile.id}/company` }
    return reply.render(views.ProfilePage, { profile, isOwner, isMember: isOwner && viewer.companyRole === 'member', staff, staffChoices, documents: listStateOf(query), activity, sessions, accessTokens, twoFactor, firmSent, requests, company, ...shown })
  }
}
export default profilePages
