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
