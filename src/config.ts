import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { maskCredentials } from './logging.js'
import { projectRoot } from './shared/project-root.js'

/** The environment the portal reads, validated once at start (contract §1). */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Optional(Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')])),
  PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^(sqlite:.+|mysql://.+)$' })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+(/[^\\s]*)?$' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://.+' })),
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3 })),
  FIRM_EMAIL: Type.Optional(Type.String({ pattern: '^[^@\\s<>(),;:"\\\\]+@[^@\\s<>(),;:"\\\\]+$' })),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  TOTP_KEY: Type.Optional(Type.String({ minLength: 32 })),
  REQUIRE_ADMIN_2FA: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  ADMIN_EMAIL: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  UPLOAD_DIR: Type.Optional(Type.String({ minLength: 1 })),
  STORAGE_URL: Type.Optional(Type.String({ minLength: 1 })),
  AWS_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  AWS_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  AWS_SESSION_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  MAX_UPLOAD_MB: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  CLIENT_QUOTA_MB: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  MIN_FREE_DISK_MB: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  LOG_LEVEL: Type.Optional(Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)))),
  RATE_LIMIT_LOGIN_ACCOUNT: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  RATE_LIMIT_LOGIN_IP: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  RATE_LIMIT_REGISTER_IP: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  RATE_LIMIT_TOKEN_IP: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  RATE_LIMIT_CONTACT_IP: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  RATE_LIMIT_UPLOAD_USER: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  RATE_LIMIT_MESSAGE_USER: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  VITE_DEV: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
  TRUST_PROXY: Type.Optional(Type.String({ pattern: '^(true|false|[0-9]+|[0-9a-fA-F.:/, ]+)$' })),
  HEADERS_TIMEOUT_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  KEEP_ALIVE_TIMEOUT_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  BODY_MIN_RATE: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  BODY_RATE_WINDOW_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  MAX_CONNECTIONS: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  SHUTDOWN_GRACE_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  SHUTDOWN_STALL_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  REMINDER_HOUR: Type.Optional(Type.String({ pattern: '^([0-9]|1[0-9]|2[0-3])$' })),
  RETENTION_YEARS: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
  OUTBOX_LEASE_SECONDS: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  REDIS_PREFIX: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9:_.-]{1,64}$' })),
})
type Env = Static<typeof EnvSchema>

/** Per-route rate limits (contract §2): login per account per 15 min, the others per IP (15 min, or 1 h for registration and contact). */
export interface RateLimits {
  loginPerAccount: number
  loginPerIp: number
  registerPerIp: number
  tokenPerIp: number
  contactPerIp: number
  /** Documents uploaded per user per 15 minutes. */
  uploadPerUser: number
  /** Messages written per user per 15 minutes (threads between the firm and a client). */
  messagePerUser: number
}

/** Bounds on connections and request bodies (issue 9): see docs/decisions/034-connections-and-shutdown.md. */
export interface ConnectionLimits {
  headersTimeoutMs: number
  keepAliveTimeoutMs: number
  /** A body must arrive at this many bytes per second on average over each window… */
  bodyMinBytesPerSecond: number
  /** …of this length, else its connection is closed. */
  bodyRateWindowMs: number
  maxConnections: number
  /** SIGTERM: progressing requests may finish within it; then every connection is closed. */
  shutdownGraceMs: number
  /** SIGTERM: a body that received nothing for this long (or the rate window, if shorter) is dropped at once. */
  shutdownStallMs: number
}

/** Argon2id's cost for new password hashes (memory in KiB, passes, lanes). */
export interface PasswordCost {
  memoryCost: number
  timeCost: number
  parallelism: number
}

/**
 * OWASP's minimum (19 MiB, 2 passes, 1 lane) everywhere but NODE_ENV=test, where the library's least
 * (8 KiB, 1 pass) lets the tests hash hundreds of passwords in milliseconds: none of them is about
 * the cost, and a test checks that production gets this one (docs/decisions/060-how-the-tests-run.md).
 */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2, parallelism: 1 }
const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 8, timeCost: 1, parallelism: 1 }

/** A bucket's credentials, asked for when a request is signed (a function: no log line or JSON of the config can show them). */
export type StorageCredentials = () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>

/** Where stored files live (contract §5): under UPLOAD_DIR, or in an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3'
      bucket: string
      /** An S3-compatible server (MinIO, R2, Garage…); absent, AWS S3 itself. */
      endpoint: string | undefined
      region: string
      forcePathStyle: boolean
      credentials: StorageCredentials
    }

