import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { KyselyPlugin } from 'kysely'
import { SMTPServer } from 'smtp-server'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import type { Db } from '../../src/db/database.js'
import { freshDatabase, settled } from '../helpers/app.js'
import { identityApp, login, registerVerified, SHARED_APP_LIMITS, STRONG, STRONG_2, uniqueEmail } from '../helpers/identity.js'
import { startSmtp } from '../helpers/smtp.js'

type T = { teardown: (fn: () => unknown) => void }

/** A fresh database shared by the apps a test builds on it (each closed by the test or at its end). */
async function sharedDatabase(t: T) {
  const database = await freshDatabase()
  const apps: FastifyInstance[] = []
  const varDir = mkdtempSync(join(tmpdir(), 'portal-var-'))
  t.teardown(async () => {
    for (const app of apps) await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  return {
    db: database.db,
    /** Builds and readies an app on this database; `close` when the test closes it itself. */
    async build(env: Record<string, string>, db: Db = database.db, close = true) {
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, PUBLIC_URL: 'http://portail.test', ...env }, { varDir })
      const app = await buildApp(config, { db, logger: false })
      await app.ready()
      if (close) apps.push(app)
      return app
    },
  }
}

/** An SMTP server that takes `delayMs` to accept each message (the mail counts once accepted). */
async function slowSmtp(t: T, delayMs: number) {
  const received: string[][] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume()
      stream.on('end', () =>
        setTimeout(() => {
          received.push(session.envelope.rcptTo.map((r) => r.address.toLowerCase()))
          callback()
        }, delayMs),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, received }
}

const forgot = (email: string) => ({ method: 'POST' as const, url: '/api/password', payload: { email } })

// The tests of the per-account limit of 3 share one app, each with accounts of its own; the others need their own.
const limited = await identityApp(t, { ...SHARED_APP_LIMITS, RATE_LIMIT_LOGIN_ACCOUNT: '3' })

t.test('fix 1: parallel wrong logins cannot slip under the per-account limit', async (t) => {
  const { app, smtp } = limited
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  const answers = await Promise.all(Array.from({ length: 30 }, () => login(app, email, 'Wrong#Pass1')))
  const codes = answers.map((a) => a.res.statusCode)
  t.equal(codes.filter((c) => c === 400).length, 3, 'exactly the limit is checked')
  t.equal(codes.filter((c) => c === 429).length, 27, 'the rest wait')
  const blocked = await login(app, email, STRONG)
  t.equal(blocked.res.statusCode, 429, 'even the right password waits afterwards')
  t.ok(Number(blocked.res.headers['retry-after']) > 0)
})

t.test('fix 1: sequential use keeps its semantics; a success frees the account', async (t) => {
  const { app, smtp } = limited
  const email = uniqueEmail()
  await registerVerified(app, smtp, { email })
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 2; i++) t.equal((await login(app, email, 'Wrong#Pass1')).res.statusCode, 400)
    t.equal((await login(app, email, STRONG)).res.statusCode, 200, 'a success after limit − 1 failures')
  }
  const parallelRight = await Promise.all(Array.from({ length: 3 }, () => login(app, email, STRONG)))
  t.ok(parallelRight.every((a) => a.res.statusCode === 200), 'right passwords within the limit all pass')
})

t.test('fix 2: app.close() waits for mails still being sent', async (t) => {
  const smtp = await slowSmtp(t, 400)
  const { build } = await sharedDatabase(t)
  const app = await build({ SMTP_URL: smtp.url }, undefined, false)
  const sent = app.ports.mailer.send({ to: 'direct@example.dz', subject: 'Test', text: 'x', html: '<p>x</p>', language: 'fr' })
  const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Sarl Atlas', email: 'atlas@example.dz', entreprise: 'SARL Atlas', telephone: '0551234567', password: STRONG, confirmPassword: STRONG } })
  t.equal(registered.statusCode, 201)
  t.equal(smtp.received.length, 0, 'not yet accepted when the answer leaves')
  await app.close()
  await sent
  t.same(smtp.received.map((to) => to[0]).sort(), ['atlas@example.dz', 'direct@example.dz'], 'both mails arrived before close resolved')
})

