// Contract §10: which language a request is answered in, the switch (GET /lang/:lang), the account's
// language (PATCH /api/users/language), and mails in each person's language read from a real SMTP
// server: a registration from an Arabic page gets Arabic mails, the firm's stay French.
import type { FastifyRequest } from 'fastify'
import t from 'tap'
import { firmEmailOf } from '../../src/app.js'
import { acceptedLanguage, addressLanguage, languageOf } from '../../src/http/language.js'
import { seedAccount } from '../helpers/accounts.js'
import { settled } from '../helpers/app.js'
import { identityApp, registration, SHARED_APP_LIMITS, uniqueEmail } from '../helpers/identity.js'
import { linkIn, mailText, type ReceivedMail } from '../helpers/smtp.js'

const { app, smtp, db, config } = await identityApp(t, SHARED_APP_LIMITS)
const FIRM = firmEmailOf(config)

const ARABIC = /[\u0600-\u06FF]/
/** A mail's Content-Language header. */
const contentLanguage = (mail: ReceivedMail) => /^Content-Language: *(\S+)/im.exec(mail.raw)?.[1]
/** A mail's subject as a mail client shows it. */
const subjectOf = (mail: ReceivedMail) => {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? ''
  return header.replace(/\r?\n[ \t]/g, '').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) => (kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : mailText(text.replace(/_/g, ' '))))
}
/** A mail's parts as a mail client shows them: base64 parts decoded, else quoted-printable undone. */
const bodyOf = (mail: ReceivedMail) =>
  /Content-Transfer-Encoding: base64/i.test(mail.raw)
    ? mail.decoded.replace(/(Content-Transfer-Encoding: base64\r?\n\r?\n)([A-Za-z0-9+/=\r\n]+)/gi, (_all, head: string, body: string) => head + Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8'))
    : mailText(mail.raw)

const fakeRequest = (url: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}, user: { language: 'fr' | 'ar' } | null = null) =>
  ({ url, headers, cookies, user }) as unknown as FastifyRequest

t.test('§10’s order: the public address, the cookie, the account, Accept-Language, French', async (t) => {
  t.equal(languageOf(fakeRequest('/ar', { 'accept-language': 'fr' }, { lang: 'fr' }, { language: 'fr' })), 'ar', 'an /ar address is Arabic whatever else')
  t.equal(languageOf(fakeRequest('/ar/services?x=1', {}, { lang: 'fr' })), 'ar')
  t.equal(languageOf(fakeRequest('/services/', { 'accept-language': 'ar' }, { lang: 'ar' }, { language: 'ar' })), 'fr', 'a French public address is French whatever else')
  t.equal(languageOf(fakeRequest('/?utm=1', {}, { lang: 'ar' })), 'fr')
  t.equal(languageOf(fakeRequest('/arabic', {}, {})), 'fr', '/arabic is no /ar address')
  t.equal(languageOf(fakeRequest('/login', { 'accept-language': 'fr' }, { lang: 'ar' }, { language: 'fr' })), 'ar', 'elsewhere the cookie wins')
  t.equal(languageOf(fakeRequest('/login', { 'accept-language': 'fr' }, { lang: 'xx' }, { language: 'ar' })), 'ar', 'then the account (a cookie of another value is none)')
  t.equal(languageOf(fakeRequest('/login', { 'accept-language': 'ar' }, {}, { language: 'fr' })), 'fr', 'the account before Accept-Language')
  t.equal(languageOf(fakeRequest('/login', { 'accept-language': 'ar-DZ,fr;q=0.8' })), 'ar', 'then Accept-Language')
  t.equal(languageOf(fakeRequest('/login', { 'accept-language': 'en' })), 'fr', 'else French')
  t.equal(languageOf(fakeRequest('/login')), 'fr')
  t.same(
    ['fr-FR,ar;q=0.9', 'en;q=1,ar;q=0.5,fr;q=0.4', 'ar;q=0.8,fr;q=0.8', 'fr;q=0.8,ar;q=0.8', 'AR-dz', 'ar;q=0,fr;q=0.1', 'ar;q=0', 'de,*', 'ar;q=abc,fr;q=0.2'].map((header) => acceptedLanguage(header) ?? null),
    ['fr', 'ar', 'ar', 'fr', 'ar', 'fr', null, null, 'fr'],
    'highest weight among fr and ar, the first listed on a tie, q=0 refused',
  )
  t.same([addressLanguage('/'), addressLanguage('/confidentialite'), addressLanguage('/ar/contact'), addressLanguage('/files')], ['fr', 'fr', 'ar', undefined])
})

