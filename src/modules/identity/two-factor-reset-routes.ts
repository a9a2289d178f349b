import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import { originOf } from '../../http/origin.js'
import { idOf } from '../../http/row-forms.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { IdParamsSchema } from '../../http/schemas.js'
import type { FormState } from '../../shared/form-state.js'
import { adminForm } from './guards.js'
import type { Identity } from './service.js'
import { twoFactorResetPage, twoFactorTexts } from './two-factor-validation.js'
import { twoFactorResetWords } from './two-factor-words.js'
import { pageWords } from './page-words.js'
import { languageOf } from '../../http/language.js'
import { wordsOf } from '../../shared/words.js'
import type { IdentityViews } from './views.js'
import { refusals } from '../../shared/domain-error.js'
import { twoFactorWords } from './words.js'

const refuse = refusals(twoFactorWords)

/** The client's profile, at its two-factor section. */
const profileSection = (userId: number) => `/users/profile/${userId}#profile-twofactor-title`

/**
 * An administrator turns a client's two-factor off without JavaScript (contract §8): the client
 * profile's « Désactiver la double authentification » is a link to a confirmation page posting to
 * itself; the JSON route's resetByAdmin (its refusals, the client's sessions ended, the mail, the
 * journal entry), then a 303 back to the profile's section with the API's message. Administrators
 * only: a visitor logs in first and comes back to the page, anyone else gets the 403 page.
 */
const twoFactorResetForm: FastifyPluginAsync<{ identity: Identity; views: IdentityViews }> = async (app, { identity, views }) => {
  const address = '/users/profile/:id/two-factor/reset'
  const schema = { hide: true, params: IdParamsSchema }
  const guard = adminForm((request) => request.url)

  /** The page, with the API's refusals of a missing account (404) or an administrator's (403) before it is asked. */
  const confirmation = async (request: FastifyRequest, reply: FastifyReply, form?: FormState) => {
    const account = await identity.accounts.findAccountSummary(idOf(request))
    if (!account) throw refuse('not_found', 'userNotFound')
    if (account.isAdmin) throw refuse('forbidden', 'adminUntouchable')
    const language = languageOf(request)
    const said = wordsOf(twoFactorResetWords, language)
    const labels = wordsOf(pageWords, language)
    return reply.render(views.ConfirmProfilePage, {
      title: said.title,
      text: said.text(account.username),
      facts: [
        { label: labels.username, value: account.username },
        { label: labels.email, value: account.email },
        { label: labels.company, value: account.entreprise },
      ],
      action: twoFactorResetPage(account.id),
      confirmLabel: said.confirmLabel,
      back: profileSection(account.id),
      profileUrl: `/users/profile/${account.id}`,
      ...(form ? { form } : {}),
    })
  }

  // Opened from another site's link, it shows no confirmation: the client's profile instead.
  app.get(address, { schema, attachValidation: true, preHandler: guard }, async (request, reply) =>
    isOwnSiteRequest(request) ? confirmation(request, reply) : reply.redirect(`/users/profile/${idOf(request)}`, 303),
  )
  const reset = formPost({
    check: () => ({ ok: true as const, value: null }),
    keep: [],
    // Nothing to reset (409) is the page again; a missing account or an administrator's, the error pages.
    show: (request, reply, form) => confirmation(request, reply, form),
    act: async (_none, request) => {
      const id = idOf(request)
      await identity.twoFactor.resetByAdmin(request.user!, id, originOf(request))
      return { to: profileSection(id), message: twoFactorTexts.resetByAdmin }
    },
  })
  app.post(address, { schema, attachValidation: true, preHandler: guard, handler: reset.handler, errorHandler: reset.errorHandler })
}
export default twoFactorResetForm
