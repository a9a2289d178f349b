import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildTestApp, settled } from '../helpers/app.js'
import { identityApp, login, registerVerified, registration, SHARED_APP_LIMITS, STRONG, uniqueEmail } from '../helpers/identity.js'
import { fixedClock } from '../../src/clock/clock.js'
import { memoryAttemptLimiter } from '../../src/limits/memory-attempts.js'
import { decodeMime } from '../helpers/smtp.js'

const post = (url: string, payload: Record<string, string> = {}) => ({ method: 'POST' as const, url, payload })

// One app for the tests below that need no other setting (each with its own account); the others have their own.
const shared = await identityApp(t, { ...SHARED_APP_LIMITS, RATE_LIMIT_LOGIN_ACCOUNT: '3' })

t.test('login: failures per account are limited, then 429 with Retry-After', async (t) => {
  const { app, smtp } = shared
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  for (let i = 0; i < 3; i++) t.equal((await login(app, email, 'Wrong#Pass1')).res.statusCode, 400)
  const blocked = await login(app, email, STRONG)
  t.equal(blocked.res.statusCode, 429, 'even the right password waits')
  t.match(blocked.res.json().message, /Trop de tentatives/)
  t.ok(Number(blocked.res.headers['retry-after']) > 0, 'Retry-After')
  t.equal((await login(app, 'other@example.dz', 'Wrong#Pass1')).res.statusCode, 400, 'other accounts unaffected')
})

t.test('the per-account window slides and a success clears it', async (t) => {
  const clock = fixedClock(new Date(0))
  const failures = memoryAttemptLimiter({ clock })
  const policy = { max: 2, windowMs: 1000 }
  await failures.begin('a', policy)
  clock.set(new Date(500))
  await failures.begin('a', policy)
  clock.set(new Date(600))
  t.equal((await failures.begin('a', policy)).wait, 400)
  clock.set(new Date(1001))
  const next = await failures.begin('a', policy)
  t.equal(next.wait, 0, 'the oldest failure left the window')
  await next.release()
  clock.set(new Date(1100))
  await failures.begin('a', policy)
  await failures.clear('a')
  clock.set(new Date(1200))
  t.equal((await failures.begin('a', policy)).wait, 0)
})

t.test('per-IP limits: login, registration, forgot, reset, reset check, verification', async (t) => {
  const { app } = await identityApp(t, { RATE_LIMIT_LOGIN_IP: '2', RATE_LIMIT_REGISTER_IP: '2', RATE_LIMIT_TOKEN_IP: '2' })
  const requests = [
    post('/api/auth/login', { email: 'x@example.dz' }),
    post('/api/auth/register'),
    post('/api/password', { email: 'x@example.dz' }),
    post('/api/password/reset/abc'),
    { method: 'GET' as const, url: '/api/password/1/abc' },
    { method: 'GET' as const, url: '/api/auth/1/verify/abc' },
  ]
  for (const request of requests) {
    for (let i = 0; i < 2; i++) t.not((await app.inject(request)).statusCode, 429, `${request.url} ${i + 1} allowed`)
    const res = await app.inject(request)
    t.equal(res.statusCode, 429, `${request.url} limited`)
    t.ok(Number(res.headers['retry-after']) > 0, 'Retry-After')
    t.match(res.json().message, /Trop de tentatives/)
  }
})