export interface Config {
  env: 'production' | 'development' | 'test'
  port: number
  host: string
  databaseUrl: string
  publicUrl: string
  secureCookies: boolean
  smtpUrl: string | undefined
  mailFrom: string
  /** The firm's inbox: contact messages, new clients, uploads (contract §1, §4); absent, app.ts falls back to the site's contact address. */
  firmEmail: string | undefined
  sessionSecret: string
  /** TOTP_KEY, else SESSION_SECRET: the key two-factor secrets are sealed with (derived from it). */
  totpKey: string
  /** REQUIRE_ADMIN_2FA=true: an administrator without two-factor reaches nothing of the back-office but its setup. */
  requireAdmin2fa: boolean
  admin: { email: string; password: string } | undefined
  uploadDir: string
  /** STORAGE_URL: the local disk (UPLOAD_DIR) or a bucket. */
  storage: StorageConfig
  maxUploadBytes: number
  /** CLIENT_QUOTA_MB: the documents one client may keep in all (issue 15). */
  clientQuotaBytes: number
  /** Uploads are refused (507) while the disk under uploadDir has less free space than this. */
  minFreeDiskBytes: number
  logLevel: string
  viteDev: boolean
  trustProxy: boolean | number | string
  varDir: string
  rateLimits: RateLimits
  connections: ConnectionLimits
  /** How long a worker's claim on mails holds unrenewed before another instance may send them (a worker that died): 45 s, at least 30. */
  outboxLeaseMs: number
  /** REMINDER_HOUR: the hour (0–23, Algiers time) document requests' reminders go out (issue 16). */
  reminderHour: number
  /** RETENTION_YEARS (contract §12): archived documents uploaded longer ago are purged (10, the commercial code's period). */
  retentionYears: number
  passwordCost: PasswordCost
  /** REDIS_URL: rate-limit counters and the login lock shared by every instance; absent, in this process's memory. */
  redisUrl: string | undefined
  /** Prefix of every key the portal writes in Redis (REDIS_PREFIX), so that several portals or tests can share one. */
  redisPrefix: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const ROOT = projectRoot
export { projectRoot }

/** For the server and the command lines: the configuration, or `fail` with its one-line reason. */
export function configOrFail(fail: (message: string) => never, source: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(source)
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
}

/** Reads and checks the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, string> = {}
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const firstError = Value.Errors(EnvSchema, raw)[0]
  if (firstError) {
    const name = firstError.instancePath.replace(/^\//, '') || Object.keys(raw).find((k) => firstError.message.includes(k)) || 'environment'
    throw new ConfigError(`Invalid ${name}: ${describe(name, raw[name])}`)
  }
  const env = raw as Env
  const nodeEnv = env.NODE_ENV ?? 'development'
  const port = Number(env.PORT ?? 3000)
  if (port < 1 || port > 65535) throw new ConfigError(`Invalid PORT: ${describe('PORT', env.PORT)}`)
  const varDir = resolve(ROOT, 'var')
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither')
  }
  const sessionSecret = env.SESSION_SECRET ?? sessionSecretFor(nodeEnv, varDir)
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${resolve(varDir, 'portal.sqlite')}`,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Cabinet <no-reply@localhost>',
    firmEmail: (env.FIRM_EMAIL ?? env.ADMIN_EMAIL)?.trim().toLowerCase(),
    sessionSecret,
    totpKey: env.TOTP_KEY ?? sessionSecret,
    requireAdmin2fa: env.REQUIRE_ADMIN_2FA === 'true',
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    uploadDir: resolve(ROOT, env.UPLOAD_DIR ?? 'uploads'),
    storage: parseStorageUrl(env.STORAGE_URL, env),
    maxUploadBytes: Math.round(Number(env.MAX_UPLOAD_MB ?? 20) * 1024 * 1024),
    clientQuotaBytes: Math.round(Number(env.CLIENT_QUOTA_MB ?? 2048) * 1024 * 1024),
    minFreeDiskBytes: Math.round(Number(env.MIN_FREE_DISK_MB ?? 512) * 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    viteDev: env.VITE_DEV === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    varDir,
    rateLimits: {
      loginPerAccount: Number(env.RATE_LIMIT_LOGIN_ACCOUNT ?? 10),
      loginPerIp: Number(env.RATE_LIMIT_LOGIN_IP ?? 100),
      registerPerIp: Number(env.RATE_LIMIT_REGISTER_IP ?? 20),
      tokenPerIp: Number(env.RATE_LIMIT_TOKEN_IP ?? 20),
      contactPerIp: Number(env.RATE_LIMIT_CONTACT_IP ?? 10),
      uploadPerUser: Number(env.RATE_LIMIT_UPLOAD_USER ?? 100),
      messagePerUser: Number(env.RATE_LIMIT_MESSAGE_USER ?? 60),
    },
    connections: connectionLimits(env),
    outboxLeaseMs: outboxLeaseMs(env, nodeEnv),
    reminderHour: Number(env.REMINDER_HOUR ?? 8),
    retentionYears: Number(env.RETENTION_YEARS ?? 10),
    passwordCost: nodeEnv === 'test' ? TEST_PASSWORD_COST : PRODUCTION_PASSWORD_COST,
    redisUrl: env.REDIS_URL === undefined ? undefined : checkedRedisUrl(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX ?? 'portal:',
    ...overrides,
  }
}

const STORAGE_URL_FORM = 'expected file: or s3://BUCKET?endpoint=http://HOST:PORT&region=REGION&forcePathStyle=true'
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const REGION = /^[a-z0-9-]{1,40}$/

/**
 * STORAGE_URL (contract §5): absent or `file:`, the local disk; `s3://BUCKET?endpoint=…&region=…&forcePathStyle=true`
 * (each parameter optional), a bucket, with AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN if
 * any) from the environment. Errors never echo a credential nor an unknown parameter's value.
 */
export function parseStorageUrl(value: string | undefined, env: { AWS_ACCESS_KEY_ID?: string; AWS_SECRET_ACCESS_KEY?: string; AWS_SESSION_TOKEN?: string } = {}): StorageConfig {
  const refuse = (why: string) => new ConfigError(`Invalid STORAGE_URL: ${why}`)
  if (value === undefined || value === 'file:') return { kind: 'disk' }
  if (!value.startsWith('s3://')) {
    throw refuse(value.startsWith('file:') ? 'file: takes no path (the files go under UPLOAD_DIR)' : `${STORAGE_URL_FORM} (got "${maskCredentials(value).slice(0, 60)}")`)
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw refuse(STORAGE_URL_FORM)
  }
  if (url.username || url.password || value.slice(5).split(/[/?#]/)[0]!.includes('@')) {
    throw refuse('credentials belong in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL')
  }
  const bucket = url.hostname
  if (url.port) throw refuse('no port after the bucket (the endpoint parameter names the server: ?endpoint=http://HOST:PORT)')
  if (!BUCKET_NAME.test(bucket)) throw refuse(`the bucket must be 3 to 63 lowercase letters, digits, dots or dashes (got "${bucket.slice(0, 70)}")`)
  if (url.pathname !== '' && url.pathname !== '/') throw refuse('no path after the bucket (documents and photos have their own prefixes)')
  if (url.hash) throw refuse('no #fragment')
  const known = ['endpoint', 'region', 'forcePathStyle']
  for (const name of new Set(url.searchParams.keys())) {
    if (!known.includes(name)) throw refuse(`unknown parameter "${name.slice(0, 30)}" (expected endpoint, region, forcePathStyle)`)
    if (url.searchParams.getAll(name).length > 1) throw refuse(`parameter "${name}" given twice`)
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined
  if (endpoint !== undefined) {
    let parsed: URL | undefined
    try {
      parsed = new URL(endpoint)
    } catch {
      parsed = undefined
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || (parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search || parsed.hash) {
      throw refuse(`endpoint must be http(s)://HOST[:PORT] without credentials or path (got "${maskCredentials(endpoint).slice(0, 60)}")`)
    }
  }
  const region = url.searchParams.get('region') ?? 'us-east-1'
  if (!REGION.test(region)) throw refuse(`region must be lowercase letters, digits and dashes (got "${region.slice(0, 40)}")`)
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false'
  if (pathStyle !== 'true' && pathStyle !== 'false') throw refuse(`forcePathStyle must be true or false (got "${pathStyle.slice(0, 20)}")`)
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env
  if (!accessKeyId || !secretAccessKey) throw refuse('a bucket needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment')
  return {
    kind: 's3',
    bucket,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region,
    forcePathStyle: pathStyle === 'true',
    credentials: async () => ({ accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }),
  }
}

/**
 * OUTBOX_LEASE_SECONDS (src/jobs/outbox.ts, DEFAULT_LEASE_MS and MIN_LEASE_MS): the worker renews its claim
 * while it sends, so the lease bounds only how long mails held by a crashed instance wait. Below 30 s a
 * renewal or a slow SMTP answer could outlast it and a mail go twice: refused (NODE_ENV=test allows 1 s).
 */
function outboxLeaseMs(env: Env, nodeEnv: string): number {
  const seconds = Number(env.OUTBOX_LEASE_SECONDS ?? 45)
  // Tests that kill an instance holding mails (test/instances) give a lease of seconds, not to wait half a minute.
  if (!(seconds >= (nodeEnv === 'test' ? 1 : 30))) throw new ConfigError(`Invalid OUTBOX_LEASE_SECONDS: ${describe('OUTBOX_LEASE_SECONDS', env.OUTBOX_LEASE_SECONDS)} (at least 30: a claim must outlast the SMTP socket timeout of 20 s and its renewal)`)
  return seconds * 1000
}

/** Defaults and reasons in docs/decisions/034-connections-and-shutdown.md; every bound must be positive. */
function connectionLimits(env: Env): ConnectionLimits {
  const positive = (name: keyof Env, fallback: number): number => {
    const value = Number(env[name] ?? fallback)
    if (!(value > 0)) throw new ConfigError(`Invalid ${name}: expected a number above 0`)
    return value
  }
  return {
    headersTimeoutMs: positive('HEADERS_TIMEOUT_SECONDS', 20) * 1000,
    keepAliveTimeoutMs: positive('KEEP_ALIVE_TIMEOUT_SECONDS', 10) * 1000,
    bodyMinBytesPerSecond: positive('BODY_MIN_RATE', 1024),
    bodyRateWindowMs: positive('BODY_RATE_WINDOW_SECONDS', 30) * 1000,
    maxConnections: positive('MAX_CONNECTIONS', 500),
    shutdownGraceMs: positive('SHUTDOWN_GRACE_SECONDS', 25) * 1000,
    shutdownStallMs: positive('SHUTDOWN_STALL_SECONDS', 5) * 1000,
  }
}

/**
 * `redis://[[user]:password@]HOST[:PORT][/DB]` (or `rediss://` for TLS): ioredis reads the same form.
 * Anything else (a query, a path that is not a database number, a port out of range) is refused here
 * rather than misread by the client.
 */
function checkedRedisUrl(value: string): string {
  const refuse = (): never => {
    throw new ConfigError(`Invalid REDIS_URL: ${describe('REDIS_URL', value)}`)
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return refuse()
  }
  const port = url.port === '' ? 6379 : Number(url.port)
  if (!url.hostname || url.search || url.hash || !/^(\/[0-9]{0,5})?$/.test(url.pathname) || !(port >= 1 && port <= 65535)) refuse()
  return value
}

function describe(name: string, value: string | undefined): string {
  const hints: Record<string, string> = {
    PORT: 'expected a port number from 1 to 65535',
    DATABASE_URL: 'expected sqlite:PATH, sqlite::memory: or mysql://user:pass@host:port/db',
    PUBLIC_URL: 'expected an http(s) URL such as https://cabinet.example.dz',
    SMTP_URL: 'expected smtp://user:pass@host:587 or smtps://…',
    SESSION_SECRET: 'expected at least 32 characters',
    FIRM_EMAIL: 'expected one e-mail address such as cabinet@example.dz',
    MAX_UPLOAD_MB: 'expected a number of megabytes',
    CLIENT_QUOTA_MB: 'expected a number of megabytes',
    REMINDER_HOUR: 'expected an hour from 0 to 23 (Algiers time)',
    RETENTION_YEARS: 'expected a whole number of years from 1 to 100 (the commercial code keeps books and their documents 10 years)',
    MIN_FREE_DISK_MB: 'expected a number of megabytes (0 turns the floor off)',
    NODE_ENV: 'expected production, development or test',
    REDIS_URL: 'expected redis://[:password@]host:port[/db]',
    REDIS_PREFIX: 'expected 1 to 64 letters, digits or :_.-',
  }
  const shown = ['SESSION_SECRET', 'ADMIN_PASSWORD', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'].includes(name) || value === undefined ? '' : ` (got "${maskCredentials(value).slice(0, 60)}")`
  return (hints[name] ?? 'value refused') + shown
}

/** Production must be given a secret; elsewhere one is generated once and kept under var/. */
function sessionSecretFor(nodeEnv: string, varDir: string): string {
  if (nodeEnv === 'production') throw new ConfigError('Invalid SESSION_SECRET: required in production (at least 32 characters)')
  if (nodeEnv === 'test') return randomBytes(32).toString('hex')
  const file = resolve(varDir, 'session-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    const secret = randomBytes(32).toString('hex')
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

/** TRUST_PROXY: "true", a hop count, or addresses/CIDRs of the reverse proxies. */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  return /^[0-9]+$/.test(value) ? Number(value) : value
}
