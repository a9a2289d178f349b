import { resolve } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { LoggerOptions as PinoLoggerOptions } from 'pino'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import { projectRoot, type Config } from './config.js'
import { maskTokens, serializeError } from './logging.js'
import { createDb, ping, type Db } from './db/database.js'
import dbPlugin from './db/plugin.js'
import background from './background/plugin.js'
import mailer from './mail/plugin.js'
import storagePlugin from './storage/plugin.js'
import type { FileStorage } from './storage/storage.js'
import { frameworkErrors, HttpError, registerErrorHandling } from './http/errors.js'
import { registerSameOriginCheck } from './http/same-origin.js'
import securityHeaders, { securityOptions } from './http/security-headers.js'
import { refuseUnexpectedMultipart } from './http/body-guard.js'
import { connectionOptions, guardConnections } from './http/connections.js'
import { developmentAssets, productionAssets } from './render/assets.js'
import renderPlugin from './render/plugin.js'
import pageStore from './render/page-store.js'
import shellRoutes from './render/shell-routes.js'
import catalog from './modules/catalog/pages.js'
import identity from './modules/identity/index.js'
import contact from './modules/contact/index.js'
import documents from './modules/documents/index.js'
import clients from './modules/clients/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

export interface BuildOptions {
  config: Config
  /** An already migrated database to use instead of opening DATABASE_URL (tests). */
  db?: Db
  /** false for silence, or options (e.g. a stream) merged over ours; redaction always applies. */
  logger?: false | LoggerOptions
  /** Another file store than the local disk under UPLOAD_DIR (tests). */
  storage?: FileStorage
}

/** The portal's logger settings (also the public-pages bench's control, so both log alike). */
export function loggerFor(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    // No password, token or cookie ever reaches a log line.
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'], censor: '[caché]' },
    ...(config.env === 'production' ? {} : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }),
  }
}

type LoggerOptions = FastifyLoggerOptions & PinoLoggerOptions

function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: maskTokens(request.url), remoteAddress: request.ip }
}

/** Builds the Fastify instance: external plugins, then the application's, then its routes. */
export async function buildApp({ config, db, logger, storage }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : logger ? { ...loggerFor(config), transport: undefined, ...logger } : loggerFor(config),
    // Fastify accepts a hop count at run time; its types leave numbers out.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    frameworkErrors,
    ...connectionOptions(config.connections),
  })
  guardConnections(app, config.connections)
  app.setValidatorCompiler(TypeBoxValidatorCompiler)
  app.decorate('config', config)

  await app.register(dbPlugin, { db: db ?? createDb(config.databaseUrl), owned: !db })
  await app.register(mailer)
  await app.register(background)
  await app.register(storagePlugin, { storage })
  // Helmet's headers, computed once; a nonce only for a response that renders with one (issue 8).
  await app.register(securityHeaders, { options: securityOptions(config) })
  // Next: a stored public page asked for without a session is answered before any other hook (issue 8).
  await app.register(pageStore)
  await app.register(cookie, { secret: config.sessionSecret })
  // Before any route: compress adds its hook to each route as it is declared. Assets come pre-compressed.
  await app.register(compress, { encodings: ['br', 'gzip'] })
  await app.register(rateLimit, { global: false, errorResponseBuilder: (_req, ctx) => new HttpError(429, `Trop de tentatives. Réessayez dans ${Math.ceil(ctx.ttl / 60000)} minute(s).`) })
  await app.register(formbody)
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10 } })
  await app.register(swagger, {
    openapi: { info: { title: 'Portail client — API', version: '1.0.0', description: 'API JSON du portail (contrat §2).' } },
  })
  await registerAssets(app, config)

  registerErrorHandling(app)
  refuseUnexpectedMultipart(app)
  // A request without a body is checked like one with every field missing (contract §2).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {}
  })
  registerSameOriginCheck(app, config.publicUrl)

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    (await ping(app.db)) ? { status: 'ok' } : reply.code(503).send({ status: 'unavailable' }),
  )
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  await app.register(identity)
  await app.register(shellRoutes)
  await app.register(catalog)
  await app.register(contact)
  await app.register(documents)
  await app.register(clients)
  return app
}

/** Static files, and the client build (production) or Vite's dev middleware (VITE_DEV=1). */
async function registerAssets(app: FastifyInstance, config: Config) {
  await app.register(fastifyStatic, { root: resolve(projectRoot, 'public'), prefix: '/static/', maxAge: '1d', decorateReply: false })
  if (config.viteDev) {
    const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')])
    const vite = await createServer({ root: projectRoot, server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' })
    await app.register(middie)
    app.use(vite.middlewares)
    app.addHook('onClose', async () => vite.close())
    await app.register(renderPlugin, { assets: developmentAssets() })
    return
  }
  const clientDir = resolve(projectRoot, 'dist/client')
  await app.register(fastifyStatic, { root: resolve(clientDir, 'assets'), prefix: '/assets/', immutable: true, maxAge: '365d', preCompressed: true, decorateReply: false })
  await app.register(renderPlugin, { assets: productionAssets(clientDir) })
}
