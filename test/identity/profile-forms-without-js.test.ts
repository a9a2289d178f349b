// Issue 17 (contract §8): the profile's account forms posted without JavaScript — the sessions' ends,
// the personal access tokens, two-factor and the account's deletion — with the JSON routes' checks,
// service calls, limits and journal entries: a 303 back to the profile with the API's message, or the
// page again with the errors in place; a visitor logs in first, another site is refused, and a token
// still cannot manage the account.
import t from 'tap'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { journalAfter, lastJournalId } from '../helpers/admin-forms.js'
import { flashAfter, FORM, submit } from '../helpers/forms.js'
import { cookieOf } from '../helpers/two-factor.js'

const { app } = await buildTestApp(t)
const db = app.ports.db
const REFUSED = 'Un jeton d’accès ne permet pas de gérer le compte (mot de passe, e-mail, suppression, double authentification, sessions, jetons) : connectez-vous sur le portail.'
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }

interface Session {
  id: string
  current: boolean
}
const sessionsOf = async (account: SeededAccount) => (await injectAs(app, account, '/api/auth/sessions')).json<Session[]>()

/** A second session for the account (another browser), as its cookie. */
const anotherSession = async (account: SeededAccount) => ({ ...account, cookie: await app.sessionCookieFor(account.id) })

/** A plain post with extra headers (another site's, a token's). */
function postWith(server: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string>, cookie?: string) {
  const request: InjectOptions = { method: 'POST', url, headers: { ...FORM, ...headers, ...(cookie ? { cookie } : {}) }, payload: new URLSearchParams(fields).toString() }
  return server.inject(request)
}

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
  t.equal((await injectAs(app, other, '/api/auth/status')).json().user ?? null, null, 'the other browser is logged out')
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
  t.equal((await injectAs(app, owner, '/api/auth/status')).json().user ?? null, null)
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
    const crossSite = await postWith(app, url, {}, CROSS_SITE, owner.cookie)
    t.equal(crossSite.statusCode, 403, `${url}: another site`)
    const { token } = await createToken(owner)
    const byToken = await postWith(app, url, {}, { authorization: `Bearer ${token}` })
    t.same([byToken.statusCode, byToken.headers.location], [303, '/login'], `${url}: a token opens no page, its post is a visitor’s`)
  }
  t.equal((await sessionsOf(owner)).length, 2, 'nothing ended')
  t.ok(other)
  const { token } = await createToken(owner)
  const api = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: { authorization: `Bearer ${token}` } })
  t.same([api.statusCode, api.json().message], [403, REFUSED], 'the API’s account-management refusal, unchanged')

  const visitorProfile = await injectAs(app, owner, '/users/profile')
  t.same([visitorProfile.statusCode, visitorProfile.headers.location], [303, `/users/profile/${owner.id}`], '/users/profile is one’s own')
})
