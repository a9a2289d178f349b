import type { FastifyPluginAsync } from 'fastify'
import { HomePage } from '../../../views/pages/catalog/HomePage.js'
import { ServicesPage } from '../../../views/pages/catalog/ServicesPage.js'

/** The public pages: home and services. */
const catalogPages: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.render(HomePage, {}))
  app.get('/services', { schema: { hide: true } }, (_request, reply) => reply.render(ServicesPage, {}))
}
export default catalogPages
