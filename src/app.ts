import { resolve } from 'node:path'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyLoggerOptions, type FastifyRequest, type FastifyServerOptions } from 'fastify'
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
import { systemClock, type Clock } from './clock/clock.js'
import { createDb, ping, type Db } from './db/database.js'
import { processJobs, type Jobs } from './jobs/jobs.js'
import { createOutbox, type Outbox } from './jobs/outbox.js'
import type { AttemptLimiter } from './limits/attempt-limiter.js'
import { memoryAttemptLimiter } from './limits/memory-attempts.js'
import { rateLimitStore } from './limits/rate-limit-store.js'
import type { SharedRedis } from './limits/redis.js'
import { createMailer, type Mailer } from './mail/mailer.js'
import { localDiskStorage } from './storage/local-disk.js'
import { storageSweeper, unfinishedUploadAge } from './storage/sweep.js'
import type { FileStorage } from './storage/storage.js'
import { errorBody, frameworkErrors, HttpError, registerErrorHandling } from './http/errors.js'
import { registerSameOriginCheck } from './http/same-origin.js'
import { openapiOptions } from './http/openapi.js'
import securityHeaders, { securityOptions } from './http/security-headers.js'
import { refuseUnexpectedMultipart, refuseUploadsWhenFull } from './http/body-guard.js'
import { connectionOptions, guardConnections } from './http/connections.js'
import { developmentAssets, productionAssets } from './render/assets.js'
import renderPlugin from './render/plugin.js'
import pageStore from './render/page-store.js'
import shellRoutes from './render/shell-routes.js'
import catalog, { site } from './modules/catalog/index.js'
import journalPlugin, { createJournal, type Journal, type EntryCompanies } from './modules/journal/index.js'
import identityPlugin, { clientIn, createIdentity, firmOnly, requireFirm, requireUser, scopeOf, sessionCookieName, type Identity } from './modules/identity/index.js'
import contactPlugin, { createContact, type Contact } from './modules/contact/index.js'
import documentsPlugin, { createDocuments, createRetention, type Documents, type RequestAnswers, type Retention } from './modules/documents/index.js'
import clientsPlugin, { createClients, type Clients } from './modules/clients/index.js'
import messagesPlugin, { createMessages, type Messages } from './modules/messages/index.js'
import requestsPlugin, { createRequests, keepReminderHour, type Requests } from './modules/requests/index.js'
import teamPlugin, { createTeam, type Team } from './modules/team/index.js'
import calendarPlugin, { calendarScheduler, createCalendar, type Calendar, type CalendarScheduler } from './modules/calendar/index.js'
import privacyPlugin, { createPersonalExport, type PersonalExports } from './modules/privacy/index.js'
// The one place where src/ meets views/: each module is handed the pages it renders.
import { Document } from '../views/layout/Document.js'
import { ErrorPage, NotFoundPage } from '../views/pages/ErrorPages.js'
import * as authPages from '../views/pages/identity/AuthPages.js'
import * as twoFactorPages from '../views/pages/identity/TwoFactorPages.js'
import { HomePage } from '../views/pages/catalog/HomePage.js'
import { ServicesPage } from '../views/pages/catalog/ServicesPage.js'
import { ContactPage } from '../views/pages/catalog/ContactPage.js'
import { PrivacyPage } from '../views/pages/catalog/PrivacyPage.js'
import { AdminListPage } from '../views/pages/admin/AdminListPage.js'
import { ConfirmActionPage } from '../views/pages/admin/ConfirmActionPage.js'
import { DashboardPage } from '../views/pages/admin/DashboardPage.js'
import { SubAdminsPage } from '../views/pages/admin/SubAdminsPage.js'
import { DocumentTypesPage } from '../views/pages/documents/DocumentsPages.js'
import { NewTypePage, RenameTypePage } from '../views/pages/documents/NewTypePage.js'
import { SpacePage } from '../views/pages/requests/SpacePage.js'
import { AskPage, RequestsPage } from '../views/pages/requests/RequestsPage.js'
import { ProfilePage } from '../views/pages/profile/ProfilePage.js'
import { ConfirmProfilePage } from '../views/pages/profile/ConfirmProfilePage.js'
import { SendDocumentPage } from '../views/pages/profile/SendDocumentPage.js'
import { JournalPage } from '../views/pages/admin/JournalPage.js'
import { ActivityPage } from '../views/pages/profile/ActivityPage.js'
import * as messagePages from '../views/pages/messages/MessagesPages.js'
import { ClientStaffPage } from '../views/pages/team/ClientStaffPage.js'
import { TeamPage } from '../views/pages/team/TeamPage.js'
import * as calendarPages from '../views/pages/calendar/CalendarPages.js'
import * as obligationPages from '../views/pages/calendar/ObligationPages.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    /** The drivers chosen (for tests, scripts and the CLI; a module is handed what it needs, it never looks here). */
    ports: Ports
    /** The constructed modules (for tests, scripts and the CLI, like `ports`). */
    services: Services
  }
}

