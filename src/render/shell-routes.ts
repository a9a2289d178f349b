import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

/**
 * Only a same-site path may be returned to: no //host, no /\host, and only visible ASCII, since
 * browsers drop tabs and newlines (/%09/evil.com becomes //evil.com) and a header cannot hold them.
 */
export function safeReturnPath(value: string | undefined): string {
  return value && /^\/(?![/\\])[\x21-\x7E]*$/.test(value) ? value : '/'
}

/** The shell's no-JavaScript fallbacks: the theme switch posts here. */
const shellRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/theme',
    {
      schema: {
        hide: true,
        body: Type.Object({ theme: Type.Union([Type.Literal('light'), Type.Literal('dark')]), returnTo: Type.Optional(Type.String({ maxLength: 2000 })) }),
      },
    },
    async (request, reply) => {
      reply.setCookie('theme', request.body.theme, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600, secure: app.config.secureCookies })
      return reply.redirect(safeReturnPath(request.body.returnTo), 303)
    },
  )
}
export default shellRoutes