t.test('GET /lang/:lang sets the cookie and goes back to this site’s paths only', async (t) => {
  const res = await app.inject('/lang/ar?next=/services%3Fx%3D1')
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/services?x=1')
  const cookie = String(res.headers['set-cookie'])
  t.match(cookie, /^lang=ar;/, 'the lang cookie')
  t.match(cookie, /Path=\//)
  t.match(cookie, /SameSite=Lax/)
  t.match(cookie, /Max-Age=31536000/)
  t.equal((await app.inject('/lang/fr?next=/login')).headers.location, '/login')
  for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'http:/evil.example', '/\t/evil.example', '/\n/evil.example', 'javascript:alert(1)', '', 'services', `/${'a'.repeat(2001)}`]) {
    const refused = await app.inject({ url: `/lang/ar?next=${encodeURIComponent(next)}` })
    t.same([refused.statusCode, refused.headers.location], [303, '/'], `next=${JSON.stringify(next.slice(0, 40))} goes home`)
  }
  // As a browser sends it: the query's %09 and %5C decoded by the server are refused as well.
  for (const raw of ['/%09/evil.example', '/%5Cevil.example', '%2F%2Fevil.example', '/%0d%0aSet-Cookie:x=1']) {
    const refused = await app.inject({ url: `/lang/ar?next=${raw}` })
    t.same([refused.statusCode, refused.headers.location], [303, '/'], `next=${raw} goes home`)
  }
  t.equal((await app.inject('/lang/ar')).headers.location, '/', 'no next: home')
  for (const other of ['en', 'xx', 'AR', 'ar-DZ']) {
    const unknown = await app.inject(`/lang/${other}?next=/`)
    t.equal(unknown.statusCode, 404, `/lang/${other} is a 404`)
    t.notOk(unknown.headers['set-cookie']?.toString().includes('lang='), 'and sets nothing')
  }
})

t.test('an error in French by default and in Arabic with the cookie or Accept-Language, the same code', async (t) => {
  const person = await seedAccount(app, { accepted: true })
  const ask = (headers: Record<string, string>) => app.inject({ method: 'PATCH', url: '/api/users/language', headers: { ...headers, cookie: [person.cookie, headers.cookie].filter(Boolean).join('; ') }, payload: { language: 'en' } })
  const french = await ask({})
  t.same([french.statusCode, french.json()], [400, { message: 'Langue inconnue : choisissez « fr » (français) ou « ar » (arabe).', code: 'validation', field: 'language' }])
  const byCookie = await ask({ cookie: 'lang=ar' })
  t.same([byCookie.statusCode, byCookie.json().code, byCookie.json().field], [400, 'validation', 'language'])
  t.match(byCookie.json().message, ARABIC, 'Arabic with lang=ar')
  // A logged-in person's account language comes before Accept-Language (§10's order): French here.
  const byHeader = await ask({ 'accept-language': 'ar-DZ, fr;q=0.5' })
  t.same(byHeader.json(), french.json(), 'the account (French) before Accept-Language')
  const arabicPerson = await seedAccount(app, { accepted: true })
  await app.inject({ method: 'PATCH', url: '/api/users/language', headers: { cookie: arabicPerson.cookie }, payload: { language: 'ar' } })
  const byAccount = await app.inject({ method: 'PATCH', url: '/api/users/language', headers: { cookie: arabicPerson.cookie }, payload: { language: 'en' } })
  t.same(byAccount.json(), byCookie.json(), 'Arabic for a person whose account is in Arabic')
  const frFirst = await ask({ 'accept-language': 'fr, ar;q=0.9' })
  t.same(frFirst.json(), french.json(), 'French when Accept-Language puts fr first')
  const cookieOverHeader = await ask({ cookie: 'lang=fr', 'accept-language': 'ar' })
  t.same(cookieOverHeader.json(), french.json(), 'the cookie before Accept-Language')
  for (const body of [{}, { language: 'AR' }, { language: 42 }, { language: '' }]) {
    const refused = await app.inject({ method: 'PATCH', url: '/api/users/language', headers: { cookie: person.cookie }, payload: body })
    t.same([refused.statusCode, refused.json().code], [400, 'validation'], `${JSON.stringify(body)} is refused`)
  }
  const visitor = await app.inject({ method: 'PATCH', url: '/api/users/language', payload: { language: 'ar' }, headers: { 'accept-language': 'ar' } })
  t.same([visitor.statusCode, visitor.json().code], [401, 'unauthenticated'], 'a visitor must log in')
})