t.test('without SMTP_URL each mail is an .eml file under var/mail and only its path is logged', async (t) => {
  const lines: string[] = []
  const { app, config } = await buildTestApp(t, { PUBLIC_URL: 'https://cabinet.example.dz' })
  app.log.info = ((obj: unknown, msg?: string) => {
    try {
      lines.push(JSON.stringify(obj) + (msg ?? ''))
    } catch {
      lines.push(String(msg))
    }
  }) as typeof app.log.info
  const res = await app.inject({ ...post('/api/auth/register', registration()), headers: { origin: 'https://cabinet.example.dz' } })
  t.equal(res.statusCode, 201)
  // The mail is written (and its path logged) by the outbox's worker after the answer: wait for it, not a clock.
  await settled(app)
  const files = readdirSync(join(config.varDir, 'mail'))
  const dir = join(config.varDir, 'mail')
  t.equal(files.length, 1)
  const eml = decodeMime(readFileSync(join(dir, files[0]!), 'utf8'))
  t.match(eml, /https:\/\/cabinet\.example\.dz\/users\/\d+\/verify\//)
  t.ok(lines.some((l) => l.includes(files[0]!)), 'the file path is logged')
  t.notOk(lines.some((l) => /verify\//.test(l)), 'never the link')
})

t.test('with an https PUBLIC_URL the cookie is Secure and __Host- prefixed', async (t) => {
  const { app, smtp } = await identityApp(t, { PUBLIC_URL: 'https://cabinet.example.dz' })
  await registerVerified(app, smtp)
  const { res } = await login(app, 'atlas@example.dz', STRONG)
  const setCookie = String(res.headers['set-cookie'])
  t.match(setCookie, /^__Host-session=/)
  t.match(setCookie, /Secure/)
  t.match(setCookie, /Path=\//)
  t.notMatch(setCookie, /Domain=/)
})

t.test('an hour-old session token slides: new cookie, later expiry', async (t) => {
  const { app, smtp, db } = shared
  const email = uniqueEmail()
  const id = await registerVerified(app, smtp, { email })
  await login(app, email, STRONG)
  const session = await db.selectFrom('sessions').select(['id', 'expires_at']).where('user_id', '=', id).executeTakeFirstOrThrow()
  await db.updateTable('sessions').set({ expires_at: '2099-01-01 00:00:00.000' }).where('id', '=', session.id).execute()
  const fresh = await app.inject({ url: '/api/auth/status', headers: { cookie: `session=${app.jwt.sign({ sid: session.id, sub: String(id) })}` } })
  t.equal(fresh.statusCode, 200)
  t.notOk(fresh.headers['set-cookie'], 'a recent token is not re-issued')
  const oldIat = Math.floor(Date.now() / 1000) - 2 * 3600
  const old = app.jwt.sign({ sid: session.id, sub: String(id), iat: oldIat } as never)
  const res = await app.inject({ url: '/api/auth/status', headers: { cookie: `session=${old}` } })
  t.equal(res.statusCode, 200)
  t.match(String(res.headers['set-cookie']), /^session=.+Max-Age=604800/, 'a new cookie')
  const after = await db.selectFrom('sessions').select('expires_at').where('id', '=', session.id).executeTakeFirstOrThrow()
  t.ok(String(after.expires_at) < '2099', 'the session end moved to 7 days from now')
  t.ok(String(after.expires_at) > String(session.expires_at).slice(0, 10), 'not earlier than the first expiry')
})

t.test('no token, password or cookie reaches a log line', async (t) => {
  const { freshDatabase } = await import('../helpers/app.js')
  const { buildApp } = await import('../../src/app.js')
  const { loadConfig } = await import('../../src/config.js')
  const { startSmtp, linkIn } = await import('../helpers/smtp.js')
  const smtp = await startSmtp(t)
  const database = await freshDatabase()
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, SMTP_URL: smtp.url })
  const lines: string[] = []
  const app = await buildApp(config, { db: database.db, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } })
  await app.ready()
  t.teardown(async () => {
    await app.close()
    await database.drop()
  })
  await app.inject(post('/api/auth/register', registration()))
  const [, , userId, , token] = linkIn(await smtp.nextMail('atlas@example.dz'), /verify/).pathname.split('/') as string[]
  await app.inject(`/users/${userId}/verify/${token}`)
  await app.inject(`/api/auth/${userId}/verify/${token}`)
  const { res, cookie } = await login(app, 'atlas@example.dz', STRONG)
  t.equal(res.statusCode, 200)
  await app.inject({ url: '/api/auth/status', headers: { cookie: cookie! } })
  await app.inject(post('/api/password', { email: 'atlas@example.dz' }))
  const [, , , resetToken] = linkIn(await smtp.nextMail('atlas@example.dz'), /reset-password/).pathname.split('/') as string[]
  await app.inject(`/reset-password/${userId}/${resetToken}`)
  await app.inject(`/api/password/${userId}/${resetToken}`)
  await app.inject(post(`/api/password/reset/${resetToken}`, { newPassword: 'Kp4$wXn8sQ', confirmPassword: 'Kp4$wXn8sQ' }))
  const all = lines.join('\n')
  t.ok(lines.length > 5, 'requests are logged')
  for (const secret of [token!, resetToken!, STRONG, 'Kp4$wXn8sQ', cookie!.split('=')[1]!]) t.notOk(all.includes(secret), `not logged: ${secret.slice(0, 6)}…`)
})
