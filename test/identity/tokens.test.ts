// Issue 17 (contract §8): personal access tokens. Created, listed and revoked by their user from a
// session; shown once and stored hashed; `Authorization: Bearer` acts as that user with that user's
// rights and no Origin; refused on account management (403); expired or revoked → 401.
import { createHash } from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import t from 'tap'
import { injectAs, seedAccount, SEED_PASSWORD, type SeededAccount } from '../helpers/accounts.js'
import { CROSS_SITE } from '../helpers/forms.js'
import { enroll, twoFactorApp } from '../helpers/two-factor.js'
import { addType, multipart, PDF, uploadPdf } from '../documents/fixtures.js'

const DAY = 24 * 3600_000
const TOKEN = /^pat_[A-Za-z0-9_-]{43}$/
const INVALID = 'Jeton d’accès invalide, expiré ou révoqué.'
const REFUSED = 'Un jeton d’accès ne permet pas de gérer le compte (mot de passe, e-mail, suppression, double authentification, sessions, jetons) : connectez-vous sur le portail.'

interface Created {
  id: number
  name: string
  token: string
  expiresAt: string
}

async function createToken(app: FastifyInstance, account: SeededAccount, name = 'Script comptable', expiresInDays: number | string = 30): Promise<Created> {
  const res = await injectAs(app, account, { method: 'POST', url: '/api/auth/tokens', payload: { name, expiresInDays } })
  if (res.statusCode !== 201) throw new Error(`create token: ${res.statusCode} ${res.body}`)
  return res.json<Created>()
}