export interface Services {
  journal: Journal
  identity: Identity
  documents: Documents
  requests: Requests
  clients: Clients
  contact: Contact
  messages: Messages
  team: Team
  calendar: Calendar
  /** When the calendar runs (at start, hourly, soon after a change); `runNow()` for tests and scripts. */
  calendarRuns: CalendarScheduler
  exports: PersonalExports
  /** Contract §12's purge of archived documents past RETENTION_YEARS (at start, daily); `run()` for tests and scripts. */
  retention: Retention
}

/**
 * The drivers of every port. `buildApp` chooses them from the configuration; a test or a script
 * hands its own (an in-memory mailer, a fixed clock) instead of forking the app.
 */
export interface Ports {
  /** An already migrated database (the app that opened one closes it; one handed in stays open). */
  db: Db
  storage: FileStorage
  /** The transport the outbox's worker sends through; modules never call it. */
  mailer: Mailer
  /** Mails as rows, sent by a worker in every instance (contract §5). */
  outbox: Outbox
  jobs: Jobs
  clock: Clock
  attempts: AttemptLimiter
}

export interface BuildOverrides extends Partial<Ports> {
  /** false for silence, or options (e.g. a stream) merged over ours; redaction always applies. */
  logger?: false | LoggerOptions
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

/** The firm's inbox (contract §1): FIRM_EMAIL, else ADMIN_EMAIL, else the contact address the site shows. */
export function firmEmailOf(config: Config): string {
  return (config.firmEmail ?? site.email).trim().toLowerCase()
}

const DRAIN_TIMEOUT_MS = 10_000
/** How long the start waits for Redis before counting in memory (it keeps reconnecting). */
const REDIS_START_TIMEOUT_MS = 2_000
/** The text fields a multipart form may carry (the upload's type, description, request; the send's name): 10 is room enough. */
const MULTIPART_FIELDS = 10
/** /healthz's 503: an error's body (contract §8), beside the `status` that outside checks read. */
const UNHEALTHY = { status: 'unavailable', ...errorBody(503, 'Service indisponible : la base de données ou le stockage ne répond pas.') }

/**
 * A partial file on the local disk untouched for this long was cut off (SIGTERM, kill -9): a write in
 * progress touches its file at least once per body-rate window, or its connection is closed.
 */
export function staleTemporaryMs(config: Config): number {
  return Math.max(10 * 60_000, 2 * config.connections.bodyRateWindowMs)
}

/**
 * The drivers the configuration names, each replaced by an override when one is given. REDIS_URL
 * opens one connection, for the attempt limiter and the rate-limit store. buildApp uses it, and the
 * CLI's commands (admin:create, backup, restore) too, so one place chooses drivers. The Redis and
 * S3 drivers (and their clients) are loaded only when the configuration names them.
 */
export async function choosePorts(config: Config, overrides: BuildOverrides, log: FastifyBaseLogger): Promise<Ports & { ownsDb: boolean; ownsStorage: boolean; redis: SharedRedis | undefined }> {
  const clock = overrides.clock ?? systemClock
  const redisDriver = config.redisUrl ? await import('./limits/redis.js') : undefined
  const redis = redisDriver && config.redisUrl ? redisDriver.connectRedis({ url: config.redisUrl, prefix: config.redisPrefix, log }) : undefined
  const bucket = config.storage.kind === 's3' && !overrides.storage ? (await import('./storage/s3.js')).s3Storage(config.storage, { log }) : undefined
  const db = overrides.db ?? createDb(config.databaseUrl)
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: resolve(config.varDir, 'mail'), logLinks: config.env === 'development', log })
  return {
    db,
    ownsDb: !overrides.db,
    ownsStorage: !overrides.storage,
    storage: overrides.storage ?? bucket ?? localDiskStorage(config.uploadDir, { minFreeBytes: config.minFreeDiskBytes, staleAfterMs: staleTemporaryMs(config) }),
    mailer,
    outbox: overrides.outbox ?? createOutbox({ db, mailer, clock, log, secret: config.sessionSecret, leaseMs: config.outboxLeaseMs }),
    jobs: overrides.jobs ?? processJobs(log),
    clock,
    attempts: overrides.attempts ?? (redisDriver && redis ? redisDriver.sharedAttemptLimiter({ shared: redis, clock }) : memoryAttemptLimiter({ clock })),
    redis,
  }
}

