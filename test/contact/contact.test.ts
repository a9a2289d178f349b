import t from 'tap'
import { firmEmailOf } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { fromDbTime } from '../../src/db/values.js'
import { checkContact, messages } from '../../src/modules/contact/validation.js'
import { buildTestApp } from '../helpers/app.js'
import { startSmtp } from '../helpers/smtp.js'

const PHONE_HINT = 'Veuillez entrer un numéro de téléphone valide commençant par 0 (5/6/7) suivi de 8 chiffres.'
const valid = { name: '  Amina Haddad ', email: 'Amina@Example.DZ', message: 'Bonjour, je souhaite un rendez-vous.', telephone: '0551234567' }

const post = (app: Awaited<ReturnType<typeof buildTestApp>>['app'], payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/users/contact', payload, headers, ...(remoteAddress ? { remoteAddress } : {}) })

const countRows = async (db: Awaited<ReturnType<typeof buildTestApp>>['db']) =>
  Number((await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

// One app for the tests that need no other setting, which compare the stored messages before and
// after; its contact limit is out of the way (together they post more than a visitor may in an hour).
const shared = await buildTestApp(t, { RATE_LIMIT_CONTACT_IP: '1000' })

t.test('the shared checks answer the §5 messages in order, then the format checks', async (t) => {
  const cases: Array<[object, string]> = [
    [{}, 'Le nom est requis'],
    [{ ...valid, name: '   ' }, 'Le nom est requis'],
    [{ name: 'A' }, "L' email est requis"],
    [{ name: 'A', email: 'a@b.dz' }, 'Le message est requis'],
    [{ name: 'A', email: 'a@b.dz', message: 'x' }, 'Le Num de télé requis'],
    [{ ...valid, email: 'pas-un-email' }, 'Adresse e-mail invalide.'],
    [{ ...valid, telephone: '0412345678' }, PHONE_HINT],
    [{ ...valid, name: 'n'.repeat(101) }, 'Le nom ne doit pas dépasser 100 caractères.'],
    [{ ...valid, message: 'm'.repeat(5001) }, 'Le message ne doit pas dépasser 5000 caractères.'],
  ]
  for (const [input, message] of cases) t.has(checkContact(input as Record<string, unknown>), { ok: false, message }, message)
  t.same(checkContact(valid), { ok: true, value: { name: 'Amina Haddad', email: 'amina@example.dz', message: valid.message, telephone: '0551234567' } })
})

t.test('POST /api/users/contact answers each §5 message in order and stores nothing', async (t) => {
  const { app, db } = shared
  const before = await countRows(db)
  const cases: Array<[object, string, string]> = [
    [{}, 'Le nom est requis', 'name'],
    [{ name: '  ', email: 'a@b.dz', message: 'x', telephone: '0551234567' }, 'Le nom est requis', 'name'],
    [{ name: 'A', email: '', message: 'x', telephone: '0551234567' }, "L' email est requis", 'email'],
    [{ name: 'A', email: 'a@b.dz', telephone: '0551234567' }, 'Le message est requis', 'message'],
    [{ name: 'A', email: 'a@b.dz', message: 'x' }, 'Le Num de télé requis', 'telephone'],
    [{ ...valid, email: 'a@b' }, 'Adresse e-mail invalide.', 'email'],
    [{ ...valid, telephone: '05512345' }, PHONE_HINT, 'telephone'],
    [{ ...valid, telephone: '0851234567' }, PHONE_HINT, 'telephone'],
    [{ ...valid, message: 'm'.repeat(5001) }, 'Le message ne doit pas dépasser 5000 caractères.', 'message'],
  ]
  for (const [payload, message, field] of cases) {
    const res = await post(app, payload)
    t.equal(res.statusCode, 400, message)
    t.same(res.json(), { message, code: 'validation', field }, `${message}, under ${field}`)
  }
  const bodiless = await app.inject({ method: 'POST', url: '/api/users/contact' })
  t.equal(bodiless.statusCode, 400, 'no body at all')
  t.same(bodiless.json(), { message: 'Le nom est requis', code: 'validation', field: 'name' })
  t.equal(await countRows(db), before, 'nothing stored')
})

t.test('a valid message is stored once and answers 201 with the French success message', async (t) => {
  const { app, db } = shared
  const last = Number((await db.selectFrom('contact_messages').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
  const res = await post(app, valid)
  t.equal(res.statusCode, 201)
  t.same(res.json(), { message: 'Votre message a été envoyé avec succès.' })
  const rows = await db.selectFrom('contact_messages').selectAll().where('id', '>', last).execute()
  t.equal(rows.length, 1)
  t.match(rows[0], { name: 'Amina Haddad', email: 'amina@example.dz', telephone: '0551234567', message: valid.message, ip: '127.0.0.1' })
  t.ok(Math.abs(Date.now() - fromDbTime(rows[0]!.created_at).getTime()) < 60_000, 'created_at is now')
})

t.test('a filled honeypot answers the same success and stores nothing', async (t) => {
  const { app, db } = shared
  const before = await countRows(db)
  const res = await post(app, { ...valid, website: 'http://spam.example' })
  t.equal(res.statusCode, 201)
  t.same(res.json(), { message: messages.sent })
  t.equal(await countRows(db), before, 'nothing stored')
})

t.test('more than the configured messages per IP per hour answer 429 with Retry-After', async (t) => {
  const { app, db } = await buildTestApp(t, { RATE_LIMIT_CONTACT_IP: '2' })
  t.equal((await post(app, valid)).statusCode, 201)
  t.equal((await post(app, {})).statusCode, 400)
  const limited = await post(app, valid)
  t.equal(limited.statusCode, 429)
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After is set')
  t.match(limited.json(), { message: /^Trop de / }, 'a French message')
  t.equal(await countRows(db), 1)
  t.equal((await post(app, valid, {}, '10.0.0.9')).statusCode, 201, 'another IP is not limited')
})

t.test('a cross-site POST is refused with 403 and stores nothing', async (t) => {
  const { app, db } = shared
  const before = await countRows(db)
  const fromOrigin = await post(app, valid, { origin: 'https://evil.example' })
  t.equal(fromOrigin.statusCode, 403)
  t.type(fromOrigin.json().message, 'string')
  t.equal((await post(app, valid, { 'sec-fetch-site': 'cross-site' })).statusCode, 403)
  t.equal(await countRows(db), before, 'nothing stored')
})

t.test('a mail server that is down does not fail the request: the message is kept', async (t) => {
  // Port 9 (discard) has no SMTP server on loopback: the connection is refused.
  const { app, db } = await buildTestApp(t, { SMTP_URL: 'smtp://127.0.0.1:9' })
  const res = await post(app, valid)
  t.equal(res.statusCode, 201)
  t.equal(await countRows(db), 1)
})

t.test('the firm is told at FIRM_EMAIL by a real SMTP server, with a link to its inbox', async (t) => {
  const smtp = await startSmtp(t)
  const { app } = await buildTestApp(t, { SMTP_URL: smtp.url, FIRM_EMAIL: 'Cabinet@Example.DZ', PUBLIC_URL: 'http://portail.test' })
  t.equal((await post(app, valid)).statusCode, 201)
  const mail = await smtp.nextMail('cabinet@example.dz')
  t.match(mail.decoded, /Amina Haddad/)
  t.match(mail.decoded, /0551234567/)
  t.match(mail.decoded, /Bonjour, je souhaite un rendez-vous\./)
  t.match(mail.decoded, /http:\/\/portail\.test\/admin-dashboard\/messages/)
  t.match(mail.raw, /^Reply-To: amina@example\.dz\r?$/m, 'a reply goes to the visitor')
})

t.test('FIRM_EMAIL defaults to ADMIN_EMAIL, else to the address shown on the site', async (t) => {
  t.equal(firmEmailOf(loadConfig({ NODE_ENV: 'test' })), 'contact@cabinet-benali.dz')
  t.equal(firmEmailOf(loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL: 'chef@cabinet.dz', ADMIN_PASSWORD: 'Zt9#qLm2vR' })), 'chef@cabinet.dz')
  t.equal(firmEmailOf(loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL: 'chef@cabinet.dz', ADMIN_PASSWORD: 'Zt9#qLm2vR', FIRM_EMAIL: 'boite@cabinet.dz' })), 'boite@cabinet.dz')
  t.throws(() => loadConfig({ NODE_ENV: 'test', FIRM_EMAIL: 'a@b.dz, evil@x.dz' }), /Invalid FIRM_EMAIL/)
})

t.test('the home page holds the contact section, its form island and the office map', async (t) => {
  const { app } = shared
  const res = await app.inject('/')
  t.equal(res.statusCode, 200)
  t.match(res.body, /<section id="contact"/)
  t.match(res.body, /<portal-island data-name="ContactForm"/)
  t.match(res.body, /<input[^>]*type="tel"[^>]*pattern="0\[567\]\[0-9\]\{8\}"[^>]*name="telephone"/)
  t.match(res.body, /<textarea[^>]*name="message"/)
  t.match(res.body, /name="website"/)
  t.match(res.body, /<iframe src="https:\/\/www\.google\.com\/maps\?q=[^"]*output=embed"[^>]*title="[^"]+"[^>]*loading="lazy"[^>]*referrerPolicy="[^"]+"/)
  t.notMatch(res.body, / style="/, 'no inline style attribute (CSP)')
})
