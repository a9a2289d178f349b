// Issue 14: a firm sets itself up without code. Its content read from one file and checked at
// start; `npm run admin:create`; document types seeded once; in development the links of a mail
// written to a file are logged whole, and the .eml never cuts them.
import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import { pino } from 'pino'
import t from 'tap'
import { DEFAULT_DOCUMENT_TYPES } from '../../migrations/0009-default-document-types.js'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { createDb } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { createMailer } from '../../src/mail/mailer.js'
import { loadSiteContent, siteContentPath, site } from '../../src/modules/catalog/content.js'
import { freshDatabase } from '../helpers/app.js'
import { decodeMime } from '../helpers/smtp.js'
import { projectRoot } from '../../src/shared/project-root.js'

const ROOT = projectRoot
const EXAMPLE = join(ROOT, 'content/site.json')

function tempDir(t: { teardown(fn: () => unknown): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-setup-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('the site’s content comes from content/site.json, or the file SITE_CONTENT names', async (t) => {
  t.equal(siteContentPath({}), EXAMPLE)
  t.equal(siteContentPath({ SITE_CONTENT: 'firm/site.json' }), join(ROOT, 'firm/site.json'))
  t.equal(siteContentPath({ SITE_CONTENT: '/etc/portal/site.json' }), '/etc/portal/site.json')
  const example = loadSiteContent(EXAMPLE)
  t.equal(example.site.name, site.name, 'the example is what the pages show')
  t.ok(example.services.length >= 1 && example.slides.length >= 1)
})

t.test('a bad content file is one line naming the file and the field', async (t) => {
  const dir = tempDir(t)
  const write = (mutate: (content: any) => void) => {
    const content = JSON.parse(readFileSync(EXAMPLE, 'utf8'))
    mutate(content)
    const path = join(dir, `${randomBytes(4).toString('hex')}.json`)
    writeFileSync(path, JSON.stringify(content))
    return path
  }
  t.throws(() => loadSiteContent(join(dir, 'absent.json')), /^Invalid SITE_CONTENT \(.*absent\.json\): ENOENT/)
  writeFileSync(join(dir, 'broken.json'), '{ "site": ')
  t.throws(() => loadSiteContent(join(dir, 'broken.json')), /^Invalid SITE_CONTENT \(.*broken\.json\): .*JSON/)
  t.throws(() => loadSiteContent(write((c) => (c.site.whatsappNumber = '+213 550'))), /\/site\/whatsappNumber/)
  t.throws(() => loadSiteContent(write((c) => (c.site.phones = []))), /\/site\/phones/)
  t.throws(() => loadSiteContent(write((c) => delete c.site.email)), /email/)
  t.throws(() => loadSiteContent(write((c) => (c.site.logo = '/static/firm-logo.png'))), /\/static\/firm-logo\.png is not a file of public\//)
  const other = loadSiteContent(write((c) => {
    c.site.name = 'Cabinet Test'
    c.site.phones = ['+213 21 11 11 11', '+213 550 22 22 22']
  }))
  t.same(other.site.phones, ['+213 21 11 11 11', '+213 550 22 22 22'])
})

t.test('a server given another content file shows it; a bad one stops start-up with one line', async (t) => {
  const dir = tempDir(t)
  const content = JSON.parse(readFileSync(EXAMPLE, 'utf8'))
  content.site.shortName = 'Cabinet Hadj'
  content.site.phones = ['+213 21 11 11 11', '+213 550 22 22 22']
  content.site.mapEmbedUrl = 'https://www.openstreetmap.org/export/embed.html?bbox=3.05,36.76,3.06,36.78'
  writeFileSync(join(dir, 'site.json'), JSON.stringify(content))
  // A child: the content is read once, as the app's modules load.
  const script = `
    const { loadConfig } = await import('./dist/server/src/config.js')
    const { buildApp } = await import('./dist/server/src/app.js')
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' }), { logger: false })
    const page = await app.inject('/')
    console.log(JSON.stringify({ body: page.body, csp: page.headers['content-security-policy'] }))
    await app.close()`
  const out = await runNode(['--input-type=module', '-e', script], { SITE_CONTENT: join(dir, 'site.json') })
  t.equal(out.code, 0, out.output)
  const { body, csp } = JSON.parse(out.output.trim().split('\n').pop()!)
  t.match(body, /Cabinet Hadj/)
  t.match(body, /href="tel:\+213550222222"/, 'every telephone')
  t.match(csp, /frame-src https:\/\/www\.openstreetmap\.org/, 'the map’s origin may be framed')

  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...content, site: { ...content.site, email: 'nobody' } }))
  const server = await runNode([join(ROOT, 'dist/server/src/server.js')], { SITE_CONTENT: join(dir, 'bad.json'), DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`, PORT: '1' })
  t.equal(server.code, 1)
  t.match(server.output, /^Start-up failed: Invalid SITE_CONTENT \(.*bad\.json\): \/site\/email/)
  t.equal(server.output.trim().split('\n').length, 1, server.output)
})

function runNode(args: string[], env: Record<string, string>, input?: string): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env }, stdio: ['pipe', 'pipe', 'pipe'] })
    let output = ''
    let stdout = ''
    child.stdout.on('data', (c) => ((output += c), (stdout += c)))
    child.stderr.on('data', (c) => (output += c))
    child.stdin.end(input ?? '')
    child.on('exit', (code) => resolve({ code, output, stdout }))
  })
}

t.test('npm run admin:create makes, promotes and re-passwords an administrator; refuses what it should', async (t) => {
  const dir = tempDir(t)
  const sqlite = `sqlite:${join(dir, 'portal.sqlite')}`
  const mysql = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? await freshDatabase() : undefined
  if (mysql) t.teardown(mysql.drop)
  const url = mysql?.url ?? sqlite
  const CLI = join(ROOT, 'dist/server/src/admin-create.js')
  const create = (...args: string[]) => runNode([CLI, ...args], { DATABASE_URL: url })

  const made = await create('--email', 'Patron@Cabinet.dz', '--password', 'Vx7#kQ2m!Lp9')
  t.equal(made.code, 0, made.output)
  t.equal(made.stdout, 'Administrator patron@cabinet.dz: created.\n')
  const again = await create('--email', 'patron@cabinet.dz', '--password', 'Vx7#kQ2m!Lp9')
  t.equal(again.code, 0)
  t.match(again.stdout, /already an administrator/)
  const changed = await create('--email', 'patron@cabinet.dz', '--password', 'Nw4$tR8z!Qa2')
  t.equal(changed.code, 0)
  t.match(changed.stdout, /given this password/)

  const db = mysql?.db ?? createDb(url)
  if (!mysql) t.teardown(() => db.destroy())
  const row = await db.selectFrom('users').select(['is_admin', 'is_verified', 'is_accepted']).where('email', '=', 'patron@cabinet.dz').executeTakeFirstOrThrow()
  t.same([row.is_admin, row.is_verified, row.is_accepted].map(Number), [1, 1, 1])

  // Through the app: the administrator logs in with the new password.
  const varDir = tempDir(t)
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, UPLOAD_DIR: join(varDir, 'uploads') }, { varDir }), { db, logger: false })
  t.teardown(() => app.close())
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'patron@cabinet.dz', password: 'Nw4$tR8z!Qa2' } })
  t.equal(login.statusCode, 200, login.body)
  t.equal(await app.services.identity.hasAdmin(), true)

  // An administrator's authenticator lost (or enrolled by someone else): no other administrator may
  // reset it, the server's console can, and everything it opened ends.
  const cookie = login.cookies.filter((c) => c.value).map((c) => `${c.name}=${c.value}`).join('; ')
  const setup = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', payload: {}, headers: { cookie } })
  const secret = setup.json<{ secret: string }>().secret
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate()
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code }, headers: { cookie } })).statusCode, 200)
  const asked = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'patron@cabinet.dz', password: 'Nw4$tR8z!Qa2' } })
  t.same(asked.json(), { twoFactorRequired: true }, 'the password alone no longer opens the account')
  const mails = async () => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const mailsBefore = await mails()
  const reset = await create('--email', 'patron@cabinet.dz', '--password', 'Nw4$tR8z!Qa2', '--reset-two-factor')
  t.equal(reset.code, 0, reset.output)
  t.equal(reset.stdout, 'Administrator patron@cabinet.dz: already an administrator with this password.\nTwo-factor sign-in turned off.\n')
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } })).statusCode, 401, 'the session that enrolled it has ended')
  const back = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'patron@cabinet.dz', password: 'Nw4$tR8z!Qa2' } })
  t.equal(back.json().isAdmin, true, 'the password opens the account again')
  const entry = await db.selectFrom('journal').select(['actor_id', 'subject_id']).where('action', '=', 'twofactor.disabled').executeTakeFirstOrThrow()
  t.same([entry.actor_id, Number(entry.subject_id)], [null, Number(back.json().id)], 'journaled with no actor: the console')
  t.equal(await mails(), mailsBefore + 1, 'the owner is told by mail (the outbox sends it once a server runs)')
  t.match((await create('--email', 'patron@cabinet.dz', '--password', 'Nw4$tR8z!Qa2', '--reset-two-factor')).stdout, /Two-factor sign-in was not on\./)

  const weak = await create('--email', 'autre@cabinet.dz', '--password', 'motdepasse')
  t.equal(weak.code, 1)
  t.match(weak.output, /^Password refused: /)
  const missing = await create('--email', 'autre@cabinet.dz')
  t.equal(missing.code, 2, 'no password, and no terminal to ask it from')
  t.match(missing.output, /Usage: npm run admin:create/)
  t.match(missing.output, /^Not run in a terminal: pass --password on the command line\./, 'piped, it says --password is needed there (issue 34)')
  t.equal((await create('--mail', 'x')).code, 2, 'an unknown flag')
})

t.test('a fresh install has the default document types, seeded once', async (t) => {
  const { db, drop } = await freshDatabase(undefined, { seeded: true })
  t.teardown(drop)
  const varDir = tempDir(t)
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', UPLOAD_DIR: join(varDir, 'uploads') }, { varDir }), { db, logger: false })
  t.teardown(() => app.close())
  const listed = (await app.inject('/api/documents/types')).json() as Array<{ id: number; typeName: string }>
  t.same(listed.map((type) => type.typeName).sort(), [...DEFAULT_DOCUMENT_TYPES].sort())
  // Deleted by an administrator: a later start (migrations again) does not bring it back.
  await db.deleteFrom('document_types').where('id', '=', listed[0]!.id).execute()
  t.same(await migrateToLatest(db), [])
  t.equal((await db.selectFrom('document_types').select('id').execute()).length, DEFAULT_DOCUMENT_TYPES.length - 1)
})

function capture(): { log: FastifyBaseLogger; lines: () => Array<Record<string, unknown>> } {
  let text = ''
  const stream = new Writable({ write: (chunk, _enc, done) => ((text += chunk), done()) })
  return { log: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger, lines: () => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) }
}

t.test('a mail written to a file: links logged whole in development only; the .eml keeps them whole', async (t) => {
  const link = `http://localhost:3000/users/42/verify/${'Ab9_'.repeat(12)}`
  const mail = { to: 'client@example.dz', subject: 'Vérifiez votre adresse e-mail', text: `Bonjour,\n\nCliquez sur ce lien pour vérifier votre adresse (valable 24 heures) : ${link}\n`, html: `<p>Cliquez : <a href="${link}">${link}</a></p>`, language: 'fr' as const }
  for (const development of [true, false]) {
    const dir = tempDir(t)
    const { log, lines } = capture()
    const mailer = createMailer({ smtpUrl: undefined, from: 'Cabinet <no-reply@localhost>', mailDir: dir, logLinks: development, log })
    await mailer.send(mail)
    mailer.close()
    const [entry] = lines()
    t.equal(entry!.msg, 'mail written (no SMTP_URL)')
    if (development) t.same(entry!.links, [link], 'development: the link, whole')
    else t.notMatch(JSON.stringify(entry), /verify/, 'production: the file only')
    const eml = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')
    t.notMatch(eml, /quoted-printable/i)
    t.equal(eml.match(/Content-Transfer-Encoding: base64/g)?.length, 2, 'text and HTML, both base64')
    // What a mail client shows: the link whole in both parts (the text's line, the HTML's href and label).
    t.equal(decodeMime(eml).split(link).length - 1, 3)
  }
})

t.test('every picture the example content names is a file of public/', async (t) => {
  const dir = tempDir(t)
  copyFileSync(EXAMPLE, join(dir, 'site.json'))
  t.doesNotThrow(() => loadSiteContent(join(dir, 'site.json'), join(ROOT, 'public')))
  t.throws(() => loadSiteContent(join(dir, 'site.json'), dir), /is not a file of public\//)
})
