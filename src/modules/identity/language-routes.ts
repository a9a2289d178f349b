import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { cookieLanguage, LANGUAGE_COOKIE } from '../../http/language.js'
import { operation } from '../../http/openapi.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { errorResponses } from '../../http/schemas.js'
import { safeReturnPath } from '../../render/shell-routes.js'
import { refusals } from '../../shared/domain-error.js'
import type { Language } from '../../shared/words.js'
import { requireUser } from './guards.js'
import { SessionUserSchema } from './schemas.js'
import type { Identity } from './service.js'
import { languageWords } from './words.js'

const refuse = refusals(languageWords)
const YEAR_S = 365 * 24 * 3600
/** A longer `next` is no page's address: home instead. */
const MAX_NEXT = 2000

/**
 * The language switch (contract §10, docs/decisions/146-which-language.md): `GET /lang/:lang?next=`
 * is a plain link of the header and the admin sidebar, so it works without JavaScript; it sets the
 * `lang` cookie, the logged-in person's account language too, and goes back to `next` (this site's
 * paths only, else home). `PATCH /api/users/language` is the API's way to the account's language.
 */
const languageRoutes: FastifyPluginAsyncTypebox<{ identity: Identity }> = async (app, { identity }) => {
  const setCookie = (reply: { setCookie: (name: string, value: string, options: object) => unknown }, language: Language) =>
    reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', sameSite: 'lax', maxAge: YEAR_S, secure: app.config.secureCookies })

  app.get('/lang/:lang', {
    schema: { hide: true, params: Type.Object({ lang: Type.String({ maxLength: 20 }) }), querystring: Type.Object({ next: Type.Optional(Type.String()) }) },
  }, async (request, reply) => {
    const language = cookieLanguage(request.params.lang)
    if (!language) return reply.callNotFound()
    setCookie(reply, language)
    // A link another site shows (Sec-Fetch-Site: cross-site) sets this browser's cookie, never the account.
    if (request.user && request.authenticatedBy === 'session' && isOwnSiteRequest(request) && request.user.language !== language) await identity.setLanguage(request.user.id, language)
    const next = request.query.next
    return reply.redirect(next !== undefined && next.length <= MAX_NEXT ? safeReturnPath(next) : '/', 303)
  })

  app.patch('/api/users/language', {
    schema: {
      ...operation('setLanguage', 'Choisit la langue du compte (pages et e-mails)', 'user'),
      tags: ['users'],
      body: Type.Object({ language: Type.Optional(Type.String({ maxLength: 20, examples: ['ar'] })) }, { title: 'LanguageChoice' }),
      response: { 200: SessionUserSchema, ...errorResponses(400, 401, 403) },
    },
    preHandler: requireUser,
  }, async (request) => {
    const language = cookieLanguage(request.body.language)
    if (!language) throw refuse('validation', 'unknownLanguage').under('language')
    await identity.setLanguage(request.user!.id, language)
    return { ...request.user!, language }
  })
}
export default languageRoutes