t.test('PATCH /api/users/language and the switch set the account’s language, shown in the user object', async (t) => {
  const person = await seedAccount(app, { accepted: true })
  const status = async () => (await app.inject({ url: '/api/auth/status', headers: { cookie: person.cookie } })).json()
  t.equal((await status()).language, 'fr', 'French by default (migration 0045)')
  const set = await app.inject({ method: 'PATCH', url: '/api/users/language', headers: { cookie: person.cookie }, payload: { language: 'ar' } })
  t.equal(set.statusCode, 200)
  t.match(set.json(), { id: person.id, language: 'ar' }, 'answers the user object')
  t.equal((await status()).language, 'ar')
  // The switch, followed from the site itself while logged in.
  const own = await app.inject({ url: '/lang/fr?next=/files', headers: { cookie: person.cookie, 'sec-fetch-site': 'same-origin' } })
  t.same([own.statusCode, own.headers.location], [303, '/files'])
  t.equal((await status()).language, 'fr', 'the switch sets the account too')
  // A link another site shows sets this browser's cookie, never the account.
  const foreign = await app.inject({ url: '/lang/ar?next=/', headers: { cookie: person.cookie, 'sec-fetch-site': 'cross-site' } })
  t.match(String(foreign.headers['set-cookie']), /lang=ar/)
  t.equal((await status()).language, 'fr', 'unchanged by a cross-site link')
  const row = await db.selectFrom('users').select('language').where('id', '=', person.id).executeTakeFirstOrThrow()
  t.equal(row.language, 'fr')
})

t.test('a registration from an Arabic page gets its mails in Arabic; the firm’s stay French', async (t) => {
  const email = uniqueEmail('arabe')
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { cookie: 'lang=ar' }, payload: registration({ email }) })
  t.equal(res.statusCode, 201)
  const mail = await smtp.nextMail(email)
  t.equal(contentLanguage(mail), 'ar', 'Content-Language: ar')
  t.equal(subjectOf(mail), 'تأكيد عنوان بريدكم الإلكتروني')
  const body = bodyOf(mail)
  t.match(body, /<html lang="ar" dir="rtl">/, 'the HTML part right to left')
  t.match(body, /شكرًا لتسجيلكم في بوابة العملاء الخاصة بالمكتب\./)
  t.notMatch(body, /Bonjour|Vérifier/, 'no French word')
  const link = linkIn(mail, /^\/users\/\d+\/verify\//)
  const id = Number(link.pathname.split('/')[2])
  t.equal((await db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language, 'ar', 'the account remembers it')

  t.equal((await app.inject(`/api${link.pathname.replace('/users', '/auth')}`)).statusCode, 200)
  await settled(app)
  const firm = await smtp.nextMail(FIRM)
  t.equal(contentLanguage(firm), 'fr', 'the firm’s mail: Content-Language: fr')
  t.match(subjectOf(firm), /^Nouveau client à accepter/)
  t.match(bodyOf(firm), /<html lang="fr" dir="ltr">/)

  // Accepted by the firm: the client's mail in the client's language.
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  t.equal((await app.inject({ method: 'POST', url: `/api/users/accept/${id}`, headers: { cookie: admin.cookie, origin: 'http://portail.test' } })).statusCode, 200)
  const accepted = await smtp.nextMail(email)
  t.equal(contentLanguage(accepted), 'ar')
  t.equal(subjectOf(accepted), 'تم فتح فضاء العميل الخاص بكم')

  // Registering the address again tells its owner, in the owner's language.
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email }) })).statusCode, 201)
  await settled(app)
  const attempt = await smtp.nextMail(email)
  t.equal(contentLanguage(attempt), 'ar', 'the owner’s language, not the request’s')
  t.equal(subjectOf(attempt), 'محاولة تسجيل باستخدام عنوان بريدكم الإلكتروني')
})

t.test('Accept-Language: ar on the API gives an Arabic registration; French by default, word for word', async (t) => {
  const arabic = uniqueEmail('entete')
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'accept-language': 'ar' }, payload: registration({ email: arabic }) })).statusCode, 201)
  t.equal(contentLanguage(await smtp.nextMail(arabic)), 'ar')
  const french = uniqueEmail('francais')
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: french }) })).statusCode, 201)
  const mail = await smtp.nextMail(french)
  t.equal(contentLanguage(mail), 'fr')
  t.equal(subjectOf(mail), 'Vérifiez votre adresse e-mail')
  t.match(bodyOf(mail), /Merci pour votre inscription sur le portail client du cabinet\./)
  t.match(bodyOf(mail), /Vérifier mon adresse e-mail : http:\/\/portail\.test\/users\//, 'the French text unchanged')
})

t.test('an invitation takes the inviting person’s current language; the invited person can change it', async (t) => {
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  t.equal((await app.inject({ method: 'PATCH', url: '/api/users/language', headers: { cookie: admin.cookie }, payload: { language: 'ar' } })).statusCode, 200)
  const email = uniqueEmail('invitee')
  const invited = await app.inject({ method: 'POST', url: '/api/staff', headers: { cookie: admin.cookie, origin: 'http://portail.test' }, payload: { email, username: 'Nadia', role: 'staff' } })
  t.equal(invited.statusCode, 201)
  const mail = await smtp.nextMail(email)
  t.equal(contentLanguage(mail), 'ar')
  t.equal(subjectOf(mail), 'دعوة إلى بوابة العملاء — فريق المكتب', 'the firm’s team named in Arabic')
  t.match(bodyOf(mail), /يدعوكم /)
  const row = await db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()
  t.equal(row.language, 'ar', 'the invited account starts in it')
})