/** The modules, constructed in their one direction with the ports each needs (buildApp, and the CLI's commands). */
export function createServices(config: Config, ports: Ports, log: FastifyBaseLogger): Services {
  const { db, storage, outbox, jobs, clock, attempts } = ports
  const firm = { publicUrl: config.publicUrl, firmEmail: firmEmailOf(config) }
  // The journal comes first: every module that owns an audited event records through it (contract §6).
  // Entries are found by the companies of their actor and owner, which identity knows: bound once it exists.
  const entryCompanies: EntryCompanies = { companiesOf: async () => new Map() }
  const journal = createJournal({ db, clock, companies: entryCompanies })
  // A member who joins a company is reminded of its open requests, which requests writes: bound once it exists.
  const identity = createIdentity({ db, storage, outbox, jobs, clock, attempts, journal, joined: (trx, member) => requests.addPerson(trx, member), log, settings: { ...firm, admin: config.admin, loginPerAccount: config.rateLimits.loginPerAccount, passwordCost: config.passwordCost, totpKey: config.totpKey } })
  entryCompanies.companiesOf = async (trx, ids) => new Map([...(await identity.accounts.summariesByIds(ids, trx))].map(([id, account]) => [id, account.entreprise]))
  // Requests are built on documents (their types) and answered by documents' uploads: documents is
  // handed requests' answers through a port bound once requests exists, so the arrow stays requests → documents.
  const answers: RequestAnswers = {
    claim: (trx, requestId, userId, by) => requests.answers.claim(trx, requestId, userId, by),
    removeForType: (trx, typeId) => requests.answers.removeForType(trx, typeId),
  }
  const documents = createDocuments({ db, storage, outbox, jobs, identity, journal, clock, requests: answers, log, settings: { ...firm, maxUploadBytes: config.maxUploadBytes, clientQuotaBytes: config.clientQuotaBytes } })
  const requests = createRequests({ db, outbox, identity, documents, clock, settings: { ...firm, reminderHour: config.reminderHour } })
  // The calendar follows companies' identifiers (their regime, whether they employ): clients tells it of a change.
  const watcher = { identifiersChanged: () => calendarRuns.soon() }
  const clients = createClients({ db, storage, outbox, identity, documents, requests, journal, log, clock, watcher, settings: firm })
  const contact = createContact({ db, outbox, journal, settings: firm })
  const messages = createMessages({ db, outbox, identity, clock, settings: firm })
  const team = createTeam({ db, identity, journal, outbox, requests, clock, settings: { ...firm, adminEmail: config.admin?.email } })
  const calendar = createCalendar({ db, identity, documents, requests, clock })
  const calendarRuns = calendarScheduler({ run: () => calendar.run(), jobs, log })
  const exports = createPersonalExport({ db, storage, clock, attempts, identity, documents, requests, messages, journal, log })
  const retention = createRetention({ db, storage, clock, jobs, journal, log, years: config.retentionYears })
  return { journal, identity, documents, requests, clients, contact, messages, team, calendar, calendarRuns, exports, retention }
}

