// Issue 17 (contract §8): the profile's account forms posted without JavaScript — the sessions' ends,
// the personal access tokens, two-factor and the account's deletion — with the JSON routes' checks,
// service calls, limits and journal entries: a 303 back to the profile with the API's message, or the
// page again with the errors in place; a visitor logs in first, another site is refused, and a token
// still cannot manage the account.
import t from 'tap'
import { accessTokenTexts } from '../../src/modules/identity/access-token-validation.js'
import { injectAs, SEED_PASSWORD, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, settled } from '../helpers/app.js'
import { journalAfter, lastJournalId } from '../helpers/admin-forms.js'
import { CROSS_SITE, errorUnder, flashAfter, inputNamed, submit, summaryOf } from '../helpers/forms.js'
import { codeFor, cookieOf, enroll, STEP, twoFactorApp } from '../helpers/two-factor.js'

const { app } = await buildTestApp(t)
const db = app.ports.db

interface Session {
  id: string
  current: boolean
}
const sessionsOf = async (account: SeededAccount) => (await injectAs(app, account, '/api/auth/sessions')).json<Session[]>()

/** A second session for the account (another browser), as its cookie. */
const anotherSession = async (account: SeededAccount) => ({ ...account, cookie: await app.sessionCookieFor(account.id) })

async function createToken(account: SeededAccount) {
  const res = await injectAs(app, account, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })
  return res.json<{ id: number; token: string }>()
}

t.test('sessions: the profile’s buttons are real forms, enabled before any script', async (t) => {
  const owner = await seedAccount(app)
  const other = await anotherSession(owner)
  const html = (await injectAs(app, owner, `/users/profile/${owner.id}`)).body
  const otherId = (await sessionsOf(owner)).find((s) => !s.current)!.id
  t.match(html, `<form action="/users/profile/sessions/${encodeURIComponent(otherId)}/end" method="post">`)
  t.match(html, '<form action="/users/profile/sessions/end-others" method="post">')
  t.notMatch(html, /<button type="submit" class="profile-action-danger"[^>]*disabled/, 'enabled in the server’s HTML')
  t.notMatch(html, /class="profile-sessions" data-hydrated/, 'no island has taken over yet')
  t.ok(other)
})

