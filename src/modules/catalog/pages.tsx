import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Page } from '../../render/page.js'
import type { FormProps } from '../../shared/form-state.js'
import { arabicCookieHeader, LANGUAGE_COOKIE } from '../../http/language.js'
import seoRoutes from './seo.js'

/** The public pages catalog renders, handed to it by app.ts (src/ never imports views/). */
export interface CatalogViews {
  HomePage: Page<object>
  ServicesPage: Page<object>
  /** /ar/contact: the home page's contact section as a page (contract §10). */
  ContactPage: Page<FormProps>
  /** The privacy notice (contract §12). */
  PrivacyPage: Page<object>
}

/**
 * The public pages, each at its French address and its Arabic twin under /ar (contract §10,
 * docs/decisions/147-the-arabic-public-site.md), and what search engines read (robots.txt, sitemap.xml).
 */
const catalogPages: FastifyPluginAsync<{ views: CatalogViews }> = async (app, { views }) => {
  const { HomePage, ServicesPage, ContactPage, PrivacyPage } = views
  const arabicCookie = arabicCookieHeader(app.config.secureCookies)
  /** Visiting an /ar page sets the language (§10): one header for every visitor, whether the page is stored or not. */
  const arabic = (target: Page<object>) => (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies[LANGUAGE_COOKIE] !== 'ar') reply.header('set-cookie', arabicCookie)
    return reply.render(target, {})
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.render(HomePage, {}))
  app.get('/services', { schema: { hide: true } }, (_request, reply) => reply.render(ServicesPage, {}))
  app.get('/confidentialite', { schema: { hide: true } }, (_request, reply) => reply.render(PrivacyPage, {}))
  app.get('/ar', { schema: { hide: true } }, arabic(HomePage))
  app.get('/ar/services', { schema: { hide: true } }, arabic(ServicesPage))
  app.get('/ar/contact', { schema: { hide: true } }, arabic(ContactPage as Page<object>))
  app.get('/ar/confidentialite', { schema: { hide: true } }, arabic(PrivacyPage))
  await app.register(seoRoutes)
}
export default catalogPages
