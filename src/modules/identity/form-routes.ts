import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { formPost } from '../../http/form-post.js'
import { languageOf } from '../../http/language.js'
import { originOf } from '../../http/origin.js'
import { formLimit } from '../../http/rate-limit.js'
import { takeReturn } from '../../http/return-to.js'
import type { Page } from '../../render/page.js'
import { CHANGE_PASSWORD_PAGE, type FormProps, type FormState } from '../../shared/form-state.js'
import { TWO_FACTOR_PAGE } from './access.js'
import { guestOnly, userForm, userOnly } from './guards.js'
import { identityLimits } from './limits.js'
import { passwordStep, secondStep } from './login-http.js'
import { texts, type Identity } from './service.js'
import { twoFactorPage } from './pages.js'
import { twoFactorLimits } from './two-factor-routes.js'
import { checkDisable, checkEnable, checkSecondStep, twoFactorTexts } from './two-factor-validation.js'
import { checkChangePassword, checkForgot, checkLogin, checkRegistration, checkReset } from './validation.js'
import { LinkParamsSchema, linkProps } from './pages.js'
import type { IdentityViews, LinkProps, TwoFactorPageProps } from './views.js'
import { isWeakPassword } from './weak-passwords.js'
import { refusals } from '../../shared/domain-error.js'
import { accountWords } from './words.js'

const profileOf = (request: FastifyRequest) => `/users/profile/${request.user!.id}`

/** The page again, with the form's state. */
const again = (view: Page<FormProps>) => (_request: FastifyRequest, reply: FastifyReply, form: FormState) => reply.render(view, { form })

/**
 * The auth pages' forms posted without JavaScript (contract §8), each to its page's own address,
 * with the JSON route's check, service call and rate limit (one bucket for both: limits.ts).
 */
const identityForms: FastifyPluginAsyncTypebox<{ views: IdentityViews; identity: Identity }> = async (app, { views, identity }) => {
  const limits = identityLimits(app.config.rateLimits)
  const hidden = { schema: { hide: true } }

  app.post('/login', { ...hidden, config: formLimit(limits.login), ...formPost({
    check: checkLogin,
    keep: ['email'],
    show: again(views.LoginPage),
    act: async (login, request, reply) => ((await passwordStep(identity, request, reply, login)) ? { to: takeReturn(request, reply), message: texts.loggedIn } : { to: '/login/2fa' }),
  }) })

  app.post('/login/2fa', { ...hidden, config: formLimit(limits.secondStep), ...formPost({
    check: checkSecondStep,
    keep: [],
    show: again(views.TwoFactorLoginPage),
    act: async (proof, request, reply) => {
      await secondStep(identity, request, reply, proof)
      return { to: takeReturn(request, reply), message: texts.loggedIn }
    },
  }) })

  app.post('/registration', { ...hidden, config: formLimit(limits.register), ...formPost({
    check: (body) => checkRegistration(body, isWeakPassword),
    keep: ['username', 'email', 'entreprise', 'telephone'],
    show: again(views.RegistrationPage),
    act: async (account, request) => {
      await identity.register(account, originOf(request), languageOf(request))
      return { to: '/login', message: texts.registered }
    },
  }) })

  app.post('/reset-password/:userId/:token', { schema: { hide: true, params: LinkParamsSchema }, attachValidation: true, config: formLimit(limits.reset), ...formPost({
    check: (body) => checkReset(body, isWeakPassword),
    keep: [],
    show: (request, reply, form) => reply.render(views.ResetPasswordPage, { ...linkProps(request.params as LinkProps, request.validationError), usable: true, form }),
    act: async ({ password }, request) => {
      await identity.resetPassword((request.params as LinkProps).token, password, originOf(request))
      return { to: '/login', message: texts.resetDone }
    },
  }) })

  // The verification link's button (its GET spends nothing): a spent or forged link is the page again, at 400.
  app.post('/users/:userId/verify/:token', { schema: { hide: true, params: LinkParamsSchema }, attachValidation: true, preHandler: guestOnly, config: formLimit(limits.verify), ...formPost({
    check: () => ({ ok: true, value: null }),
    keep: [],
    show: (request, reply, form) => reply.render(views.VerifyEmailPage, { ...linkProps(request.params as LinkProps, request.validationError), invalid: reply.statusCode === 400, form }),
    act: async (_none, request) => {
      if (request.validationError) throw refusals(accountWords)('validation', 'verifyInvalid')
      const { userId, token } = request.params as LinkProps
      return { to: '/login', message: await identity.verifyEmail(Number(userId), token, originOf(request)) }
    },
  }) })

  app.post(CHANGE_PASSWORD_PAGE, { ...hidden, preHandler: userOnly, config: formLimit(limits.change), ...formPost({
    check: (body) => checkChangePassword(body, isWeakPassword),
    keep: [],
    show: (request, reply, form) => reply.render(views.ChangePasswordPage, { profileUrl: profileOf(request), form }),
    act: async ({ oldPassword, newPassword }, request) => {
      await identity.changePassword(request.user!.id, request.sessionId, oldPassword, newPassword, originOf(request))
      return { to: profileOf(request), message: texts.changed }
    },
  }) })

  // Two-factor without JavaScript: the setup page's code turns it on, its other form turns it off,
  // with the JSON routes' checks, service calls (sessions ended, mails, journal) and limits (one bucket each).
  const twoFactorLimit = twoFactorLimits(app.config.rateLimits)
  const twoFactorShown = (request: FastifyRequest, reply: FastifyReply, shown: Pick<TwoFactorPageProps, 'form' | 'recoveryCodes'>) => twoFactorPage(app, identity, views.TwoFactorPage, request, reply, shown)
  // A visitor (a session that ended) logs in and comes back to the two-factor page.
  const onTwoFactorPage = userForm(() => TWO_FACTOR_PAGE, () => undefined)

  app.post(TWO_FACTOR_PAGE, { ...hidden, preHandler: onTwoFactorPage, config: formLimit(twoFactorLimit.enable), ...formPost({
    check: (body) => checkEnable(body, { passwordRequired: true }),
    keep: [],
    show: (request, reply, form) => twoFactorShown(request, reply, { form }),
    act: async ({ code, password }, request, reply) => {
      const recoveryCodes = await identity.twoFactor.enable(request.user!.id, code, password, originOf(request), request.sessionId)
      // Shown this once, on the page answered: never in a flash, an address or a cache.
      return { answered: await twoFactorShown(request, reply.code(200).header('cache-control', 'no-store'), { recoveryCodes }) }
    },
  }) })

  app.post(`${TWO_FACTOR_PAGE}/disable`, { ...hidden, preHandler: onTwoFactorPage, config: formLimit(twoFactorLimit.disable), ...formPost({
    check: checkDisable,
    keep: [],
    show: (request, reply, form) => twoFactorShown(request, reply, { form }),
    act: async ({ password, code }, request) => {
      await identity.twoFactor.disable(request.user!.id, password, code, originOf(request))
      return { to: profileOf(request), message: twoFactorTexts.disabled }
    },
  }) })

  app.post('/forget-password', { ...hidden, config: formLimit(limits.forgot), ...formPost({
    check: checkForgot,
    keep: ['email'],
    show: again(views.ForgotPasswordPage),
    act: async ({ email }) => {
      identity.requestReset(email)
      return { to: '/forget-password', message: texts.forgotSent }
    },
  }) })
}
export default identityForms
