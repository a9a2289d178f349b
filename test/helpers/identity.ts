import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { buildTestApp, type TestApp } from './app.js'
import { linkIn, startSmtp, type TestSmtp } from './smtp.js'

type T = { teardown: (fn: () => unknown) => void }

export const STRONG = 'Zt9#qLm2vR'
export const STRONG_2 = 'Kp4$wXn8sQ'

/** The app wired to a real SMTP server started for the test. */
export async function identityApp(t: T, env: Record<string, string> = {}): Promise<TestApp & { smtp: TestSmtp }> {
  const smtp = await startSmtp(t)
  const built = await buildTestApp(t, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portail.test', ...env })
  return { ...built, smtp }
}

/**
 * Per-IP limits out of the way, for an app that a whole file's tests share: together they register
 * and follow links more often than a visitor may in an hour. The limits have tests of their own.
 */
export const SHARED_APP_LIMITS = { RATE_LIMIT_LOGIN_IP: '10000', RATE_LIMIT_REGISTER_IP: '10000', RATE_LIMIT_TOKEN_IP: '10000' }

/** An address no other test uses, for tests that share an app: `atlas-3f9c01d2@example.dz`. */
export function uniqueEmail(local = 'atlas', domain = 'example.dz'): string {
  return `${local}-${randomBytes(4).toString('hex')}@${domain}`
}

/** The same address with its local part in capitals (`ATLAS-3F9C01D2@example.dz`). */
export const shouted = (email: string) => email.replace(/^[^@]+/, (local) => local.toUpperCase())

export function registration(overrides: Record<string, string> = {}) {
  return { username: 'Sarl Atlas', email: 'atlas@example.dz', entreprise: 'SARL Atlas', telephone: '0551234567', password: STRONG, confirmPassword: STRONG, ...overrides }
}

/** The `name=value` of the session cookie set by a response, or undefined. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => /session$/.test(c.name))
  return cookie && cookie.value ? `${cookie.name}=${cookie.value}` : undefined
}

/** Registers, follows the mailed link and answers the new user's id. */
export async function registerVerified(app: TestApp['app'], smtp: TestSmtp, overrides: Record<string, string> = {}): Promise<number> {
  const body = registration(overrides)
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body })
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`)
  const link = linkIn(await smtp.nextMail(body.email), /^\/users\/\d+\/verify\//)
  const [, , userId, , token] = link.pathname.split('/')
  const verified = await app.inject(`/api/auth/${userId}/verify/${token}`)
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`)
  return Number(userId)
}

export async function login(app: TestApp['app'], email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  return { res, cookie: sessionCookie(res) }
}
