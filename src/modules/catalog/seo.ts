import type { FastifyPluginAsync } from 'fastify'

/** The pages a visitor can reach without an account, in the order the sitemap lists them: the Arabic twins after the French pages (contract §10). */
export const publicPaths = ['/', '/services', '/confidentialite', '/login', '/registration', '/forget-password', '/ar', '/ar/services', '/ar/contact', '/ar/confidentialite'] as const

/** What search engines must not index: private spaces, the API, one-time links and uploads. */
export const privatePrefixes = ['/files', '/users', '/admin-dashboard', '/api', '/uploads', '/reset-password'] as const

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...privatePrefixes.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')
}

export function sitemapXml(publicUrl: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const urls = publicPaths.map((path) => `  <url><loc>${escape(`${publicUrl}${path}`)}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** /robots.txt and /sitemap.xml, built once from PUBLIC_URL. */
const seoRoutes: FastifyPluginAsync = async (app) => {
  const robots = robotsTxt(app.config.publicUrl)
  const sitemap = sitemapXml(app.config.publicUrl)
  const cache = 'public, max-age=3600'
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robots))
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(sitemap))
}
export default seoRoutes