/**
 * The composition root: chooses the ports' drivers, constructs each module with what it needs,
 * then registers external plugins, the application's, and the modules' routes and pages.
 */
export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const { logger } = overrides
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

  const ports = await choosePorts(config, overrides, app.log)
  const { db, storage, mailer, outbox, jobs, clock, attempts } = ports
  // The outbox's worker runs once the app is ready: mails left by a previous run go out at once.
  // Reminders written under another REMINDER_HOUR move to this one before the worker looks at them (issue 34).
  // Reminders not moved (the database away at start) keep their hour until the next start: the portal starts anyway.
  app.addHook('onReady', async () => {
    try {
      const moved = await keepReminderHour({ db, outbox, hour: config.reminderHour })
      if (moved > 0) app.log.info({ moved, hour: config.reminderHour }, 'reminders moved to REMINDER_HOUR')
    } catch (error) {
      app.log.warn({ err: error }, 'reminders not moved to REMINDER_HOUR')
    }
    outbox.start()
  })
  // Closed in order: work after answers first (it may enqueue a mail), then the outbox's due mails
  // (those left stay for another instance or the next start), then the transport, then the database.
  app.addHook('onClose', async () => {
    if (!(await jobs.drain(DRAIN_TIMEOUT_MS))) app.log.warn('shutdown: some background tasks were still running after 10 s')
    if (!(await outbox.stop(DRAIN_TIMEOUT_MS))) app.log.warn('shutdown: mails still due after 10 s are left in the outbox')
    if (!(await mailer.drain(DRAIN_TIMEOUT_MS))) app.log.warn('shutdown: some mails were still being sent after 10 s')
    mailer.close()
    if (ports.ownsDb) await db.destroy()
  })
  const { redis } = ports
  if (redis) {
    app.addHook('onReady', async () => void (await redis.connect(REDIS_START_TIMEOUT_MS)))
    app.addHook('onClose', () => redis.close())
  }

  const { journal, identity, documents, requests, clients, contact, messages, team, calendar, calendarRuns, exports, retention } = createServices(config, ports, app.log)
  app.decorate('ports', { db, storage, mailer, outbox, jobs, clock, attempts } satisfies Ports)
  app.decorate('services', { journal, identity, documents, requests, clients, contact, messages, team, calendar, calendarRuns, exports, retention } satisfies Services)

  // Helmet's headers, computed once; a nonce only for a response that renders with one (issue 8).
  await app.register(securityHeaders, { options: securityOptions(config, [new URL(site.mapEmbedUrl).origin]) })
  // Next: a stored public page asked for without a session is answered before any other hook (issue 8).
  await app.register(pageStore)
  await app.register(cookie, { secret: config.sessionSecret })
  // Before any route: compress adds its hook to each route as it is declared. Assets come pre-compressed.
  await app.register(compress, { encodings: ['br', 'gzip'] })
  // Every per-IP and per-user counter in Redis when REDIS_URL is set (this instance's memory while it is down).
  await app.register(rateLimit, { global: false, ...rateLimitStore(ports.redis), errorResponseBuilder: (_req, ctx) => new HttpError(429, `Trop de tentatives. Réessayez dans ${Math.ceil(ctx.ttl / 60000)} minute(s).`) })
  await app.register(formbody)
  // One file and its fields; `parts` counts every part, those busboy skips too (no name, past a limit): 5 more, then 413.
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: MULTIPART_FIELDS, parts: MULTIPART_FIELDS + 1 + 5 } })
  await app.register(swagger, openapiOptions({ publicUrl: config.publicUrl, sessionCookie: sessionCookieName(config.secureCookies) }))
  await registerAssets(app, config)

  registerErrorHandling(app)
  refuseUnexpectedMultipart(app)
  if (storage.hasRoom) refuseUploadsWhenFull(app, () => storage.hasRoom!())
  // A request without a body is checked like one with every field missing (contract §2).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {}
  })
  registerSameOriginCheck(app, config.publicUrl)

  // Contract §5: the database and, when STORAGE_URL names one, the bucket.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    (await Promise.all([ping(db), storage.ping?.() ?? true])).every(Boolean) ? { status: 'ok' } : reply.code(503).send(UNHEALTHY),
  )
  // A bucket's unfinished multipart uploads (a crash mid-upload) are aborted at start and hourly.
  const sweeper = storageSweeper(storage, { clock, ageMs: unfinishedUploadAge(config.maxUploadBytes, config.connections.bodyMinBytesPerSecond), log: app.log })
  app.addHook('onReady', async () => sweeper.start())
  // Contract §12: archived documents past RETENTION_YEARS go, at start (not awaited) and daily, one instance at a time.
  app.addHook('onReady', async () => retention.start())
  app.addHook('onClose', async () => {
    await retention.stop()
    await sweeper.stop()
    if (ports.ownsStorage) storage.close?.()
  })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  await app.register(identityPlugin, { identity, views: { ...authPages, ...twoFactorPages, ConfirmProfilePage } })
  await app.register(shellRoutes)
  await app.register(catalog, { views: { HomePage, ServicesPage, ContactPage, PrivacyPage } })
  await app.register(contactPlugin, { contact, views: { AdminListPage, ConfirmActionPage, HomePage, ContactPage } })
  await app.register(documentsPlugin, { documents, views: { AdminListPage, ConfirmActionPage, ConfirmProfilePage, DocumentTypesPage, NewTypePage, RenameTypePage } })
  await app.register(requestsPlugin, { requests, documents, views: { AskPage, ConfirmActionPage, RequestsPage, SpacePage } })
  await app.register(clientsPlugin, { clients, documents, views: { AdminListPage, ConfirmActionPage, ConfirmProfilePage, DashboardPage, ProfilePage, SendDocumentPage } })
  await app.register(messagesPlugin, { messages, views: messagePages })
  await app.register(calendarPlugin, { calendar, scheduler: calendarRuns, views: { ...calendarPages, ...obligationPages }, types: () => documents.allTypes() })
  await app.register(privacyPlugin, { exports })
  await app.register(teamPlugin, { team, views: { TeamPage, ConfirmMemberPage: ConfirmProfilePage, SubAdminsPage, ConfirmActionPage, ClientStaffPage } })
  // Identity's guards are handed in: identity records into the journal, so the journal cannot import it.
  const people = { companiesOf: async (ids: number[]) => new Map([...(await identity.accounts.summariesByIds(ids))].map(([id, account]) => [id, account.entreprise])) }
  // And identity's access policy (contract §9): a staff member reads their clients' entries, an administrator every one.
  const clientsOf = (user: Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(user)
    return scope.kind === 'firm' ? undefined : (column: string) => clientIn(scope, column)
  }
  const policy = { clientsOf }
  await app.register(journalPlugin, { journal, views: { JournalPage, ActivityPage }, guards: { requireFirm, requireUser, firmOnly }, policy, people })
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
    await app.register(renderPlugin, { assets: developmentAssets(), layout: Document, errorPages: { NotFoundPage, ErrorPage } })
    return
  }
  const clientDir = resolve(projectRoot, 'dist/client')
  await app.register(fastifyStatic, { root: resolve(clientDir, 'assets'), prefix: '/assets/', immutable: true, maxAge: '365d', preCompressed: true, decorateReply: false })
  await app.register(renderPlugin, { assets: productionAssets(clientDir), layout: Document, errorPages: { NotFoundPage, ErrorPage } })
}