/** A request with the token only (no cookie, no Origin): what a script sends. */
function asToken(app: FastifyInstance, token: string, options: InjectOptions | string) {
  const request: InjectOptions = typeof options === 'string' ? { method: 'GET', url: options } : options
  return app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${token}` } })
}

t.test('a token is created from a session, shown once with its expiry, stored only as its hash, and listed without its secret', async (t) => {
  const { app, db, clock } = await twoFactorApp(t)
  const client = await seedAccount(app, { accepted: true })
  const res = await injectAs(app, client, { method: 'POST', url: '/api/auth/tokens', payload: { name: '  Export\u200B comptable ', expiresInDays: 30 } })
  t.equal(res.statusCode, 201)
  const created = res.json<Created>()
  t.match(created.token, TOKEN, 'a recognisable prefix, then 256 random bits')
  t.equal(created.name, 'Export comptable', 'trimmed, format characters removed')
  t.equal(created.expiresAt, new Date(clock.now().getTime() + 30 * DAY).toISOString())

  const rows = await db.selectFrom('access_tokens').selectAll().execute()
  t.equal(rows.length, 1)
  t.equal(rows[0]!.token_hash, createHash('sha256').update(created.token).digest('hex'), 'SHA-256 of the token')
  t.notOk(JSON.stringify(rows).includes(created.token.slice(4)), 'the secret itself is stored nowhere')

  const list = await injectAs(app, client, '/api/auth/tokens')
  t.equal(list.statusCode, 200)
  t.same(list.json(), [{ id: created.id, name: 'Export comptable', createdAt: clock.now().toISOString(), lastUsedAt: null, expiresAt: created.expiresAt }])
  t.notOk(list.body.includes(created.token.slice(4)), 'never shown again')

  const other = await seedAccount(app, { accepted: true })
  t.same((await injectAs(app, other, '/api/auth/tokens')).json(), [], 'another user sees none of them')
  const visitor = await app.inject({ method: 'POST', url: '/api/auth/tokens', payload: { name: 'x', expiresInDays: 1 } })
  t.match(visitor.json(), { code: 'unauthenticated' })
  t.equal(visitor.statusCode, 401)
})

t.test('the name and the days are checked by the shared validation: 400 with a French message and code `validation`', async (t) => {
  const { app } = await twoFactorApp(t)
  const client = await seedAccount(app, { accepted: true })
  const cases: Array<[body: object, message: RegExp]> = [
    [{ expiresInDays: 30 }, /Donnez un nom/],
    [{ name: '\u200B \u200F', expiresInDays: 30 }, /Donnez un nom/],
    [{ name: 'a'.repeat(101), expiresInDays: 30 }, /100 caractères/],
    [{ name: 'Script' }, /entre 1 et 365/],
    [{ name: 'Script', expiresInDays: 0 }, /entre 1 et 365/],
    [{ name: 'Script', expiresInDays: 366 }, /entre 1 et 365/],
    [{ name: 'Script', expiresInDays: 1.5 }, /entre 1 et 365/],
    [{ name: 'Script', expiresInDays: 'dix' }, /entre 1 et 365/],
  ]
  for (const [payload, message] of cases) {
    const res = await injectAs(app, client, { method: 'POST', url: '/api/auth/tokens', payload })
    t.equal(res.statusCode, 400, JSON.stringify(payload))
    t.match(res.json(), { code: 'validation', message })
  }
  t.equal((await createToken(app, client, 'a'.repeat(100), '365')).name.length, 100, 'the bounds are allowed; days as a form sends them')
  await createToken(app, client, 'Un jour', 1)
})

t.test('a Bearer token acts as its user: normal API calls, an upload without Origin, its last use written at most once a minute', async (t) => {
  const { app, db, clock } = await twoFactorApp(t)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilan')
  const { token } = await createToken(app, client)

  const status = await asToken(app, token, '/api/auth/status')
  t.equal(status.statusCode, 200)
  t.match(status.json(), { id: client.id, username: client.username, isAdmin: false })
  t.equal(status.headers['cache-control'], 'private, no-store', 'a user’s answer is never cached')
  t.equal((await asToken(app, token, '/api/requests')).statusCode, 200, 'the client’s own requests')

  const upload = await asToken(app, token, { method: 'POST', url: '/api/documents/upload', ...multipart([{ name: 'file', filename: 'bilan.pdf', content: PDF, type: 'application/pdf' }, { name: 'type', value: 'Bilan' }, { name: 'userId', value: String(client.id) }, { name: 'description', value: 'Par script' }]) })
  t.equal(upload.statusCode, 201, `an upload with the token and no Origin: ${upload.body}`)
  const documentId = upload.json<{ id: number }>().id
  const download = await asToken(app, token, `/api/documents/download/${documentId}`)
  t.equal(download.statusCode, 200)
  t.equal(download.rawPayload.toString('latin1'), PDF.toString('latin1'), 'the file it uploaded comes back')
  const journal = await db.selectFrom('journal').select(['action', 'actor_id']).where('action', '=', 'document.uploaded').execute()
  t.same(journal, [{ action: 'document.uploaded', actor_id: client.id }], 'journaled as the user, as with a session')

  const lastUsed = async () => (await db.selectFrom('access_tokens').select('last_used_at').executeTakeFirstOrThrow()).last_used_at
  const first = await lastUsed()
  t.match(String(first), /^\d{4}-\d\d-\d\d /, 'its use is recorded')
  clock.advance(59_000)
  await asToken(app, token, '/api/requests')
  t.equal(await lastUsed(), first, 'within the minute: nothing written')
  clock.advance(1_000)
  await asToken(app, token, '/api/requests')
  t.not(await lastUsed(), first, 'a minute later: written again')
  t.equal((await injectAs(app, client, '/api/auth/tokens')).json<Array<{ lastUsedAt: string }>>()[0]!.lastUsedAt, clock.now().toISOString(), 'and listed')
})

t.test('a token has its user’s rights: an administrator’s lists the firm’s clients, a client’s is refused them and another user’s data, as that client is', async (t) => {
  const { app } = await twoFactorApp(t)
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilan')
  const othersDocument = await uploadPdf(app, other, 'Bilan')
  const adminToken = (await createToken(app, admin)).token
  const clientToken = (await createToken(app, client)).token

  const clients = await asToken(app, adminToken, '/api/users/clients-profile')
  t.equal(clients.statusCode, 200, 'an administrator’s token lists the clients')
  t.ok(clients.json<Array<{ id: number }>>().some((row) => row.id === client.id))
  t.equal((await asToken(app, adminToken, `/api/documents/download/${othersDocument}`)).statusCode, 200, 'and downloads a client’s document')

  for (const url of ['/api/users/clients-profile', `/api/users/profile/${other.id}`, `/api/messages/${other.id}`, `/api/documents/download/${othersDocument}`, `/api/requests?userId=${other.id}`]) {
    const withToken = await asToken(app, clientToken, url)
    const withSession = await injectAs(app, client, url)
    t.equal(withToken.statusCode, withSession.statusCode, `${url}: as the session answers (${withSession.statusCode})`)
    if (url.startsWith('/api/requests')) t.same(withToken.json(), [], 'only their own requests, none of the other’s')
    else t.match(withToken.json(), { code: withToken.statusCode === 404 ? 'not_found' : 'forbidden' }, url)
  }
  const post = await asToken(app, clientToken, { method: 'POST', url: `/api/messages/${other.id}`, payload: { text: 'Bonjour' } })
  t.equal(post.statusCode, 403, 'writing in another client’s thread')
  t.equal(post.json().code, 'forbidden')
})

t.test('an expired, revoked, unknown or malformed token → 401 `unauthenticated`, even with a session cookie beside it', async (t) => {
  const { app, db, clock } = await twoFactorApp(t)
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const daily = await createToken(app, client, 'Un jour', 1)
  const revoked = await createToken(app, client, 'À révoquer', 30)

  const notTheirs = await injectAs(app, other, { method: 'DELETE', url: `/api/auth/tokens/${revoked.id}` })
  t.equal(notTheirs.statusCode, 404, 'another user cannot revoke it')
  t.equal(notTheirs.json().code, 'not_found')
  t.equal((await asToken(app, revoked.token, '/api/auth/status')).statusCode, 200, 'still working')
  const revoke = await injectAs(app, client, { method: 'DELETE', url: `/api/auth/tokens/${revoked.id}` })
  t.same(revoke.json(), { message: 'Jeton révoqué.' })
  t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/auth/tokens/${revoked.id}` })).statusCode, 404, 'gone')

  clock.advance(DAY - 1)
  t.equal((await asToken(app, daily.token, '/api/requests')).statusCode, 200, 'valid until its last millisecond')
  clock.advance(1)
  const unknown = `pat_${'A'.repeat(43)}`
  for (const [what, token] of [['expired', daily.token], ['revoked', revoked.token], ['unknown', unknown], ['malformed', 'abc'], ['empty', '']] as const) {
    const res = await asToken(app, token, '/api/requests')
    t.equal(res.statusCode, 401, what)
    t.same(res.json(), { message: INVALID, code: 'unauthenticated' }, what)
    t.equal(res.headers['www-authenticate'], 'Bearer error="invalid_token"', what)
    const withCookie = await asToken(app, token, { method: 'GET', url: '/api/requests', headers: { cookie: client.cookie } })
    t.equal(withCookie.statusCode, 401, `${what}: a cookie beside it does not rescue it (the bearer decides)`)
  }
  t.same((await injectAs(app, client, '/api/auth/tokens')).json(), [], 'neither is listed any more')
  t.ok((await app.services.identity.sessions.sweep()) >= 1, 'the hourly sweep removes the expired one')
  t.same(await db.selectFrom('access_tokens').select('id').execute(), [], 'no row left')
})

