import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { takeReturn } from '../../http/return-to.js'
import { DomainError } from '../../shared/domain-error.js'
import { CHANGE_PASSWORD_PAGE } from '../../shared/form-state.js'
import { guestOnly } from './guards.js'
import { identityLimits } from './limits.js'
import { clearPendingLogin, pendingLoginToken } from './pending-login-cookie.js'
import type { Identity } from './service.js'
import type { IdentityViews, LinkProps, TwoFactorPageProps } from './views.js'

/** The :userId/:token pair of an e-mailed link; tokens are base64url (contract §4: ≥128 bits); 100 is also the router's maxParamLength. */
export const LinkParamsSchema = Type.Object({
  userId: Type.String({ pattern: '^[0-9]{1,12}$' }),
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,100}$' }),
})

/** A malformed link renders the page's invalid view (no 400/500): the island is told not to call. */
export function linkProps(params: { userId: string; token: string }, malformed: unknown): LinkProps {
  return malformed ? { userId: '', token: '', wellFormed: false } : { userId: params.userId, token: params.token, wellFormed: true }
}

/** The reset link's check as a yes or no; anything but its refusal (400) is an error. */
async function resetLinkUsable(identity: Identity, { userId, token }: LinkProps): Promise<boolean> {
  try {
    await identity.checkResetLink(Number(userId), token)
    return true
  } catch (error) {
    if (error instanceof DomainError && error.code === 'validation') return false
    throw error
  }
}

/**
 * /users/profile/two-factor as the user's account has it: enrolment (the pending secret, the same on
 * every reload, its QR code drawn here) or turning it off; with what its forms posted without
 * JavaScript answered (`shown`: their errors, or the recovery codes just made).
 */
export async function twoFactorPage(app: FastifyInstance, identity: Identity, view: IdentityViews['TwoFactorPage'], request: FastifyRequest, reply: FastifyReply, shown: Pick<TwoFactorPageProps, 'form' | 'recoveryCodes'> = {}) {
  const user = request.user!
  const profileUrl = `/users/profile/${user.id}`
  const required = app.config.requireAdmin2fa && user.isAdmin
  if (shown.recoveryCodes || (await identity.twoFactor.isEnabled(user.id))) return reply.render(view, { setup: null, required: false, profileUrl, ...shown })
  const setup = await identity.twoFactor.setup(user.id, { reuse: true })
  // Loaded with the first setup page (10 MB and 0.05 s that a server whose users have set up never spends).
  const { default: QRCode } = await import('qrcode')
  const qrSvg = await QRCode.toString(setup.otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return reply.render(view, { setup: { ...setup, qrSvg }, required, profileUrl, ...shown })
}

/** The auth pages (guests only): registration, login, forgotten password, reset, verification. */
const identityPages: FastifyPluginAsyncTypebox<{ views: IdentityViews; identity: Identity }> = async (app, { views, identity }) => {
  const { RegistrationPage, LoginPage, ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage, TwoFactorLoginPage, TwoFactorPage, ChangePasswordPage } = views
  const guest = { preHandler: guestOnly, schema: { hide: true } }
  const link = { preHandler: guestOnly, attachValidation: true, schema: { hide: true, params: LinkParamsSchema } }

  app.get('/registration', guest, (_request, reply) => reply.render(RegistrationPage, {}))
  app.get('/login', guest, (_request, reply) => reply.render(LoginPage, {}))
  // After a login (either step): back to the protected address that sent the visitor to /login, else home.
  app.get('/login/continue', { schema: { hide: true } }, (request, reply) => reply.redirect(request.user ? takeReturn(request, reply) : '/login', 303))
  app.get('/forget-password', guest, (_request, reply) => reply.render(ForgotPasswordPage, {}))
  // The spec mentions both spellings; the route list's /forget-password is the real one.
  app.get('/forgot-password', { schema: { hide: true } }, (_request, reply) => reply.redirect('/forget-password', 301))
  // The second step: only while this browser's pending login lasts; otherwise back to the password.
  app.get('/login/2fa', guest, async (request, reply) => {
    const token = pendingLoginToken(request)
    if (!token || !(await identity.twoFactor.hasPendingLogin(token))) {
      clearPendingLogin(reply)
      return reply.redirect('/login', 303)
    }
    // ?secours=1: the recovery code's field, which the page's link asks for without JavaScript.
    return reply.render(TwoFactorLoginPage, { recovery: (request.query as { secours?: unknown }).secours === '1' })
  })
  // One's own profile, wherever it is: where a visitor whose profile form needed a login comes back to (guarded as every /users/profile page).
  app.get('/users/profile', { schema: { hide: true } }, (request, reply) => reply.redirect(`/users/profile/${request.user!.id}`, 303))
  // Guarded as every /users/profile page (access.ts). Reloading shows the same pending secret.
  app.get('/users/profile/two-factor', { schema: { hide: true } }, (request, reply) => twoFactorPage(app, identity, TwoFactorPage, request, reply))
  // Checked here (it spends nothing, unlike the verification link), limited as the API's check: the form shows without JavaScript.
  // The profile's change of password as a page, for browsers without JavaScript (guarded as every /users/profile page).
  app.get(CHANGE_PASSWORD_PAGE, { schema: { hide: true } }, (request, reply) => reply.render(ChangePasswordPage, { profileUrl: `/users/profile/${request.user!.id}` }))
  app.get('/reset-password/:userId/:token', { ...link, config: identityLimits(app.config.rateLimits).resetLink }, async (request, reply) => {
    const props = linkProps(request.params, request.validationError)
    const usable = props.wellFormed && (await resetLinkUsable(identity, props))
    return reply.render(ResetPasswordPage, { ...props, usable })
  })
  app.get('/users/:userId/verify/:token', link, (request, reply) => reply.render(VerifyEmailPage, linkProps(request.params, request.validationError)))
}
export default identityPages