t.test('fix 2/5: app.close() waits for a forgotten-password request still running in the background', async (t) => {
  const smtp = await slowSmtp(t, 300)
  const { build } = await sharedDatabase(t)
  const first = await build({ SMTP_URL: smtp.url }, undefined, false)
  await first.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'Sarl Atlas', email: 'atlas@example.dz', entreprise: 'SARL Atlas', telephone: '0551234567', password: STRONG, confirmPassword: STRONG } })
  // The verification mail is first's: it is delivered before the measured app starts (issue 9, finding 11).
  await first.close()
  t.equal(smtp.received.length, 1)
  const app = await build({ SMTP_URL: smtp.url }, undefined, false)
  t.equal((await app.inject(forgot('atlas@example.dz'))).statusCode, 200)
  await app.close()
  t.equal(smtp.received.filter((to) => to[0] === 'atlas@example.dz').length, 2, 'verification and reset mails arrived before close resolved')
})

t.test('fix 3: a new ADMIN_PASSWORD ends the sessions opened with the old one', async (t) => {
  const { build } = await sharedDatabase(t)
  const smtp = await startSmtp(t)
  const admin = { ADMIN_EMAIL: 'admin@cabinet.dz', SMTP_URL: smtp.url }
  const first = await build({ ...admin, ADMIN_PASSWORD: 'Adm1n#Cabinet' })
  const { cookie } = await login(first, 'admin@cabinet.dz', 'Adm1n#Cabinet')
  t.ok(cookie)
  const status = () => first.inject({ url: '/api/auth/status', headers: { cookie: cookie! } })
  t.equal((await status()).statusCode, 200)

  await build({ ...admin, ADMIN_PASSWORD: 'Adm1n#Cabinet' })
  t.equal((await status()).statusCode, 200, 'a restart with the same password keeps sessions')

  const second = await build({ ...admin, ADMIN_PASSWORD: 'N3w#AdminPass' })
  t.equal((await status()).statusCode, 401, 'the old session ended')
  t.equal((await login(second, 'admin@cabinet.dz', 'Adm1n#Cabinet')).res.statusCode, 400, 'old password refused')
  t.equal((await login(second, 'admin@cabinet.dz', 'N3w#AdminPass')).res.statusCode, 200, 'new password accepted')
})

t.test('fix 4: change password is limited per IP', async (t) => {
  const { app, smtp } = await identityApp(t, { RATE_LIMIT_TOKEN_IP: '2' })
  const id = await registerVerified(app, smtp)
  const { cookie } = await login(app, 'atlas@example.dz', STRONG)
  const change = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: `/api/password/changepassword/${id}`, remoteAddress, headers: { cookie: cookie! }, payload: { oldPassword: 'Wrong#Pass1', newPassword: STRONG_2 } })
  for (let i = 0; i < 2; i++) t.equal((await change('10.0.0.1')).statusCode, 400)
  const limited = await change('10.0.0.1')
  t.equal(limited.statusCode, 429)
  t.match(limited.json().message, /Trop de tentatives/)
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
})

t.test('fix 4: wrong old passwords are limited per user, whatever the IP, and counted in flight', async (t) => {
  const { app, smtp } = limited
  const email = uniqueEmail()
  const otherEmail = uniqueEmail('other')
  const id = await registerVerified(app, smtp, { email })
  const otherId = await registerVerified(app, smtp, { email: otherEmail })
  const { cookie } = await login(app, email, STRONG)
  const other = await login(app, otherEmail, STRONG)
  const change = (oldPassword: string, remoteAddress: string, user = { id, cookie: cookie! }) =>
    app.inject({ method: 'POST', url: `/api/password/changepassword/${user.id}`, remoteAddress, headers: { cookie: user.cookie }, payload: { oldPassword, newPassword: STRONG_2 } })

  const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => change('Wrong#Pass1', `10.0.1.${i + 1}`)))
  const codes = parallel.map((r) => r.statusCode)
  t.equal(codes.filter((c) => c === 400).length, 3, 'the limit of wrong old passwords is checked')
  t.equal(codes.filter((c) => c === 429).length, 5)

  const blocked = await change(STRONG, '10.0.2.1')
  t.equal(blocked.statusCode, 429, 'even the right old password waits, from another IP')
  t.match(blocked.json().message, /^Trop de tentatives pour l’ancien mot de passe\. Réessayez dans \d+ minute\(s\)\.$/)
  t.ok(Number(blocked.headers['retry-after']) > 0, 'Retry-After')

  t.equal((await change(STRONG, '10.0.2.2', { id: otherId, cookie: other.cookie! })).statusCode, 200, 'other users unaffected')
  t.equal((await login(app, email, STRONG)).res.statusCode, 200, 'logins have their own count')
})

