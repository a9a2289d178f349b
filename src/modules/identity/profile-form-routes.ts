import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { genericMessage } from '../../http/errors.js'
import { formPost } from '../../http/form-post.js'
import { originOf } from '../../http/origin.js'
import { formLimit } from '../../http/rate-limit.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { IdParamsSchema } from '../../http/schemas.js'
import type { FormState } from '../../shared/form-state.js'
import { refuseTokenCreation, tokenCreationLimit } from './access-token-routes.js'
import { checkNewAccessToken } from './access-token-validation.js'
import type { AccessTokens, NewAccessToken } from './access-tokens.js'
import { userForm } from './guards.js'
import { SessionParamsSchema } from './schemas.js'
import type { Identity } from './service.js'
import { refusals } from '../../shared/domain-error.js'
import { accessTokenWords, accountWords } from './words.js'
import { tokenWords } from './profile-words.js'
import { languageOf } from '../../http/language.js'
import { wordsOf } from '../../shared/words.js'

/** The owner's profile, at one of its sections. */
export const profileSection = (request: FastifyRequest, section: string) => `/users/profile/${request.user!.id}#${section}`
/** A visitor logs in and comes back to the profile (their own: /users/profile/:id needs the id, which the login gives). */
const profileAfterLogin = () => '/users/profile'
const anyUser = () => undefined
/** What a button's post answers with the profile and an error toast; the same-origin check's 403 stays the app's. */
const BUTTON_REFUSALS = [400, 404, 409, 429]
const nothingToCheck = () => ({ ok: true as const, value: null })

/** A form of buttons only: a refusal goes back to the profile's section as an error toast (as a row form without confirmation). */
const backWithError = (section: string) => async (request: FastifyRequest, reply: FastifyReply, form: { errors: { message: string }[] }) =>
  reply.flash({ type: 'error', message: form.errors[0]?.message ?? genericMessage(400) }).redirect(profileSection(request, section), 303)

/**
 * The profile's account forms posted without JavaScript (contract §8): the sessions' ends, with the
 * JSON routes' service calls (session-routes.ts), so the journal's entries are the API's.
 */
const profileForms: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const guard = userForm(profileAfterLogin, anyUser)
  const SESSIONS = 'profile-sessions-title'

  const endOne = formPost({
    check: nothingToCheck,
    keep: [],
    show: backWithError(SESSIONS),
    act: async (_none, request, reply) => {
      const { current } = await identity.sessions.revoke(request.user!, (request.params as { id: string }).id, request.sessionId, originOf(request))
      // Ending the session in use is a logout: its cookie goes too, and the browser to /login.
      if (current) {
        reply.forgetSession()
        return { to: '/login', message: wordsOf(accountWords, languageOf(request)).sessionEnded }
      }
      return { to: profileSection(request, SESSIONS), message: wordsOf(accountWords, languageOf(request)).sessionEnded }
    },
    shownInPlace: BUTTON_REFUSALS,
  })
  app.post('/users/profile/sessions/:id/end', { schema: { hide: true, params: SessionParamsSchema }, attachValidation: true, preHandler: guard, ...endOne })

  const endOthers = formPost({
    check: nothingToCheck,
    keep: [],
    show: backWithError(SESSIONS),
    act: async (_none, request) => {
      await identity.sessions.revokeOthers(request.user!, request.sessionId, originOf(request))
      return { to: profileSection(request, SESSIONS), message: wordsOf(accountWords, languageOf(request)).otherSessionsEnded }
    },
    shownInPlace: BUTTON_REFUSALS,
  })
  app.post('/users/profile/sessions/end-others', { schema: { hide: true }, preHandler: guard, ...endOthers })
}
export default profileForms

/** What the profile shows of its forms posted without JavaScript: the token form answered again, or the token just made (shown this once). */
export interface ProfileShown {
  tokenForm?: FormState
  createdToken?: NewAccessToken
}

/** One's own profile, with what its forms answered (clients renders it). */
export type ShowProfile = (request: FastifyRequest, reply: FastifyReply, shown: ProfileShown) => Promise<FastifyReply>

