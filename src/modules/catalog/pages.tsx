import type { FastifyPluginAsync } from 'fastify'
import { HomePage } from '../../../views/pages/catalog/HomePage.js'
import { ServicesPage } from '../../../views/pages/catalog/ServicesPage.js'
import seoRoutes from './seo.js'

/** The public pages: home and services, and what search engines read (robots.txt, sitemap.xml). */
const catalogPages: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.render(HomePage, {}))
  app.get('/services', { schema: { hide: true } }, (_request, reply) => reply.render(ServicesPage, {}))
  await app.register(seoRoutes)
}
export default catalogPages