t.test('fix 4: a successful change clears the wrong old passwords', async (t) => {
  const { app, smtp } = await identityApp(t, { RATE_LIMIT_LOGIN_ACCOUNT: '2' })
  const id = await registerVerified(app, smtp)
  const { cookie } = await login(app, 'atlas@example.dz', STRONG)
  const change = (oldPassword: string, newPassword: string) =>
    app.inject({ method: 'POST', url: `/api/password/changepassword/${id}`, headers: { cookie: cookie! }, payload: { oldPassword, newPassword } })
  t.equal((await change('Wrong#Pass1', STRONG_2)).statusCode, 400)
  t.equal((await change(STRONG, STRONG_2)).statusCode, 200)
  t.equal((await change('Wrong#Pass1', STRONG)).statusCode, 400)
  t.equal((await change(STRONG_2, STRONG)).statusCode, 200, 'one failure left after the success, not two')
})

t.test('fix 5: forgot-password answers before any lookup or token write, known address or not', async (t) => {
  const smtp = await startSmtp(t)
  const { build, db } = await sharedDatabase(t)
  // Holds every query's result while closed: an answer that waited for the database would hang.
  let gate: Promise<void> | undefined
  let open = () => {}
  const writes: string[] = []
  const gated: KyselyPlugin = {
    transformQuery: (args) => {
      if (gate && args.node.kind !== 'SelectQueryNode') writes.push(args.node.kind)
      return args.node
    },
    transformResult: async (args) => {
      if (gate) await gate
      return args.result
    },
  }
  const app = await build({ SMTP_URL: smtp.url }, db.withPlugin(gated))
  await registerVerified(app, smtp)
  // The registration's mails are sent and marked sent before the database is held.
  await settled(app)
  gate = new Promise<void>((resolve) => (open = resolve))
  const within = <R>(work: Promise<R>) => Promise.race([work, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3000))])
  const known = await within(app.inject(forgot('atlas@example.dz')))
  const unknown = await within(app.inject(forgot('nobody@example.dz')))
  t.not(known, 'hung', 'a known address answers without waiting for the database')
  t.not(unknown, 'hung', 'an unknown one too')
  if (known === 'hung' || unknown === 'hung') {
    open()
    return
  }
  t.same(known.json(), unknown.json(), 'same answer')
  t.same(writes, [], 'no token written before the answers')
  open()
  gate = undefined
  const mail = await smtp.nextMail('atlas@example.dz')
  t.match(mail.decoded, /\/reset-password\/\d+\//, 'the link follows in the background')
  await settled(app)
  t.equal(smtp.countFor('nobody@example.dz'), 0)
})

t.test('fix 5: a reset mail that fails is logged as a warning, without the token, and kept to retry', async (t) => {
  const { app, smtp, db } = await identityApp(t)
  await registerVerified(app, smtp)
  // The firm's new-client mail goes out before the transport starts failing.
  await settled(app)
  const warnings: string[] = []
  app.log.warn = ((obj: unknown, msg?: string) => void warnings.push(JSON.stringify(obj) + (msg ?? ''))) as typeof app.log.warn
  let leaked = ''
  app.ports.mailer.send = async (mail) => {
    leaked = /reset-password\/\d+\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!
    throw new Error(`refused: ${mail.text}`)
  }
  t.equal((await app.inject(forgot('atlas@example.dz'))).statusCode, 200)
  await settled(app)
  t.equal(warnings.length, 1)
  t.match(warnings[0], /mail not sent: will retry/)
  t.ok(leaked.length >= 32)
  t.notOk(warnings[0]!.includes(leaked), 'the token is masked')
  const row = await db.selectFrom('outbox').select(['status', 'last_error', 'payload']).where('subject', 'like', 'Réinitialisation%').executeTakeFirstOrThrow()
  t.equal(row.status, 'pending', 'kept to be retried')
  t.notOk(`${row.last_error}${row.payload}`.includes(leaked), 'the stored error and the sealed mail do not show the token')
})
