import type { FastifyPluginAsync } from 'fastify'
import type { Page } from '../../render/page.js'
import seoRoutes from './seo.js'

/** The public pages catalog renders, handed to it by app.ts (src/ never imports views/). */
export interface CatalogViews {
  HomePage: Page<object>
  ServicesPage: Page<object>
}

/** The public pages: home and services, and what search engines read (robots.txt, sitemap.xml). */
const catalogPages: FastifyPluginAsync<{ views: CatalogViews }> = async (app, { views }) => {
  const { HomePage, ServicesPage } = views
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.render(HomePage, {}))
  app.get('/services', { schema: { hide: true } }, (_request, reply) => reply.render(ServicesPage, {}))
  await app.register(seoRoutes)
}
export default catalogPages