t.test('sessions: ending another one — 303 back to the profile’s sessions with the API’s message, the API’s journal entry', async (t) => {
  const owner = await seedAccount(app)
  const other = await anotherSession(owner)
  const otherId = (await sessionsOf(owner)).find((s) => !s.current)!.id
  const since = await lastJournalId(db)
  const res = await submit(app, `/users/profile/sessions/${encodeURIComponent(otherId)}/end`, {}, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${owner.id}#profile-sessions-title`)
  t.match(await flashAfter(app, res, owner.cookie), 'Appareil déconnecté.')
  t.equal((await sessionsOf(owner)).length, 1, 'only the current one is left')
  t.equal((await injectAs(app, other, '/api/auth/status')).statusCode, 401, 'the other browser is logged out')
  const entries = await journalAfter(db, since)
  t.same(entries.map((e) => [e.action, e.actor_id, e.subject_id]), [['session.revoked', owner.id, owner.id]], 'the API’s entry, once')

  const gone = await submit(app, `/users/profile/sessions/${encodeURIComponent(otherId)}/end`, {}, owner.cookie)
  t.equal(gone.statusCode, 303, 'a session already ended: back to the profile')
  t.match(await flashAfter(app, gone, owner.cookie), /"type":"error".*Session introuvable/)
})

t.test('sessions: ending the current one is a logout, to /login', async (t) => {
  const owner = await seedAccount(app)
  const current = (await sessionsOf(owner)).find((s) => s.current)!.id
  const res = await submit(app, `/users/profile/sessions/${encodeURIComponent(current)}/end`, {}, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/login')
  t.match(String(res.headers['set-cookie']), /session=;|Expires=Thu, 01 Jan 1970/, 'the cookie goes')
  t.equal((await injectAs(app, owner, '/api/auth/status')).statusCode, 401)
})

t.test('sessions: ending all the others', async (t) => {
  const owner = await seedAccount(app)
  await anotherSession(owner)
  await anotherSession(owner)
  const since = await lastJournalId(db)
  const res = await submit(app, '/users/profile/sessions/end-others', {}, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${owner.id}#profile-sessions-title`)
  t.match(await flashAfter(app, res, owner.cookie), 'Les autres appareils ont été déconnectés.')
  t.same((await sessionsOf(owner)).map((s) => s.current), [true])
  t.same((await journalAfter(db, since)).map((e) => e.action), ['session.revoked'])
})

t.test('sessions: a visitor logs in first, another site is refused, a token is no session', async (t) => {
  const owner = await seedAccount(app)
  const other = await anotherSession(owner)
  const otherId = (await sessionsOf(owner)).find((s) => !s.current)!.id
  for (const url of [`/users/profile/sessions/${encodeURIComponent(otherId)}/end`, '/users/profile/sessions/end-others']) {
    const visitor = await submit(app, url, {})
    t.same([visitor.statusCode, visitor.headers.location], [303, '/login'], `${url}: a visitor`)
    t.equal(cookieOf(visitor, /^return-to$/), 'return-to=/users/profile', 'back to their profile once logged in')
    const crossSite = await submit(app, url, {}, owner.cookie, CROSS_SITE)
    t.equal(crossSite.statusCode, 403, `${url}: another site`)
    const { token } = await createToken(owner)
    const byToken = await submit(app, url, {}, undefined, { authorization: `Bearer ${token}` })
    t.same([byToken.statusCode, byToken.headers.location], [303, '/login'], `${url}: a token opens no page, its post is a visitor’s`)
  }
  t.equal((await sessionsOf(owner)).length, 2, 'nothing ended')
  t.ok(other)
  const { token } = await createToken(owner)
  const api = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: { authorization: `Bearer ${token}` } })
  t.same([api.statusCode, api.json().message], [403, accessTokenTexts.accountManagement], 'the API’s account-management refusal, unchanged')

  const visitorProfile = await injectAs(app, owner, '/users/profile')
  t.same([visitorProfile.statusCode, visitorProfile.headers.location], [303, `/users/profile/${owner.id}`], '/users/profile is one’s own')
})

/** The token list's rows as the API has them. */
const tokensOf = async (account: SeededAccount) => (await injectAs(app, account, '/api/auth/tokens')).json<{ id: number; name: string }[]>()

t.test('tokens: the form posts to /users/profile/tokens, enabled before any script; « Révoquer » is a link to its confirmation page', async (t) => {
  const owner = await seedAccount(app)
  const { id } = await createToken(owner)
  const html = (await injectAs(app, owner, `/users/profile/${owner.id}`)).body
  t.match(html, /<form class="profile-token-form"[^>]*action="\/users\/profile\/tokens"[^>]*method="post"/)
  t.match(html, /<button type="submit" class="button button-primary">Créer le jeton<\/button>/, 'enabled in the server’s HTML')
  t.match(html, `<a class="profile-action-danger" href="/users/profile/tokens/${id}/revoke"`)
})

t.test('tokens: created without JavaScript — the page answered shows it once (200, no-store), no flash, no redirect', async (t) => {
  const owner = await seedAccount(app)
  const res = await submit(app, '/users/profile/tokens', { name: 'Export comptable', expiresInDays: '30' }, owner.cookie)
  t.equal(res.statusCode, 200)
  t.match(res.headers['cache-control'], /no-store/)
  t.equal(cookieOf(res, /^flash$/), undefined, 'never in a flash cookie')
  t.equal(res.headers.location, undefined)
  const token = /data-token-value=""|value="(pat_[A-Za-z0-9_-]{43})"/.exec(res.body.replace(/data-token-value=""/g, ''))?.[1]
  t.ok(token, 'the token is on the page')
  t.match(res.body, '<h1 class="profile-name">', 'the profile itself')
  t.same((await tokensOf(owner)).map((row) => row.name), ['Export comptable'], 'made by the service, as by the API')
  const api = await app.inject({ url: '/api/auth/status', headers: { authorization: `Bearer ${token}` } })
  t.equal(api.json().id, owner.id, 'the token works')
  t.notMatch((await injectAs(app, owner, `/users/profile/${owner.id}`)).body, token!, 'never shown again')
})

t.test('tokens: refusals in place at the JSON route’s status, what was typed kept, nothing made', async (t) => {
  const owner = await seedAccount(app)
  const res = await submit(app, '/users/profile/tokens', { name: '', expiresInDays: '400' }, owner.cookie)
  t.equal(res.statusCode, 400)
  t.equal(errorUnder(res.body, 'name'), 'Donnez un nom au jeton (par exemple « Script de sauvegarde »).')
  t.equal(errorUnder(res.body, 'expiresInDays'), 'La durée de validité doit être un nombre entier de jours, entre 1 et 365.')
  t.match(inputNamed(res.body, 'expiresInDays'), 'value="400"', 'what was typed is kept')
  t.match(summaryOf(res.body), 'Donnez un nom au jeton')
  const api = await injectAs(app, owner, { method: 'POST', url: '/api/auth/tokens', payload: { name: '', expiresInDays: 400 } })
  t.same([api.statusCode, api.json().message], [400, 'Donnez un nom au jeton (par exemple « Script de sauvegarde »).'], 'the API’s first message, unchanged')
  t.same(await tokensOf(owner), [])
})

t.test('tokens: the limit counts the form and the API together (one bucket): 429, the page again', async (t) => {
  const { app: limited } = await buildTestApp(t)
  const owner = await seedAccount(limited)
  for (let i = 0; i < 29; i++) await injectAs(limited, owner, { method: 'POST', url: '/api/auth/tokens', payload: { name: `T${i}`, expiresInDays: 1 } })
  t.equal((await submit(limited, '/users/profile/tokens', { name: 'Trentième', expiresInDays: '1' }, owner.cookie)).statusCode, 200, 'the 30th, by the form')
  const refused = await submit(limited, '/users/profile/tokens', { name: 'De trop', expiresInDays: '1' }, owner.cookie)
  t.equal(refused.statusCode, 429)
  t.match(summaryOf(refused.body), /Trop de/)
  t.match(inputNamed(refused.body, 'name'), 'value="De trop"')
  t.equal((await injectAs(limited, owner, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'API', expiresInDays: 1 } })).statusCode, 429, 'the API counted the form’s')
})