t.test('account management is refused to a token (403 `forbidden`) and changes nothing', async (t) => {
  const { app, db } = await twoFactorApp(t)
  const client = await seedAccount(app, { accepted: true })
  const admin = await seedAccount(app, { admin: true })
  const created = await createToken(app, client)
  const adminToken = (await createToken(app, admin)).token
  const refused: Array<[token: string, request: InjectOptions]> = [
    [created.token, { method: 'POST', url: `/api/password/changepassword/${client.id}`, payload: { oldPassword: SEED_PASSWORD, newPassword: 'Kp4$wXn8sQ' } }],
    [created.token, { method: 'DELETE', url: `/api/users/profile/${client.id}` }],
    [created.token, { method: 'POST', url: '/api/auth/2fa/setup', payload: {} }],
    [created.token, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code: '123456' } }],
    [created.token, { method: 'POST', url: '/api/auth/2fa/disable', payload: { password: SEED_PASSWORD, code: '123456' } }],
    [created.token, { method: 'GET', url: '/api/auth/sessions' }],
    [created.token, { method: 'DELETE', url: '/api/auth/sessions' }],
    [created.token, { method: 'DELETE', url: '/api/auth/sessions/abc' }],
    [created.token, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Encore un', expiresInDays: 30 } }],
    [created.token, { method: 'GET', url: '/api/auth/tokens' }],
    [created.token, { method: 'DELETE', url: `/api/auth/tokens/${created.id}` }],
    [created.token, { method: 'POST', url: '/api/auth/logout' }],
    [adminToken, { method: 'DELETE', url: `/api/users/profile/${client.id}` }],
    [adminToken, { method: 'POST', url: `/api/users/2fa/reset/${client.id}` }],
  ]
  for (const [token, request] of refused) {
    const res = await asToken(app, token, request)
    t.equal(res.statusCode, 403, `${request.method} ${request.url}`)
    t.same(res.json(), { message: REFUSED, code: 'forbidden' }, `${request.method} ${request.url}`)
  }
  t.ok(await db.selectFrom('users').select('id').where('id', '=', client.id).executeTakeFirst(), 'the account is still there')
  t.equal((await db.selectFrom('access_tokens').select('id').execute()).length, 2, 'no token made or revoked')
  t.equal((await db.selectFrom('user_two_factor').select('user_id').execute()).length, 0, 'no two-factor set up')
  t.equal((await asToken(app, created.token, '/api/auth/status')).statusCode, 200, 'the token still works where it may')
})

