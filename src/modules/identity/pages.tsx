import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { guestOnly } from './guards.js'
import type { IdentityViews, LinkProps } from './views.js'

/** The :userId/:token pair of an e-mailed link; tokens are base64url (contract §4: ≥128 bits); 100 is also the router's maxParamLength. */
export const LinkParamsSchema = Type.Object({
  userId: Type.String({ pattern: '^[0-9]{1,12}$' }),
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,100}$' }),
})

/** A malformed link renders the page's invalid view (no 400/500): the island is told not to call. */
function linkProps(params: { userId: string; token: string }, malformed: unknown): LinkProps {
  return malformed ? { userId: '', token: '', wellFormed: false } : { userId: params.userId, token: params.token, wellFormed: true }
}

/** The auth pages (guests only): registration, login, forgotten password, reset, verification. */
const identityPages: FastifyPluginAsyncTypebox<{ views: IdentityViews }> = async (app, { views }) => {
  const { RegistrationPage, LoginPage, ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } = views
  const guest = { preHandler: guestOnly, schema: { hide: true } }
  const link = { preHandler: guestOnly, attachValidation: true, schema: { hide: true, params: LinkParamsSchema } }

  app.get('/registration', guest, (_request, reply) => reply.render(RegistrationPage, {}))
  app.get('/login', guest, (_request, reply) => reply.render(LoginPage, {}))
  app.get('/forget-password', guest, (_request, reply) => reply.render(ForgotPasswordPage, {}))
  // The spec mentions both spellings; the route list's /forget-password is the real one.
  app.get('/forgot-password', { schema: { hide: true } }, (_request, reply) => reply.redirect('/forget-password', 301))
  app.get('/reset-password/:userId/:token', link, (request, reply) => reply.render(ResetPasswordPage, linkProps(request.params, request.validationError)))
  app.get('/users/:userId/verify/:token', link, (request, reply) => reply.render(VerifyEmailPage, linkProps(request.params, request.validationError)))
}
export default identityPages
