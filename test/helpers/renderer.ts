import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance } from 'fastify'
import securityHeaders, { securityOptions } from '../../src/http/security-headers.js'
import type { AssetManifest } from '../../src/render/assets.js'
import pageStore from '../../src/render/page-store.js'
import renderPlugin from '../../src/render/plugin.js'
import { Document } from '../../views/layout/Document.js'
import { ErrorPage, NotFoundPage } from '../../views/pages/ErrorPages.js'

/** The render plugin alone, on a bare Fastify with the portal's security headers, layout and error pages. */
export async function bareRenderer(t: { teardown(fn: () => unknown): void }): Promise<FastifyInstance> {
  const bare = Fastify()
  t.teardown(() => bare.close())
  const assets: AssetManifest = { dev: false, stylesheets: [], entry: '/entry.js', islandSrc: (name) => `/${name}.js`, islandChunks: () => [], url: (path) => path }
  bare.decorate('config', { publicUrl: 'http://portal.test' } as FastifyInstance['config'])
  bare.decorateRequest('user', null)
  await bare.register(cookie)
  await bare.register(securityHeaders, { options: securityOptions({ viteDev: false, secureCookies: false }) })
  await bare.register(pageStore)
  await bare.register(renderPlugin, { assets, layout: Document, errorPages: { NotFoundPage, ErrorPage } })
  return bare
}
