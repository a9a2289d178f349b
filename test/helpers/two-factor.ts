import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import type { Test } from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { memoryMailer } from '../../src/mail/memory-mailer.js'
import { freshDatabase } from './app.js'
import { SEED_PASSWORD, type SeededAccount } from './accounts.js'

// Two-factor's tests share these: the app with a clock they move, codes computed as an authenticator app does, enrolment and the password step.
type T = { teardown: (fn: () => unknown) => void }
export const STEP = 30_000

/** The real app on a fresh database, with a clock the test moves (codes change every 30 s) and mails kept in memory. */
export async function twoFactorApp(t: T, env: Record<string, string> = {}) {
  const database = await freshDatabase()
  const varDir = mkdtempSync(join(tmpdir(), 'portal-var-'))
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, UPLOAD_DIR: join(varDir, 'uploads'), PUBLIC_URL: 'http://portail.test', RATE_LIMIT_LOGIN_IP: '10000', ...env }, { varDir })
  // Half-way through a step: a code of the step before or after is inside the window, two away is not.
  const clock = fixedClock(new Date(Math.floor(Date.now() / STEP) * STEP + STEP / 2))
  const mailer = memoryMailer()
  const app = await buildApp(config, { db: database.db, clock, mailer, logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  await app.ready()
  return { app, db: database.db, clock, mailer }
}

/** The code an authenticator app shows for `secret` at `at`. */
export function codeFor(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() })
}

export const post = (url: string, payload: object, cookie?: string) => ({ method: 'POST' as const, url, payload, headers: cookie ? { cookie } : {} })

export function cookieOf(res: LightMyRequestResponse, name: RegExp): string | undefined {
  const found = res.cookies.find((c) => name.test(c.name) && c.value)
  return found && `${found.name}=${found.value}`
}

/** Setup then enable for a seeded account; answers the secret and the recovery codes. */
export async function enroll(app: FastifyInstance, clock: { now(): Date }, account: SeededAccount) {
  const setup = await app.inject(post('/api/auth/2fa/setup', {}, account.cookie))
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`)
  const { secret } = setup.json<{ secret: string }>()
  const enabled = await app.inject(post('/api/auth/2fa/enable', { code: codeFor(secret, clock.now()) }, account.cookie))
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.statusCode} ${enabled.body}`)
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes }
}

/** The password step; answers the pending cookie. */
export async function passwordStep(t: Test, app: FastifyInstance, account: SeededAccount): Promise<string> {
  const res = await app.inject(post('/api/auth/login', { email: account.email, password: SEED_PASSWORD }))
  t.equal(res.statusCode, 200)
  t.same(res.json(), { twoFactorRequired: true }, 'the second step is asked for')
  t.notOk(cookieOf(res, /session$/), 'no session yet')
  const pending = cookieOf(res, /^twofactor-pending$/)
  t.ok(pending, 'a pending login cookie')
  return pending!
}