t.test('tokens: revoked through a confirmation page posting to itself — 303 back with the API’s message', async (t) => {
  const owner = await seedAccount(app)
  const { id, token } = await createToken(owner)
  const page = await injectAs(app, owner, `/users/profile/tokens/${id}/revoke`)
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Révoquer le jeton « Script » ?')
  t.match(page.body, new RegExp(`<form class="admin-confirm-form profile-confirm-form" action="/users/profile/tokens/${id}/revoke" method="post">`))
  t.match(page.body, `href="/users/profile/${owner.id}#profile-tokens-title"`, '« Annuler » back to the profile')
  const crossLink = await injectAs(app, owner, { url: `/users/profile/tokens/${id}/revoke`, headers: { 'sec-fetch-site': 'cross-site' } })
  t.same([crossLink.statusCode, crossLink.headers.location], [303, `/users/profile/${owner.id}#profile-tokens-title`], 'another site’s link shows no confirmation')

  const res = await submit(app, `/users/profile/tokens/${id}/revoke`, {}, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${owner.id}#profile-tokens-title`)
  t.match(await flashAfter(app, res, owner.cookie), 'Jeton révoqué.')
  t.same(await tokensOf(owner), [])
  t.equal((await app.inject({ url: '/api/auth/status', headers: { authorization: `Bearer ${token}` } })).statusCode, 401, 'the token no longer works')

  const again = await submit(app, `/users/profile/tokens/${id}/revoke`, {}, owner.cookie)
  t.equal(again.statusCode, 404, 'gone: the 404 page')
  t.match(again.headers['content-type'], /text\/html/)
  const another = await seedAccount(app)
  const theirs = await createToken(another)
  t.equal((await submit(app, `/users/profile/tokens/${theirs.id}/revoke`, {}, owner.cookie)).statusCode, 404, 'another’s token is none of one’s own')
  t.equal((await injectAs(app, owner, `/users/profile/tokens/${theirs.id}/revoke`)).statusCode, 404)
  t.equal((await tokensOf(another)).length, 1)
})

t.test('tokens: a visitor logs in first, another site is refused, a token manages no tokens', async (t) => {
  const owner = await seedAccount(app)
  const { id, token } = await createToken(owner)
  const visitor = await submit(app, '/users/profile/tokens', { name: 'X', expiresInDays: '1' })
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'])
  t.equal(cookieOf(visitor, /^return-to$/), 'return-to=/users/profile')
  const visitorRevoke = await submit(app, `/users/profile/tokens/${id}/revoke`, {})
  t.same([visitorRevoke.statusCode, visitorRevoke.headers.location], [303, '/login'])
  t.equal(cookieOf(visitorRevoke, /^return-to$/), `return-to=/users/profile/tokens/${id}/revoke`, 'back to the confirmation page')
  for (const url of ['/users/profile/tokens', `/users/profile/tokens/${id}/revoke`]) {
    t.equal((await submit(app, url, { name: 'X', expiresInDays: '1' }, owner.cookie, CROSS_SITE)).statusCode, 403, `${url}: another site`)
    const byToken = await submit(app, url, { name: 'X', expiresInDays: '1' }, undefined, { authorization: `Bearer ${token}` })
    t.same([byToken.statusCode, byToken.headers.location], [303, '/login'], `${url}: a token’s post is a visitor’s`)
  }
  t.same((await tokensOf(owner)).map((row) => row.id), [id], 'nothing made or revoked')
  for (const request of [{ method: 'POST' as const, url: '/api/auth/tokens', payload: { name: 'X', expiresInDays: 1 } }, { method: 'DELETE' as const, url: `/api/auth/tokens/${id}` }]) {
    const api = await app.inject({ ...request, headers: { authorization: `Bearer ${token}` } })
    t.same([api.statusCode, api.json().message], [403, accessTokenTexts.accountManagement], `${request.method} ${request.url}: the account-management refusal, unchanged`)
  }
})

/** The secret the two-factor page shows (drawn on the server). */
const secretOn = (html: string) => /data-secret="([A-Z2-7]+)"/.exec(html)?.[1] ?? ''

t.test('two-factor on without JavaScript: the page’s code posts to the page, answered 200 no-store with the recovery codes once; the API’s effects', async (t) => {
  const { app: tf, clock, mailer } = await twoFactorApp(t)
  const owner = await seedAccount(tf, { accepted: true })
  const other = { ...owner, cookie: await tf.sessionCookieFor(owner.id) }
  const page = await injectAs(tf, owner, '/users/profile/two-factor')
  t.match(page.body, /<form class="auth-form"[^>]*action="\/users\/profile\/two-factor"[^>]*method="post"/)
  t.match(page.body, /<button type="submit" class="button button-primary auth-submit">Activer/, 'enabled in the server’s HTML')
  const secret = secretOn(page.body)
  t.ok(secret, 'the secret is on the page')

  // Issue 34: the password too, as turning it off asks.
  const noPassword = await submit(tf, '/users/profile/two-factor', { code: codeFor(secret, clock.now()) }, owner.cookie)
  t.equal(noPassword.statusCode, 400)
  t.equal(errorUnder(noPassword.body, 'password'), 'Mot de passe requis')
  const wrongPassword = await submit(tf, '/users/profile/two-factor', { password: 'Faux#Mot2passe', code: codeFor(secret, clock.now()) }, owner.cookie)
  t.equal(wrongPassword.statusCode, 400)
  t.equal(errorUnder(wrongPassword.body, 'password'), 'Mot de passe incorrect.')
  const wrong = await submit(tf, '/users/profile/two-factor', { password: SEED_PASSWORD, code: '12345' }, owner.cookie)
  t.equal(wrong.statusCode, 400)
  t.equal(errorUnder(wrong.body, 'code'), 'Le code doit comporter 6 chiffres.')
  t.equal(secretOn(wrong.body), secret, 'the same secret shown again')
  const bad = codeFor(secret, new Date(clock.now().getTime() + 10 * STEP))
  const refused = await submit(tf, '/users/profile/two-factor', { password: SEED_PASSWORD, code: bad }, owner.cookie)
  t.equal(refused.statusCode, 400, 'the service’s refusal, at the API’s status')
  t.equal(errorUnder(refused.body, 'code'), 'Code incorrect ou déjà utilisé.')

  const since = await lastJournalId(tf.ports.db)
  const res = await submit(tf, '/users/profile/two-factor', { password: SEED_PASSWORD, code: codeFor(secret, clock.now()) }, owner.cookie)
  t.equal(res.statusCode, 200)
  t.match(res.headers['cache-control'], /no-store/)
  t.equal(cookieOf(res, /^flash$/), undefined, 'never in a flash')
  const codes = [...res.body.matchAll(/<li><code>([A-Z0-9-]+)<\/code><\/li>/g)].map((m) => m[1])
  t.equal(codes.length, 10, 'the recovery codes, on the page answered')
  t.notMatch(res.body, 'Télécharger les codes', 'the download needs a script')
  t.same((await journalAfter(tf.ports.db, since)).map((e) => e.action), ['twofactor.enabled'], 'the API’s entry')
  t.equal((await injectAs(tf, other, '/api/auth/status')).statusCode, 401, 'the other session ended, as by the API')
  await settled(tf)
  t.ok(mailer.sent.find((m) => m.to === owner.email && m.subject === 'Double authentification activée sur votre compte'), 'the owner is told')
  const after = await injectAs(tf, owner, '/users/profile/two-factor')
  t.notMatch(after.body, codes[0]!, 'never shown again')
  t.match(after.body, 'Désactiver la double authentification')

  const again = await submit(tf, '/users/profile/two-factor', { password: SEED_PASSWORD, code: codeFor(secret, clock.now()) }, owner.cookie)
  t.equal(again.statusCode, 409, 'already on: the page again at the API’s status')
  t.match(summaryOf(again.body), 'La double authentification est déjà activée.')
})

t.test('two-factor off without JavaScript: password and code, errors in place, 303 to the profile with the API’s message', async (t) => {
  const { app: tf, clock, mailer } = await twoFactorApp(t)
  const owner = await seedAccount(tf, { accepted: true })
  const { secret } = await enroll(tf, clock, owner)
  const page = await injectAs(tf, owner, '/users/profile/two-factor')
  t.match(page.body, /<form class="auth-form"[^>]*action="\/users\/profile\/two-factor\/disable"[^>]*method="post"/)

  const empty = await submit(tf, '/users/profile/two-factor/disable', { password: '', code: '' }, owner.cookie)
  t.equal(empty.statusCode, 400)
  t.equal(errorUnder(empty.body, 'password'), 'Mot de passe requis')
  const wrongPassword = await submit(tf, '/users/profile/two-factor/disable', { password: 'Faux#Mot2passe', code: codeFor(secret, clock.now()) }, owner.cookie)
  t.equal(wrongPassword.statusCode, 400)
  t.equal(errorUnder(wrongPassword.body, 'password'), 'Mot de passe incorrect.')
  t.notMatch(inputNamed(wrongPassword.body, 'password'), 'value=', 'a password is never typed back')
  const wrongCode = await submit(tf, '/users/profile/two-factor/disable', { password: SEED_PASSWORD, code: codeFor(secret, new Date(clock.now().getTime() + 10 * STEP)) }, owner.cookie)
  t.equal(wrongCode.statusCode, 400)
  t.equal(errorUnder(wrongCode.body, 'code'), 'Code incorrect ou déjà utilisé.')

  const since = await lastJournalId(tf.ports.db)
  // The step after enrolment's (enrolment spent the current one; the window takes the next).
  const res = await submit(tf, '/users/profile/two-factor/disable', { password: SEED_PASSWORD, code: codeFor(secret, new Date(clock.now().getTime() + STEP)) }, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${owner.id}`)
  t.match(await flashAfter(tf, res, owner.cookie), 'Double authentification désactivée.')
  t.same((await journalAfter(tf.ports.db, since)).map((e) => e.action), ['twofactor.disabled'])
  t.match((await injectAs(tf, owner, '/users/profile/two-factor')).body, 'Activer la double authentification', 'off: the setup is offered again')
  await settled(tf)
  t.ok(mailer.sent.find((m) => m.to === owner.email && /désactivée/.test(m.subject)), 'the owner is told')
})

t.test('two-factor: a visitor logs in first, another site is refused, the limits are the API’s, a token manages none of it', async (t) => {
  const { app: tf, clock } = await twoFactorApp(t, { RATE_LIMIT_LOGIN_IP: '3' })
  const owner = await seedAccount(tf, { accepted: true })
  for (const url of ['/users/profile/two-factor', '/users/profile/two-factor/disable']) {
    const visitor = await submit(tf, url, { code: '123456', password: 'x' })
    t.same([visitor.statusCode, visitor.headers.location], [303, '/login'], `${url}: a visitor`)
    t.equal(cookieOf(visitor, /^return-to$/), 'return-to=/users/profile/two-factor')
    t.equal((await submit(tf, url, { code: '123456' }, owner.cookie, CROSS_SITE)).statusCode, 403, `${url}: another site`)
  }
  // One bucket per action: the API's two tries and the form's count together (3 per quarter hour here).
  await injectAs(tf, owner, '/users/profile/two-factor') // the pending secret the codes are checked against
  await injectAs(tf, owner, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '000000' } })
  await injectAs(tf, owner, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '000000' } })
  t.equal((await submit(tf, '/users/profile/two-factor', { code: '000000' }, owner.cookie)).statusCode, 400, 'the third, by the form')
  const limited = await submit(tf, '/users/profile/two-factor', { code: '000000' }, owner.cookie)
  t.equal(limited.statusCode, 429)
  t.match(summaryOf(limited.body), /Trop de/)
  t.equal((await injectAs(tf, owner, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '000000' } })).statusCode, 429, 'the API counted the form’s')

  const res = await injectAs(tf, owner, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })
  const { token } = res.json<{ token: string }>()
  const byToken = await submit(tf, '/users/profile/two-factor', { code: '000000' }, undefined, { authorization: `Bearer ${token}` })
  t.same([byToken.statusCode, byToken.headers.location], [303, '/login'], 'a token’s post is a visitor’s')
  const api = await tf.inject({ method: 'POST', url: '/api/auth/2fa/disable', payload: { password: SEED_PASSWORD, code: '000000' }, headers: { authorization: `Bearer ${token}` } })
  t.same([api.statusCode, api.json().message], [403, accessTokenTexts.accountManagement], 'the account-management refusal, unchanged')
  t.ok(clock)
})

t.test('deleting one’s account without JavaScript: a link to a confirmation page posting to itself, then home with the API’s message', async (t) => {
  const owner = await seedAccount(app, { accepted: true })
  const profile = (await injectAs(app, owner, `/users/profile/${owner.id}`)).body
  t.match(profile, '<a class="button button-danger" href="/users/profile/delete">Supprimer mon compte</a>', 'a link until the dialog’s script takes over')
  const page = await injectAs(app, owner, '/users/profile/delete')
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Supprimer votre compte ?')
  t.match(page.body, /<form class="admin-confirm-form profile-confirm-form" action="\/users\/profile\/delete" method="post">/)
  t.match(page.body, `href="/users/profile/${owner.id}#profile-delete-title"`, '« Annuler » back to the profile')
  const crossLink = await injectAs(app, owner, { url: '/users/profile/delete', headers: { 'sec-fetch-site': 'cross-site' } })
  t.same([crossLink.statusCode, crossLink.headers.location], [303, `/users/profile/${owner.id}`], 'another site’s link shows no confirmation')

  const visitor = await submit(app, '/users/profile/delete', {})
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'])
  t.equal(cookieOf(visitor, /^return-to$/), 'return-to=/users/profile/delete')
  t.equal((await submit(app, '/users/profile/delete', {}, owner.cookie, CROSS_SITE)).statusCode, 403, 'another site')
  const { token } = await createToken(owner)
  const byToken = await submit(app, '/users/profile/delete', {}, undefined, { authorization: `Bearer ${token}` })
  t.same([byToken.statusCode, byToken.headers.location], [303, '/login'], 'a token’s post is a visitor’s')
  const api = await app.inject({ method: 'DELETE', url: `/api/users/profile/${owner.id}`, headers: { authorization: `Bearer ${token}` } })
  t.same([api.statusCode, api.json().message], [403, accessTokenTexts.accountManagement], 'the account-management refusal, unchanged')
  t.equal((await injectAs(app, owner, '/api/auth/status')).statusCode, 200, 'still there')

  const admin = await seedAccount(app, { admin: true })
  const refused = await submit(app, '/users/profile/delete', {}, admin.cookie)
  t.equal(refused.statusCode, 403, 'an administrator’s account: the API’s refusal, as the 403 page')
  t.match(refused.headers['content-type'], /text\/html/)
  t.equal((await injectAs(app, admin, '/api/auth/status')).statusCode, 200, 'the administrator stays')

  const since = await lastJournalId(db)
  const res = await submit(app, '/users/profile/delete', {}, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/')
  t.match(await flashAfter(app, res), 'Compte supprimé avec succès.')
  t.equal((await injectAs(app, owner, '/api/auth/status')).statusCode, 401, 'the session went with the account')
  const entries = await journalAfter(db, since)
  t.ok(entries.some((e) => e.subject_id === owner.id), 'the API’s journal entry')
})