t.test('a Bearer call needs no Origin, even a foreign one; a cookie call from another site is still refused; with both, the bearer wins', async (t) => {
  const { app } = await twoFactorApp(t)
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const { token } = await createToken(app, client)
  const write = (headers: Record<string, string>) => ({ method: 'POST' as const, url: `/api/messages/${client.id}`, payload: { text: 'Bonjour' }, headers })

  const byCookie = await injectAs(app, client, write(CROSS_SITE))
  t.equal(byCookie.statusCode, 403, 'a cookie request from another site is refused')
  t.equal(byCookie.json().code, 'forbidden')
  t.equal((await injectAs(app, client, write({ origin: 'http://portail.test' }))).statusCode, 201, 'from the portal itself it passes')
  t.equal((await asToken(app, token, write({}))).statusCode, 201, 'a token without Origin')
  t.equal((await asToken(app, token, write(CROSS_SITE))).statusCode, 201, 'a token with any Origin: no site can make a browser send it')

  // The other user's session cookie beside the client's token: the request is the token's.
  const both = await asToken(app, token, { method: 'GET', url: '/api/auth/status', headers: { cookie: other.cookie } })
  t.equal(both.json().id, client.id, 'the bearer wins, the cookie is not read')
  t.notOk(both.headers['set-cookie'], 'and not touched')
  // Pages keep the cookie: a token does not open them.
  const page = await asToken(app, token, { method: 'GET', url: `/users/profile/${client.id}`, headers: { accept: 'text/html' } })
  t.equal(page.statusCode, 303)
  t.equal(page.headers.location, '/login')
})

t.test('a token counts against its user’s limits, with their sessions', async (t) => {
  const { app } = await twoFactorApp(t, { RATE_LIMIT_MESSAGE_USER: '2' })
  const client = await seedAccount(app, { accepted: true })
  const { token } = await createToken(app, client)
  const write = { method: 'POST' as const, url: `/api/messages/${client.id}`, payload: { text: 'Bonjour' } }
  t.equal((await injectAs(app, client, write)).statusCode, 201)
  t.equal((await asToken(app, token, write)).statusCode, 201)
  const third = await asToken(app, token, write)
  t.equal(third.statusCode, 429, 'one counter for the user, whichever credential')
  t.equal(third.json().code, 'rate_limited')
})