/** A confirmation page standing in for the island's dialog (clients renders it). */
export interface ProfileConfirmation {
  title: string
  text: string
  facts: { label: string; value: string | Date }[]
  /** Where « Confirmer » posts: the page's own address. */
  action: string
  confirmLabel: string
  /** « Annuler »: back to the profile's section. */
  back: string
  form?: FormState
}
export type ShowConfirmation = (request: FastifyRequest, reply: FastifyReply, page: ProfileConfirmation) => Promise<FastifyReply>

const TOKENS = 'profile-tokens-title'
const TokenParamsSchema = IdParamsSchema

/**
 * The profile's personal access tokens without JavaScript (contract §8), registered by the module
 * rendering the profile (clients): « Créer le jeton » posts to /users/profile/tokens, with the JSON
 * route's refusals (`refuseTokenCreation`), check, service call and limit (one bucket); the new token
 * is shown once on the page answered (200, no-store: never in a flash or an address). « Révoquer »
 * is a link to a confirmation page, /users/profile/tokens/:id/revoke, posting to itself.
 */
export function registerTokenForms(app: FastifyInstance, tokens: Pick<AccessTokens, 'create' | 'list' | 'revoke'>, show: { profile: ShowProfile; confirmation: ShowConfirmation }) {
  const guard = userForm(profileAfterLogin, anyUser)
  const create = formPost({
    check: checkNewAccessToken,
    keep: ['name', 'expiresInDays'],
    show: (request, reply, form) => show.profile(request, reply, { tokenForm: form }),
    act: async (value, request, reply) => {
      refuseTokenCreation(app.config.requireAdmin2fa, request)
      const createdToken = await tokens.create(request.user!, value)
      return { answered: await show.profile(request, reply.code(200).header('cache-control', 'no-store'), { createdToken }) }
    },
  })
  app.post('/users/profile/tokens', { schema: { hide: true }, preHandler: guard, config: formLimit(tokenCreationLimit), ...create })

  const address = '/users/profile/tokens/:id/revoke'
  const tokenOf = async (request: FastifyRequest) => {
    const id = (request.params as { id?: unknown }).id
    const token = typeof id === 'number' ? (await tokens.list(request.user!.id)).find((candidate) => candidate.id === id) : undefined
    if (!token) throw refusals(accessTokenWords)('not_found', 'notFound')
    return token
  }
  const confirmation = async (request: FastifyRequest, reply: FastifyReply, form?: FormState) => {
    const token = await tokenOf(request)
    const language = languageOf(request)
    const said = wordsOf(tokenWords, language)
    return show.confirmation(request, reply, {
      title: said.revokeTitle(token.name),
      text: wordsOf(accessTokenWords, language).revokeWarning,
      facts: [
        { label: said.name, value: token.name },
        { label: said.createdAt, value: token.createdAt },
        { label: said.lastUsed, value: token.lastUsedAt ?? said.never },
        { label: said.expires, value: token.expiresAt },
      ],
      action: `/users/profile/tokens/${token.id}/revoke`,
      confirmLabel: said.revoke,
      back: profileSection(request, TOKENS),
      ...(form ? { form } : {}),
    })
  }
  // Guarded as every /users/profile page (access.ts); opened from another site's link, it goes to the profile instead.
  app.get(address, { schema: { hide: true, params: TokenParamsSchema }, attachValidation: true }, async (request, reply) =>
    isOwnSiteRequest(request) ? confirmation(request, reply) : reply.redirect(profileSection(request, TOKENS), 303),
  )
  const revoke = formPost({
    check: nothingToCheck,
    keep: [],
    show: (request, reply, form) => confirmation(request, reply, form),
    act: async (_none, request) => {
      await tokens.revoke(request.user!.id, (await tokenOf(request)).id)
      return { to: profileSection(request, TOKENS), message: wordsOf(accessTokenWords, languageOf(request)).revoked }
    },
  })
  // A visitor logs in and comes back to the confirmation page.
  const revokeGuard = userForm((request) => request.url, anyUser)
  app.post(address, { schema: { hide: true, params: TokenParamsSchema }, attachValidation: true, preHandler: revokeGuard, ...revoke })
}