t.test('a password change ends the user’s tokens; deleting the account deletes them', async (t) => {
  const { app, db } = await twoFactorApp(t)
  const client = await seedAccount(app, { accepted: true })
  const { token } = await createToken(app, client)
  const changed = await injectAs(app, client, { method: 'POST', url: `/api/password/changepassword/${client.id}`, payload: { oldPassword: SEED_PASSWORD, newPassword: 'Kp4$wXn8sQ' } })
  t.equal(changed.statusCode, 200)
  t.equal((await asToken(app, token, '/api/auth/status')).statusCode, 401, 'the token died with the old password')

  const leaving = await seedAccount(app, { accepted: true })
  await createToken(app, leaving)
  t.equal((await injectAs(app, leaving, { method: 'DELETE', url: `/api/users/profile/${leaving.id}` })).statusCode, 200)
  t.same(await db.selectFrom('access_tokens').select('id').execute(), [], 'no token outlives its account')
})

t.test('turning two-factor on ends the tokens made with the password alone; the firm’s reset of it ends every token', async (t) => {
  const { app, clock, db } = await twoFactorApp(t)
  const client = await seedAccount(app, { accepted: true })
  const before = await createToken(app, client, 'Fait avec le mot de passe seul')
  t.equal((await asToken(app, before.token, '/api/requests')).statusCode, 200)
  await enroll(app, clock, client)
  t.equal((await asToken(app, before.token, '/api/requests')).statusCode, 401, 'it would open the account without a code: gone with the other sessions')

  const proven = await createToken(app, client, 'Fait avec le code')
  t.equal((await asToken(app, proven.token, '/api/requests')).statusCode, 200, 'a token made in the session proven with the code stays')
  const other = await seedAccount(app, { accepted: true })
  const untouched = await createToken(app, other)

  // A lost phone, or an authenticator enrolled by someone who also made tokens with it.
  const admin = await seedAccount(app, { admin: true })
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/users/2fa/reset/${client.id}` })).statusCode, 200)
  t.equal((await asToken(app, proven.token, '/api/requests')).statusCode, 401, 'the reset ends every token of the account')
  t.same(await db.selectFrom('access_tokens').select('user_id').execute(), [{ user_id: other.id }], 'another user’s tokens are not touched')
  t.equal((await asToken(app, untouched.token, '/api/requests')).statusCode, 200)
})

t.test('REQUIRE_ADMIN_2FA: an administrator’s token is made only from a session proven with the second factor, and carries that proof', async (t) => {
  const { app, clock } = await twoFactorApp(t, { REQUIRE_ADMIN_2FA: 'true' })
  const admin = await seedAccount(app, { admin: true })
  const refused = await injectAs(app, admin, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })
  t.equal(refused.statusCode, 403, 'not enrolled: no token')
  t.equal(refused.json().code, 'forbidden')

  await enroll(app, clock, admin)
  const { token } = await createToken(app, admin)
  t.equal((await asToken(app, token, '/api/users/counts')).statusCode, 200, 'made from the proven session: it works on the back-office')

  // A token without the proof (made before REQUIRE_ADMIN_2FA was set, say) does not pass the gate.
  const user = (await asToken(app, token, '/api/auth/status')).json()
  const unproven = await app.services.identity.accessTokens.create({ ...user, email: admin.email, twoFactor: true, secondFactor: false }, { name: 'Ancien', expiresInDays: 30 })
  const gate = await asToken(app, unproven.token, '/api/users/counts')
  t.equal(gate.statusCode, 403)
  t.equal(gate.json().code, 'forbidden')
  t.equal((await asToken(app, unproven.token, '/api/messages')).statusCode, 403, 'nor the clients’ threads')
  t.equal((await asToken(app, token, '/api/messages')).statusCode, 200, 'which the proven token reads')

  const client = await seedAccount(app, { accepted: true })
  t.equal((await asToken(app, (await createToken(app, client)).token, '/api/requests')).statusCode, 200, 'a client’s token is not concerned')
})
