// Issue 29's permission matrix: every route of the portal, old and new, for a visitor, company A's
// owner and member, company B's member, a staff member serving A, one serving B only, and an
// administrator, from one table (contract §3, §6, §7, §8, §9). A route without a row, or a row
// naming no route, fails the test: a new route cannot be added without saying who may call it.
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql, type Kysely } from 'kysely'
import sharp from 'sharp'
import t from 'tap'
import { projectRoot } from '../../src/config.js'
import { isMysql } from '../../src/db/database.js'
import { nowDb } from '../../src/db/values.js'
import { seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, type TestApp } from '../helpers/app.js'
import { nextYear } from '../helpers/due-dates.js'
import { SHARED_APP_LIMITS } from '../helpers/identity.js'
import { catchRoutes, describeExpected, matches, outcomeOf, PERSONAS, sameOrigin, type Expectations, type Expected, type Outcome, type Persona } from '../helpers/matrix.js'
import { multipart, PDF, type Part } from '../documents/fixtures.js'

t.setTimeout(600_000)

const LIMITS = {
  ...SHARED_APP_LIMITS,
  RATE_LIMIT_LOGIN_ACCOUNT: '10000',
  RATE_LIMIT_CONTACT_IP: '10000',
  RATE_LIMIT_UPLOAD_USER: '10000',
  RATE_LIMIT_MESSAGE_USER: '10000',
}

const caught = catchRoutes()
const built = await buildTestApp(t, { ...LIMITS, PUBLIC_URL: 'http://portail.test' })
caught.stop()
const { app, db, config } = built

// ---------------------------------------------------------------------------------------------
// The world: two companies, two staff members, an administrator, and company A's things.

interface Company {
  id: number
  owner: SeededAccount
  member: SeededAccount
}

/** Who may be asked for, and what, about company A (the table's targets). */
interface Fx extends TestApp {
  a: Company
  b: Company
  staffAssigned: SeededAccount
  staffUnassigned: SeededAccount
  admin: SeededAccount
  typeName: string
  typeId: number
  /** An upload of A by its member, not viewed. */
  doc: number
  docFile: string
  viewed: number
  archived: number
  /** A document the firm sent A. */
  sent: number
  sentFile: string
  request: number
  contactMessage: number
  unaccepted: number
  photo: string
}

const assign = (clientId: number, staffId: number) => db.insertInto('client_staff').values({ client_id: clientId, staff_id: staffId, created_at: nowDb() }).execute()
const unique = () => randomBytes(4).toString('hex')

async function company(staff?: SeededAccount): Promise<Company> {
  const owner = await seedAccount(app, { accepted: true, entreprise: `SARL ${unique()}` })
  const member = await seedAccount(app, { companyId: owner.id })
  if (staff) await assign(owner.id, staff.id)
  return { id: owner.id, owner, member }
}

/** A request as `account` (null: a visitor), from the portal's own pages, with `cookie` or a session of its own (rows end sessions). */
async function call(account: SeededAccount | null, options: InjectOptions, cookie?: string): Promise<LightMyRequestResponse> {
  const request = sameOrigin(config.publicUrl, options)
  const session = cookie ?? (account ? await app.sessionCookieFor(account.id) : undefined)
  return app.inject({ ...request, headers: { ...(request.headers ?? {}), ...(session ? { cookie: session } : {}) } })
}

async function expectStatus(what: string, res: LightMyRequestResponse, ...statuses: number[]): Promise<LightMyRequestResponse> {
  if (!statuses.includes(res.statusCode)) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`)
  return res
}

const staffAssigned = await seedAccount(app, { role: 'staff', username: `Staff A ${unique()}` })
const staffUnassigned = await seedAccount(app, { role: 'staff', username: `Staff B ${unique()}` })
const admin = await seedAccount(app, { admin: true, role: 'admin' })
const a = await company(staffAssigned)
const b = await company(staffUnassigned)

const typeName = `Bilan ${unique()}`
await expectStatus('type', await call(admin, { method: 'POST', url: '/api/documents/types', payload: { typeName } }), 201)
const typeId = (await db.selectFrom('document_types').select('id').where('type_name', '=', typeName).executeTakeFirstOrThrow()).id

const uploadParts = (userId: number, extra: Part[] = []): Part[] => [
  { name: 'file', filename: 'bilan.pdf', content: PDF, type: 'application/pdf' },
  { name: 'type', value: typeName },
  { name: 'userId', value: String(userId) },
  { name: 'description', value: 'Bilan annuel' },
  ...extra,
]

/** An upload to A by its member, for the company (contract §9: the company's id as `userId`), not viewed. */
async function newDocument(): Promise<number> {
  const res = await expectStatus('upload', await call(a.member, { method: 'POST', url: '/api/documents/upload', ...multipart(uploadParts(a.id)) }), 201)
  return res.json().id as number
}
async function viewedDocument(): Promise<number> {
  const id = await newDocument()
  await expectStatus('view', await call(admin, { url: `/api/documents/view-document/${id}` }), 200)
  return id
}
async function archivedDocument(): Promise<number> {
  const id = await viewedDocument()
  await expectStatus('archive', await call(admin, { method: 'POST', url: `/api/documents/archive/${id}` }), 200)
  return id
}
/** A viewed document of A on legal hold (contract §12), for the rows that lift one. */
async function heldDocument(): Promise<number> {
  const id = await viewedDocument()
  await expectStatus('hold', await call(admin, { method: 'POST', url: `/api/documents/hold/${id}` }), 200)
  return id
}
async function fileOf(id: number): Promise<string> {
  const { storage_key } = await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()
  return storage_key.replace('documents/', '/uploads/')
}
async function sentDocument(): Promise<number> {
  const parts: Part[] = [
    { name: 'file', filename: 'attestation.pdf', content: PDF, type: 'application/pdf' },
    { name: 'name', value: 'Attestation' },
    { name: 'description', value: 'Du cabinet' },
  ]
  return (await expectStatus('send', await call(admin, { method: 'POST', url: `/api/documents/send/${a.id}`, ...multipart(parts) }), 201)).json().id as number
}
const requestBody = (userId = a.id) => ({ userId, typeId, title: 'Bilan 2025', note: 'Merci', dueDate: nextYear('06-30') })
async function newRequest(): Promise<number> {
  // The matrix asks client A for dozens of requests: dated as if over past days, they stay under the cap of
  // 20 a client in 24 hours (issue 34; the cap itself: test/requests/limits.test.ts).
  await db.updateTable('requests').set({ created_at: '2000-01-01 00:00:00.000' }).execute()
  return (await expectStatus('request', await call(admin, { method: 'POST', url: '/api/requests', payload: requestBody() }), 201)).json().id as number
}
async function newContactMessage(): Promise<number> {
  const email = `contact-${unique()}@example.dz`
  await expectStatus('contact', await call(null, { method: 'POST', url: '/api/users/contact', payload: { name: 'Karim Benali', email, telephone: '0661234567', message: 'Bonjour, un rendez-vous ?' } }), 200, 201)
  return (await db.selectFrom('contact_messages').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
}
const newUnaccepted = async () => (await seedAccount(app, { accepted: false })).id
async function newType(): Promise<number> {
  const name = `Type ${unique()}`
  await expectStatus('type', await call(admin, { method: 'POST', url: '/api/documents/types', payload: { typeName: name } }), 201)
  return (await db.selectFrom('document_types').select('id').where('type_name', '=', name).executeTakeFirstOrThrow()).id
}

const doc = await newDocument()
const viewed = await viewedDocument()
const archived = await archivedDocument()
const sent = await sentDocument()
const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } }).png().toBuffer()
const photoRes = await expectStatus('photo', await call(a.owner, { method: 'POST', url: '/api/users/profile/uplaod-photo', ...multipart([{ name: 'image', filename: 'logo.png', content: image, type: 'image/png' }]) }), 200)
await expectStatus('message', await call(admin, { method: 'POST', url: `/api/messages/${a.id}`, payload: { text: 'Bonjour' } }), 201)

const fx: Fx = {
  ...built,
  a,
  b,
  staffAssigned,
  staffUnassigned,
  admin,
  typeName,
  typeId,
  doc,
  docFile: await fileOf(doc),
  viewed,
  archived,
  sent,
  sentFile: await fileOf(sent),
  request: await newRequest(),
  contactMessage: await newContactMessage(),
  unaccepted: await newUnaccepted(),
  photo: new URL(photoRes.json().profilePhoto.url as string, 'http://portail.test').pathname,
}

function accountOf(world: Fx, persona: Persona): SeededAccount | null {
  switch (persona) {
    case 'visitor':
      return null
    case 'owner':
      return world.a.owner
    case 'member':
      return world.a.member
    case 'otherMember':
      return world.b.member
    case 'staffAssigned':
      return world.staffAssigned
    case 'staffUnassigned':
      return world.staffUnassigned
    case 'admin':
      return world.admin
  }
}

/** A new account of the persona's kind (for a row that ends the account it acts as). */
async function freshActor(persona: Persona): Promise<SeededAccount | null> {
  switch (persona) {
    case 'visitor':
      return null
    case 'owner':
      return (await company(staffAssigned)).owner
    case 'member':
      return seedAccount(app, { companyId: a.id })
    case 'otherMember':
      return seedAccount(app, { companyId: b.id })
    case 'staffAssigned': {
      const staff = await seedAccount(app, { role: 'staff' })
      await assign(a.id, staff.id)
      return staff
    }
    case 'staffUnassigned': {
      const staff = await seedAccount(app, { role: 'staff' })
      await assign(b.id, staff.id)
      return staff
    }
    case 'admin':
      return seedAccount(app, { admin: true, role: 'admin' })
  }
}

// ---------------------------------------------------------------------------------------------
// The table.

interface Ctx {
  fx: Fx
  persona: Persona
  /** Who asks (null: a visitor). */
  account: SeededAccount | null
  /** The session the request is sent with: a new one for each request, so a row ending it ends nothing else. */
  cookie: string | null
}

type Body = { json: unknown } | { form: Record<string, string> } | { multipart: Part[] }

interface Row {
  /** `METHOD /pattern`, as the app declares it. */
  route: string
  url: (ctx: Ctx) => string | Promise<string>
  body?: (ctx: Ctx) => Body | Promise<Body>
  expect: Expectations
  /** `company`: a new company A (owner, member, served by staffAssigned) for each persona; `actor`: a new account of each persona's kind. */
  fresh?: 'company' | 'actor'
  /** A success that goes home (the contact form, deleting one's account): a 303 to `/` is `ok`. */
  homeIsOk?: boolean
}

const E = (visitor: Expected, owner: Expected, member: Expected, otherMember: Expected, staffAssigned: Expected, staffUnassigned: Expected, adminE: Expected): Expectations => ({
  visitor,
  owner,
  member,
  otherMember,
  staffAssigned,
  staffUnassigned,
  admin: adminE,
})
/** Another company's thing: refused, 403 or 404 (contract §3 and §7 do not fix which). */
const OTHER: readonly Outcome[] = [403, 404]

/** Anyone (contract §3's first line, the public site). */
const PUBLIC = E('ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok')
/** Pages for visitors only: a logged-in person goes home (guestOnly). */
const GUEST_PAGE = E('ok', 'home', 'home', 'home', 'home', 'home', 'home')
/** The logged-in person's own (contract §3's second line, §6, §8). */
const SELF_API = E(401, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok')
const SELF_PAGE = E('login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok')
/** Administrators only (contract §9: an admin-only action answers 403 to staff). */
const ADMIN_API = E(401, 403, 403, 403, 403, 403, 'ok')
/** The firm, about no client in particular: the scope decides what is listed (§9). */
const FIRM_API = E(401, 403, 403, 403, 'ok', 'ok', 'ok')
/** The firm, about company A: another client's thing is a 404 to staff (§9). */
const FIRM_API_A = E(401, 403, 403, 403, 'ok', 404, 'ok')
/** Company A's things: its people, the staff serving it, administrators (§3, §7, §9). */
const COMPANY_A_API = E(401, 'ok', 'ok', OTHER, 'ok', 404, 'ok')
/** Back-office pages: a visitor logs in first, anyone else but the firm goes home (contract §8, deep-links tests). */
const ADMIN_PAGE = E('login', 'home', 'home', 'home', 'home', 'home', 'ok')
const FIRM_PAGE = E('login', 'home', 'home', 'home', 'ok', 'ok', 'ok')
const FIRM_PAGE_A = E('login', 'home', 'home', 'home', 'ok', 404, 'ok')
/** Back-office forms without JavaScript: a visitor logs in first, anyone else not allowed gets the 403 page (adminForm). */
const ADMIN_FORM = E('login', 403, 403, 403, 403, 403, 'ok')
const FIRM_FORM_A = E('login', 403, 403, 403, 'ok', 404, 'ok')

const form = (fields: Record<string, string> = {}): Body => ({ form: fields })
const json = (value: unknown): Body => ({ json: value })
const fixed = (url: string) => () => url

/** A session of the asker's other than the one the request is sent with (its id as the sessions list gives it). */
async function otherSession(ctx: Ctx): Promise<string> {
  const account = ctx.account ?? ctx.fx.admin
  await app.sessionCookieFor(account.id)
  const list = await call(account, { url: '/api/auth/sessions' }, ctx.cookie ?? undefined)
  const other = (list.json() as Array<{ id: string; current: boolean }>).find((session) => !session.current)
  if (!other) throw new Error('no other session')
  return other.id
}
/** A new personal access token of the asker's (any id for a visitor). */
async function ownToken(ctx: Ctx): Promise<number> {
  const account = ctx.account ?? ctx.fx.admin
  const res = await expectStatus('token', await call(account, { method: 'POST', url: '/api/auth/tokens', payload: { name: `Script ${unique()}`, expiresInDays: 30 } }), 201)
  return res.json().id as number
}
/** The company a person uploads for: a member's company, else the person's own id (an owner, or the firm's person for themselves). */
const companyOf = (world: Fx, account: SeededAccount | null) => (account?.id === world.a.member.id ? world.a.id : account?.id === world.b.member.id ? world.b.id : (account?.id ?? world.a.id))
const newStaff = async () => (await seedAccount(app, { role: 'staff' })).id
const newAdmin = async () => (await seedAccount(app, { admin: true, role: 'admin' })).id
const newMemberOfA = async (ctx: Ctx) => (await seedAccount(app, { companyId: ctx.fx.a.id })).id
/** The obligation's page posts the same fields as text (one month ticked). */
const obligationForm = () => ({ code: `O${unique().toUpperCase()}`, label: 'TAP', dueDay: '20', dueMonths: '1', taxRegime: 'reel', leadDays: '10', active: 'on' })
const obligationBody = () => ({ code: `O${unique().toUpperCase()}`, label: 'TAP', dueDay: 20, dueMonths: [1, 4, 7, 10], appliesTo: { taxRegime: 'reel' }, leadDays: 10 })
async function newObligation(): Promise<number> {
  return (await expectStatus('obligation', await call(admin, { method: 'POST', url: '/api/obligations', payload: obligationBody() }), 201)).json().id as number
}
const firstAsset = readdirSync(join(projectRoot, 'dist/client/assets')).find((name) => name.endsWith('.js'))
const TOKEN = 'Zq3xWc8vBn2mKd5tLp7rHs9jFg4yAe6u0iOwUyTr'
const STRONG = 'Zt9#qLm2vR'

const rows: Row[] = [
  // -- The site and its files (anyone).
  { route: 'GET /', url: fixed('/'), expect: PUBLIC },
  { route: 'POST /', url: fixed('/'), body: () => form({ name: '', email: '', telephone: '', message: '' }), expect: PUBLIC, homeIsOk: true },
  { route: 'GET /services', url: fixed('/services'), expect: PUBLIC },
  { route: 'GET /confidentialite', url: fixed('/confidentialite'), expect: PUBLIC },
  // The Arabic public site (contract §10), its contact form posted without JavaScript to its own page.
  { route: 'GET /ar', url: fixed('/ar'), expect: PUBLIC },
  { route: 'GET /ar/services', url: fixed('/ar/services'), expect: PUBLIC },
  { route: 'GET /ar/contact', url: fixed('/ar/contact'), expect: PUBLIC },
  { route: 'POST /ar/contact', url: fixed('/ar/contact'), body: () => form({ name: '', email: '', telephone: '', message: '' }), expect: PUBLIC, homeIsOk: true },
  { route: 'GET /ar/confidentialite', url: fixed('/ar/confidentialite'), expect: PUBLIC },
  { route: 'GET /robots.txt', url: fixed('/robots.txt'), expect: PUBLIC },
  { route: 'GET /sitemap.xml', url: fixed('/sitemap.xml'), expect: PUBLIC },
  { route: 'POST /theme', url: fixed('/theme'), body: () => form({ theme: 'dark' }), expect: PUBLIC, homeIsOk: true },
  // The language switch (contract §10): anyone; a logged-in person's account follows it.
  { route: 'GET /lang/:lang', url: fixed('/lang/fr?next=/services'), expect: PUBLIC },
  { route: 'GET /static/*', url: fixed('/static/favicon.svg'), expect: PUBLIC },
  { route: 'GET /assets/*', url: fixed(`/assets/${firstAsset}`), expect: PUBLIC },
  { route: 'GET /healthz', url: fixed('/healthz'), expect: PUBLIC },
  { route: 'GET /api/openapi.json', url: fixed('/api/openapi.json'), expect: PUBLIC },
  { route: 'GET /uploads/photos/:name', url: ({ fx }) => fx.photo, expect: PUBLIC },

  // -- Signing up, in and out (contract §3's first two lines, §4, §6, §9's invitations).
  { route: 'POST /api/auth/register', url: fixed('/api/auth/register'), body: () => json({ username: '', email: '', entreprise: '', telephone: '', password: '', confirmPassword: '' }), expect: PUBLIC },
  { route: 'POST /api/auth/login', url: fixed('/api/auth/login'), body: () => json({ email: '', password: '' }), expect: PUBLIC },
  { route: 'POST /api/auth/login/2fa', url: fixed('/api/auth/login/2fa'), body: () => json({ code: '' }), expect: PUBLIC },
  { route: 'POST /api/auth/logout', url: fixed('/api/auth/logout'), expect: SELF_API },
  { route: 'GET /api/auth/status', url: fixed('/api/auth/status'), expect: SELF_API },
  { route: 'GET /api/auth/:userId/verify/:token', url: ({ fx }) => `/api/auth/${fx.a.owner.id}/verify/${TOKEN}`, expect: PUBLIC },
  { route: 'POST /api/password', url: fixed('/api/password'), body: () => json({ email: '' }), expect: PUBLIC },
  { route: 'GET /api/password/:userId/:token', url: ({ fx }) => `/api/password/${fx.a.owner.id}/${TOKEN}`, expect: PUBLIC },
  { route: 'POST /api/password/reset/:token', url: fixed(`/api/password/reset/${TOKEN}`), body: () => json({ newPassword: '', confirmPassword: '' }), expect: PUBLIC },
  { route: 'POST /api/password/changepassword/:userId', url: ({ account }) => `/api/password/changepassword/${account?.id ?? 1}`, body: () => json({ oldPassword: '', newPassword: '' }), expect: SELF_API },
  { route: 'POST /api/invitations/:token', url: fixed(`/api/invitations/${TOKEN}`), body: () => json({ username: '', password: '', confirmPassword: '' }), expect: PUBLIC },
  { route: 'GET /invitations/:token', url: fixed(`/invitations/${TOKEN}`), expect: PUBLIC },
  { route: 'POST /invitations/:token', url: fixed(`/invitations/${TOKEN}`), body: () => form({ username: '', password: '', confirmPassword: '' }), expect: PUBLIC },
  { route: 'GET /registration', url: fixed('/registration'), expect: GUEST_PAGE },
  { route: 'POST /registration', url: fixed('/registration'), body: () => form({ username: '' }), expect: PUBLIC },
  { route: 'GET /login', url: fixed('/login'), expect: GUEST_PAGE },
  { route: 'POST /login', url: fixed('/login'), body: () => form({ email: '', password: '' }), expect: PUBLIC },
  // Without a pending login (no password proven in this browser), the second step is the password's page again.
  { route: 'GET /login/2fa', url: fixed('/login/2fa'), expect: E('login', 'home', 'home', 'home', 'home', 'home', 'home') },
  { route: 'POST /login/2fa', url: fixed('/login/2fa'), body: () => form({ code: '' }), expect: PUBLIC },
  // After a login: the address kept, else home; a visitor to /login.
  { route: 'GET /login/continue', url: fixed('/login/continue'), expect: E('login', 'home', 'home', 'home', 'home', 'home', 'home') },
  { route: 'GET /forget-password', url: fixed('/forget-password'), expect: GUEST_PAGE },
  { route: 'POST /forget-password', url: fixed('/forget-password'), body: () => form({ email: '' }), expect: PUBLIC },
  { route: 'GET /forgot-password', url: fixed('/forgot-password'), expect: PUBLIC },
  { route: 'GET /reset-password/:userId/:token', url: ({ fx }) => `/reset-password/${fx.a.owner.id}/${TOKEN}`, expect: GUEST_PAGE },
  { route: 'POST /reset-password/:userId/:token', url: ({ fx }) => `/reset-password/${fx.a.owner.id}/${TOKEN}`, body: () => form({ newPassword: '', confirmPassword: '' }), expect: PUBLIC },
  { route: 'GET /users/:userId/verify/:token', url: ({ fx }) => `/users/${fx.a.owner.id}/verify/${TOKEN}`, expect: GUEST_PAGE },
  { route: 'POST /users/:userId/verify/:token', url: ({ fx }) => `/users/${fx.a.owner.id}/verify/${TOKEN}`, body: () => form(), expect: GUEST_PAGE },

  // -- One's own account: two-factor, sessions, tokens, photo, password (contract §3, §6, §8).
  { route: 'POST /api/auth/2fa/setup', url: fixed('/api/auth/2fa/setup'), expect: SELF_API },
  { route: 'POST /api/auth/2fa/enable', url: fixed('/api/auth/2fa/enable'), body: () => json({ code: '000000' }), expect: SELF_API },
  { route: 'POST /api/auth/2fa/disable', url: fixed('/api/auth/2fa/disable'), body: () => json({ password: STRONG, code: '000000' }), expect: SELF_API },
  { route: 'GET /api/auth/sessions', url: fixed('/api/auth/sessions'), expect: SELF_API },
  { route: 'DELETE /api/auth/sessions/:id', url: async (ctx) => `/api/auth/sessions/${await otherSession(ctx)}`, expect: SELF_API },
  { route: 'DELETE /api/auth/sessions', url: fixed('/api/auth/sessions'), expect: SELF_API },
  { route: 'POST /api/auth/tokens', url: fixed('/api/auth/tokens'), body: () => json({ name: `Script ${unique()}`, expiresInDays: 30 }), expect: SELF_API },
  { route: 'GET /api/auth/tokens', url: fixed('/api/auth/tokens'), expect: SELF_API },
  { route: 'DELETE /api/auth/tokens/:id', url: async (ctx) => `/api/auth/tokens/${await ownToken(ctx)}`, expect: SELF_API },
  { route: 'POST /api/users/profile/uplaod-photo', url: fixed('/api/users/profile/uplaod-photo'), body: () => ({ multipart: [{ name: 'note', value: 'sans fichier' }] }), expect: SELF_API },
  { route: 'GET /api/users/activity', url: fixed('/api/users/activity'), expect: SELF_API },
  // Contract §12: one's own data, as a ZIP (a session's; tokens are refused: test/privacy/export.test.ts).
  { route: 'GET /api/users/export', url: fixed('/api/users/export'), expect: SELF_API },
  { route: 'PATCH /api/users/language', url: fixed('/api/users/language'), body: () => json({ language: 'fr' }), expect: SELF_API },
  { route: 'GET /users/profile', url: fixed('/users/profile'), expect: SELF_PAGE },
  { route: 'GET /users/profile/two-factor', url: fixed('/users/profile/two-factor'), expect: SELF_PAGE },
  { route: 'GET /users/profile/activity', url: fixed('/users/profile/activity'), expect: SELF_PAGE },
  { route: 'POST /users/profile/two-factor', url: fixed('/users/profile/two-factor'), body: () => form({ code: '000000' }), expect: SELF_PAGE },
  { route: 'POST /users/profile/two-factor/disable', url: fixed('/users/profile/two-factor/disable'), body: () => form({ password: STRONG, code: '000000' }), expect: SELF_PAGE },
  { route: 'GET /users/profile/password', url: fixed('/users/profile/password'), expect: SELF_PAGE },
  { route: 'POST /users/profile/password', url: fixed('/users/profile/password'), body: () => form({ oldPassword: '', newPassword: '' }), expect: SELF_PAGE },
  { route: 'POST /users/profile/sessions/:id/end', url: async (ctx) => `/users/profile/sessions/${await otherSession(ctx)}/end`, body: () => form(), expect: SELF_PAGE },
  { route: 'POST /users/profile/sessions/end-others', url: fixed('/users/profile/sessions/end-others'), body: () => form(), expect: SELF_PAGE },
  { route: 'POST /users/profile/tokens', url: fixed('/users/profile/tokens'), body: () => form({ name: `Script ${unique()}`, expiresInDays: '30' }), expect: SELF_PAGE },
  { route: 'GET /users/profile/tokens/:id/revoke', url: async (ctx) => `/users/profile/tokens/${await ownToken(ctx)}/revoke`, expect: SELF_PAGE },
  { route: 'POST /users/profile/tokens/:id/revoke', url: async (ctx) => `/users/profile/tokens/${await ownToken(ctx)}/revoke`, body: () => form(), expect: SELF_PAGE },
  // Deleting one's own account (contract §3), each a new account of its kind: an owner deletes the company; a member is
  // removed by the owner (§9: DELETE /api/company/members/:id), and the firm's accounts are not deleted here, not even by
  // themselves (docs/decisions/018-clients-and-profiles.md; §9 removes them through /api/staff): the 403 page.
  { route: 'GET /users/profile/delete', url: fixed('/users/profile/delete'), expect: SELF_PAGE },
  { route: 'POST /users/profile/delete', url: fixed('/users/profile/delete'), body: () => form(), expect: E('login', 'ok', 403, 403, 403, 403, 403), fresh: 'actor', homeIsOk: true },

  // -- Company A's profile and account (contract §3: that user or the firm; §9: staff serving A see it, only its owner deletes it, only an admin deletes users).
  // The company's profile is its owner's account: §9's shared space (documents, requests, firm-sent documents, messages) leaves it out, so a member is refused.
  { route: 'GET /api/users/profile/:id', url: ({ fx }) => `/api/users/profile/${fx.a.id}`, expect: E(401, 'ok', 403, OTHER, 'ok', 404, 'ok') },
  { route: 'DELETE /api/users/profile/:id', url: ({ fx }) => `/api/users/profile/${fx.a.id}`, expect: E(401, 'ok', 403, OTHER, 403, 403, 'ok'), fresh: 'company' },
  { route: 'GET /users/profile/:id', url: ({ fx }) => `/users/profile/${fx.a.id}`, expect: E('login', 'ok', 403, OTHER, 'ok', 404, 'ok') },
  // The photo form without JavaScript: one's own photo only.
  { route: 'POST /users/profile/:id', url: ({ fx }) => `/users/profile/${fx.a.id}`, body: () => ({ multipart: [{ name: 'note', value: 'sans fichier' }] }), expect: E('login', 'ok', 403, 403, 403, 403, 403) },
  // Resetting a client's two-factor: as accepting or deleting a user, administrators only.
  { route: 'POST /api/users/2fa/reset/:id', url: ({ fx }) => `/api/users/2fa/reset/${fx.a.id}`, expect: ADMIN_API },
  { route: 'GET /users/profile/:id/two-factor/reset', url: ({ fx }) => `/users/profile/${fx.a.id}/two-factor/reset`, expect: ADMIN_FORM },
  { route: 'POST /users/profile/:id/two-factor/reset', url: ({ fx }) => `/users/profile/${fx.a.id}/two-factor/reset`, body: () => form(), expect: ADMIN_FORM },

  // -- The firm's client lists, counts and acceptance (spec §7, contract §9: staff see their clients; only an admin accepts or deletes users).
  // New users (not accepted) are there to be accepted, which only an admin does, and can be assigned to no one: the admins' list.
  { route: 'GET /api/users/users-profile', url: fixed('/api/users/users-profile'), expect: ADMIN_API },
  { route: 'GET /api/users/clients-profile', url: fixed('/api/users/clients-profile'), expect: FIRM_API },
  { route: 'GET /api/users/clients-profile?staffId', url: ({ fx }) => `/api/users/clients-profile?staffId=${fx.staffAssigned.id}`, expect: FIRM_API },
  { route: 'GET /api/users/counts', url: fixed('/api/users/counts'), expect: FIRM_API },
  { route: 'POST /api/users/accept/:id', url: async () => `/api/users/accept/${await newUnaccepted()}`, expect: ADMIN_API },
  { route: 'GET /admin-dashboard', url: fixed('/admin-dashboard'), expect: FIRM_PAGE },
  { route: 'GET /admin-dashboard/new-users', url: fixed('/admin-dashboard/new-users'), expect: ADMIN_PAGE },
  { route: 'GET /admin-dashboard/clients', url: fixed('/admin-dashboard/clients'), expect: FIRM_PAGE },
  { route: 'GET /admin-dashboard/new-users/:id/accept', url: ({ fx }) => `/admin-dashboard/new-users/${fx.unaccepted}/accept`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/new-users/:id/accept', url: async () => `/admin-dashboard/new-users/${await newUnaccepted()}/accept`, body: () => form(), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/new-users/:id/delete', url: ({ fx }) => `/admin-dashboard/new-users/${fx.unaccepted}/delete`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/new-users/:id/delete', url: async () => `/admin-dashboard/new-users/${await newUnaccepted()}/delete`, body: () => form(), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/clients/:id/delete', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/delete`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/clients/:id/delete', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/delete`, body: () => form(), expect: ADMIN_FORM, fresh: 'company' },

  // -- The firm's team (contract §9): admins only.
  { route: 'GET /api/staff', url: fixed('/api/staff'), expect: ADMIN_API },
  { route: 'POST /api/staff', url: fixed('/api/staff'), body: () => json({ email: `staff-${unique()}@cabinet.dz`, username: `Staff ${unique()}`, role: 'staff' }), expect: ADMIN_API },
  { route: 'PATCH /api/staff/:id', url: async () => `/api/staff/${await newStaff()}`, body: () => json({ role: 'staff' }), expect: ADMIN_API },
  { route: 'DELETE /api/staff/:id', url: async () => `/api/staff/${await newStaff()}`, expect: ADMIN_API },
  { route: 'PUT /api/users/:id/staff', url: ({ fx }) => `/api/users/${fx.a.id}/staff`, body: ({ fx }) => json({ staffIds: [fx.staffAssigned.id] }), expect: ADMIN_API },
  // Who serves a client: only an admin sets it; reading it is part of seeing the client (staff serving A; another client's is a 404).
  { route: 'GET /api/users/:id/staff', url: ({ fx }) => `/api/users/${fx.a.id}/staff`, expect: FIRM_API_A },
  { route: 'GET /admin-dashboard/clients/:id/staff', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/staff`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/clients/:id/staff', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/staff`, body: ({ fx }) => form({ staffIds: String(fx.staffAssigned.id) }), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/sub-admins', url: fixed('/admin-dashboard/sub-admins'), expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/sub-admins', url: fixed('/admin-dashboard/sub-admins'), body: () => form({ email: `staff-${unique()}@cabinet.dz`, username: `Staff ${unique()}`, role: 'staff' }), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/sub-admins/:id/make-admin', url: async () => `/admin-dashboard/sub-admins/${await newStaff()}/make-admin`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/sub-admins/:id/make-admin', url: async () => `/admin-dashboard/sub-admins/${await newStaff()}/make-admin`, body: () => form(), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/sub-admins/:id/make-staff', url: async () => `/admin-dashboard/sub-admins/${await newAdmin()}/make-staff`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/sub-admins/:id/make-staff', url: async () => `/admin-dashboard/sub-admins/${await newAdmin()}/make-staff`, body: () => form(), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/sub-admins/:id/remove', url: async () => `/admin-dashboard/sub-admins/${await newStaff()}/remove`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/sub-admins/:id/remove', url: async () => `/admin-dashboard/sub-admins/${await newStaff()}/remove`, body: () => form(), expect: ADMIN_FORM },

  // -- The client's team (contract §9): the company's people list it, its owner manages it.
  { route: 'GET /api/company/members', url: fixed('/api/company/members'), expect: E(401, 'ok', 'ok', 'ok', 403, 403, 403) },
  { route: 'POST /api/company/members', url: fixed('/api/company/members'), body: () => json({ email: `membre-${unique()}@example.dz`, username: `Membre ${unique()}` }), expect: E(401, 'ok', 403, 403, 403, 403, 403) },
  { route: 'DELETE /api/company/members/:id', url: async (ctx) => `/api/company/members/${await newMemberOfA(ctx)}`, expect: E(401, 'ok', 403, OTHER, 403, 403, 403) },
  // The page: the company's people; the firm has no team there (home). Its forms: the owner's; anyone else the 403 page.
  { route: 'GET /team', url: fixed('/team'), expect: E('login', 'ok', 'ok', 'ok', 'home', 'home', 'home') },
  { route: 'POST /team', url: fixed('/team'), body: () => form({ email: `membre-${unique()}@example.dz`, username: `Membre ${unique()}` }), expect: E('login', 'ok', 403, 403, 403, 403, 403) },
  { route: 'GET /team/:id/remove', url: ({ fx }) => `/team/${fx.a.member.id}/remove`, expect: E('login', 'ok', 403, OTHER, 'home', 'home', 'home') },
  { route: 'POST /team/:id/remove', url: async (ctx) => `/team/${await newMemberOfA(ctx)}/remove`, body: () => form(), expect: E('login', 'ok', 403, OTHER, 403, 403, 403) },

  // -- Document types (contract §3: anyone lists them; §9: only an admin manages them).
  { route: 'GET /api/documents/types', url: fixed('/api/documents/types'), expect: PUBLIC },
  { route: 'POST /api/documents/types', url: fixed('/api/documents/types'), body: () => json({ typeName: `Type ${unique()}` }), expect: ADMIN_API },
  { route: 'PATCH /api/documents/types/:id', url: async () => `/api/documents/types/${await newType()}`, body: () => json({ typeName: `Renommé ${unique()}` }), expect: ADMIN_API },
  { route: 'DELETE /api/documents/types/:id', url: async () => `/api/documents/types/${await newType()}`, expect: ADMIN_API },
  { route: 'GET /admin-dashboard/documents/types', url: fixed('/admin-dashboard/documents/types'), expect: ADMIN_PAGE },
  { route: 'GET /admin-dashboard/documents/types/new', url: fixed('/admin-dashboard/documents/types/new'), expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/documents/types/new', url: fixed('/admin-dashboard/documents/types/new'), body: () => form({ typeName: `Type ${unique()}` }), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/documents/types/:id/rename', url: ({ fx }) => `/admin-dashboard/documents/types/${fx.typeId}/rename`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/documents/types/:id/rename', url: async () => `/admin-dashboard/documents/types/${await newType()}/rename`, body: () => form({ typeName: `Renommé ${unique()}` }), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/documents/types/:id/delete', url: ({ fx }) => `/admin-dashboard/documents/types/${fx.typeId}/delete`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/documents/types/:id/delete', url: async () => `/admin-dashboard/documents/types/${await newType()}/delete`, body: () => form(), expect: ADMIN_FORM },

  // -- Company A's documents (contract §3, §4, §7, §9).
  // An upload for A (userId = the company's id): A's people; another company's member, staff and admins are refused (for themselves only).
  { route: 'POST /api/documents/upload', url: fixed('/api/documents/upload'), body: ({ fx }) => ({ multipart: uploadParts(fx.a.id) }), expect: E(401, 'ok', 'ok', 403, 403, OTHER, 403) },
  { route: 'GET /api/documents/new-documents', url: fixed('/api/documents/new-documents'), expect: FIRM_API },
  { route: 'GET /api/documents/old-documents', url: fixed('/api/documents/old-documents'), expect: FIRM_API },
  { route: 'GET /api/documents/arch-documents', url: fixed('/api/documents/arch-documents'), expect: FIRM_API },
  { route: 'GET /api/documents/view-document/:id', url: async () => `/api/documents/view-document/${await newDocument()}`, expect: FIRM_API_A },
  { route: 'POST /api/documents/archive/:id', url: async () => `/api/documents/archive/${await viewedDocument()}`, expect: FIRM_API_A },
  { route: 'POST /api/documents/restore/:id', url: async () => `/api/documents/restore/${await archivedDocument()}`, expect: FIRM_API_A },
  // Staff do not delete documents (§9): an admin-only action, 403 to staff.
  { route: 'DELETE /api/documents/delete/:id', url: async () => `/api/documents/delete/${await viewedDocument()}`, expect: ADMIN_API },
  // Contract §12: legal holds are an administrator's (403 to staff); a company's all at once on a company of its own.
  { route: 'POST /api/documents/hold/:id', url: async () => `/api/documents/hold/${await viewedDocument()}`, expect: ADMIN_API },
  { route: 'DELETE /api/documents/hold/:id', url: async () => `/api/documents/hold/${await heldDocument()}`, expect: ADMIN_API },
  { route: 'POST /api/documents/hold/company/:id', url: ({ fx }) => `/api/documents/hold/company/${fx.a.id}`, expect: ADMIN_API, fresh: 'company' },
  { route: 'DELETE /api/documents/hold/company/:id', url: ({ fx }) => `/api/documents/hold/company/${fx.a.id}`, expect: ADMIN_API, fresh: 'company' },
  { route: 'POST /admin-dashboard/documents/:id/hold', url: async () => `/admin-dashboard/documents/${await viewedDocument()}/hold`, body: () => form(), expect: ADMIN_FORM },
  { route: 'POST /admin-dashboard/documents/:id/release', url: async () => `/admin-dashboard/documents/${await heldDocument()}/release`, body: () => form(), expect: ADMIN_FORM },
  { route: 'POST /admin-dashboard/arch-documents/:id/hold', url: async () => `/admin-dashboard/arch-documents/${await archivedDocument()}/hold`, body: () => form(), expect: ADMIN_FORM },
  { route: 'POST /admin-dashboard/arch-documents/:id/release', url: async () => `/admin-dashboard/arch-documents/${await heldDocument()}/release`, body: () => form(), expect: ADMIN_FORM },
  // The company's own delete, while not viewed (§3; §9: a member does what the owner does).
  { route: 'DELETE /api/documents/delete/owner/:id', url: async () => `/api/documents/delete/owner/${await newDocument()}`, expect: E(401, 'ok', 'ok', OTHER, 403, OTHER, 403) },
  { route: 'GET /api/documents/download/:id', url: ({ fx }) => `/api/documents/download/${fx.doc}`, expect: COMPANY_A_API },
  { route: 'GET /api/documents/download/:id (firm-sent)', url: ({ fx }) => `/api/documents/download/${fx.sent}`, expect: COMPANY_A_API },
  { route: 'GET /uploads/:name', url: ({ fx }) => fx.docFile, expect: COMPANY_A_API },
  { route: 'GET /uploads/:name (firm-sent)', url: ({ fx }) => fx.sentFile, expect: COMPANY_A_API },
  { route: 'POST /api/documents/send/:userId', url: ({ fx }) => `/api/documents/send/${fx.a.id}`, body: () => ({ multipart: [{ name: 'file', filename: 'note.pdf', content: PDF, type: 'application/pdf' }, { name: 'name', value: 'Note' }, { name: 'description', value: 'Du cabinet' }] }), expect: FIRM_API_A },
  // What the firm sent the logged-in person's company (a firm's person has none: an empty list).
  { route: 'GET /api/documents/received', url: fixed('/api/documents/received'), expect: SELF_API },
  { route: 'GET /admin-dashboard/new-documents', url: fixed('/admin-dashboard/new-documents'), expect: FIRM_PAGE },
  { route: 'GET /admin-dashboard/documents', url: fixed('/admin-dashboard/documents'), expect: FIRM_PAGE },
  { route: 'GET /admin-dashboard/arch-documents', url: fixed('/admin-dashboard/arch-documents'), expect: FIRM_PAGE },
  { route: 'POST /admin-dashboard/new-documents/:id/view', url: async () => `/admin-dashboard/new-documents/${await newDocument()}/view`, body: () => form(), expect: FIRM_FORM_A },
  { route: 'POST /admin-dashboard/documents/:id/view', url: async () => `/admin-dashboard/documents/${await newDocument()}/view`, body: () => form(), expect: FIRM_FORM_A },
  { route: 'GET /admin-dashboard/documents/:id/archive', url: ({ fx }) => `/admin-dashboard/documents/${fx.viewed}/archive`, expect: FIRM_PAGE_A },
  { route: 'POST /admin-dashboard/documents/:id/archive', url: async () => `/admin-dashboard/documents/${await viewedDocument()}/archive`, body: () => form(), expect: FIRM_FORM_A },
  { route: 'GET /admin-dashboard/arch-documents/:id/restore', url: ({ fx }) => `/admin-dashboard/arch-documents/${fx.archived}/restore`, expect: FIRM_PAGE_A },
  { route: 'POST /admin-dashboard/arch-documents/:id/restore', url: async () => `/admin-dashboard/arch-documents/${await archivedDocument()}/restore`, body: () => form(), expect: FIRM_FORM_A },
  { route: 'GET /admin-dashboard/documents/:id/delete', url: ({ fx }) => `/admin-dashboard/documents/${fx.viewed}/delete`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/documents/:id/delete', url: async () => `/admin-dashboard/documents/${await viewedDocument()}/delete`, body: () => form(), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/arch-documents/:id/delete', url: ({ fx }) => `/admin-dashboard/arch-documents/${fx.archived}/delete`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/arch-documents/:id/delete', url: async () => `/admin-dashboard/arch-documents/${await archivedDocument()}/delete`, body: () => form(), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/clients/:id/send', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/send`, expect: FIRM_PAGE_A },
  { route: 'POST /admin-dashboard/clients/:id/send', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/send`, body: () => ({ multipart: [{ name: 'file', filename: 'note.pdf', content: PDF, type: 'application/pdf' }, { name: 'name', value: 'Note' }, { name: 'description', value: 'Du cabinet' }] }), expect: FIRM_FORM_A },
  // The company's own delete without JavaScript, under its lists: A's people; anyone else the 403 page (another's, or the firm's).
  { route: 'GET /users/profile/documents/:id/delete', url: ({ fx }) => `/users/profile/documents/${fx.doc}/delete`, expect: E('login', 'ok', 'ok', OTHER, 403, OTHER, 403) },
  { route: 'POST /users/profile/documents/:id/delete', url: async () => `/users/profile/documents/${await newDocument()}/delete`, body: () => form(), expect: E('login', 'ok', 'ok', OTHER, 403, OTHER, 403) },
  { route: 'GET /files/documents/:id/delete', url: ({ fx }) => `/files/documents/${fx.doc}/delete`, expect: E('login', 'ok', 'ok', OTHER, 403, OTHER, 403) },
  { route: 'POST /files/documents/:id/delete', url: async () => `/files/documents/${await newDocument()}/delete`, body: () => form(), expect: E('login', 'ok', 'ok', OTHER, 403, OTHER, 403) },
  // The client's space and its upload form without JavaScript (one's own company's).
  { route: 'GET /files', url: fixed('/files'), expect: SELF_PAGE },
  { route: 'POST /files', url: fixed('/files'), body: ({ account, fx }) => ({ multipart: uploadParts(companyOf(fx, account)) }), expect: SELF_PAGE, homeIsOk: true },

  // -- Document requests (contract §7, §9: staff ask and cancel for their clients).
  { route: 'POST /api/requests', url: fixed('/api/requests'), body: ({ fx }) => json(requestBody(fx.a.id)), expect: FIRM_API_A },
  { route: 'GET /api/requests', url: fixed('/api/requests'), expect: SELF_API },
  { route: 'GET /api/requests?userId', url: ({ fx }) => `/api/requests?userId=${fx.a.id}`, expect: E(401, 'ok', 'ok', ['ok', 403, 404], 'ok', ['ok', 404], 'ok') },
  { route: 'POST /api/requests/:id/cancel', url: async () => `/api/requests/${await newRequest()}/cancel`, expect: FIRM_API_A },
  { route: 'GET /admin-dashboard/requests', url: fixed('/admin-dashboard/requests'), expect: FIRM_PAGE },
  { route: 'POST /admin-dashboard/requests', url: fixed('/admin-dashboard/requests'), body: ({ fx }) => form({ userId: String(fx.a.id), typeId: String(fx.typeId), title: 'Bilan 2025', note: 'Merci', dueDate: nextYear('06-30') }), expect: FIRM_FORM_A },
  { route: 'GET /admin-dashboard/clients/:id/ask', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/ask`, expect: FIRM_PAGE_A },
  { route: 'POST /admin-dashboard/clients/:id/ask', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/ask`, body: ({ fx }) => form({ typeId: String(fx.typeId), title: 'Bilan 2025', note: 'Merci', dueDate: nextYear('06-30') }), expect: FIRM_FORM_A },
  { route: 'GET /admin-dashboard/requests/:id/cancel', url: ({ fx }) => `/admin-dashboard/requests/${fx.request}/cancel`, expect: FIRM_PAGE_A },
  { route: 'POST /admin-dashboard/requests/:id/cancel', url: async () => `/admin-dashboard/requests/${await newRequest()}/cancel`, body: () => form(), expect: FIRM_FORM_A },

  // -- The Algerian year (contract §11): a company's identifiers (its owner; the firm's by id), the obligations
  // (the firm reads them, admins change them), the calendar and its feed (each their scope's).
  { route: 'GET /api/users/company', url: fixed('/api/users/company'), expect: E(401, 'ok', 403, 403, 403, 403, 403) },
  { route: 'PATCH /api/users/company', url: fixed('/api/users/company'), body: () => json({ legalForm: 'SARL' }), expect: E(401, 'ok', 403, 403, 403, 403, 403) },
  { route: 'POST /users/profile/:id/company', url: ({ fx }) => `/users/profile/${fx.a.id}/company`, body: () => form({ legalForm: 'SARL' }), expect: E('login', 'ok', 403, 403, 'ok', 404, 'ok') },
  { route: 'GET /api/users/:id/company', url: ({ fx }) => `/api/users/${fx.a.id}/company`, expect: FIRM_API_A },
  { route: 'PATCH /api/users/:id/company', url: ({ fx }) => `/api/users/${fx.a.id}/company`, body: () => json({ employer: true }), expect: FIRM_API_A },
  { route: 'GET /api/obligations', url: fixed('/api/obligations'), expect: FIRM_API },
  { route: 'POST /api/obligations', url: fixed('/api/obligations'), body: () => json(obligationBody()), expect: ADMIN_API },
  { route: 'PATCH /api/obligations/:id', url: async () => `/api/obligations/${await newObligation()}`, body: () => json({ leadDays: 12 }), expect: ADMIN_API },
  { route: 'DELETE /api/obligations/:id', url: async () => `/api/obligations/${await newObligation()}`, expect: ADMIN_API },
  { route: 'GET /api/calendar', url: fixed('/api/calendar'), expect: SELF_API },
  { route: 'GET /api/calendar.ics', url: fixed('/api/calendar.ics'), expect: SELF_API },
  // The client's page is a company's (the firm's people go home); the firm's page, the firm's people's.
  { route: 'GET /calendar', url: fixed('/calendar'), expect: E('login', 'ok', 'ok', 'ok', 'home', 'home', 'home') },
  { route: 'GET /admin-dashboard/calendar', url: fixed('/admin-dashboard/calendar'), expect: FIRM_PAGE },
  // An obligation's pages (its form, posted without JavaScript; its deletion after its confirmation): admins alone.
  { route: 'GET /admin-dashboard/calendar/obligations/new', url: fixed('/admin-dashboard/calendar/obligations/new'), expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/calendar/obligations/new', url: fixed('/admin-dashboard/calendar/obligations/new'), body: () => form(obligationForm()), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/calendar/obligations/:id', url: async () => `/admin-dashboard/calendar/obligations/${await newObligation()}`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/calendar/obligations/:id', url: async () => `/admin-dashboard/calendar/obligations/${await newObligation()}`, body: () => form(obligationForm()), expect: ADMIN_FORM },
  { route: 'GET /admin-dashboard/calendar/obligations/:id/delete', url: async () => `/admin-dashboard/calendar/obligations/${await newObligation()}/delete`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/calendar/obligations/:id/delete', url: async () => `/admin-dashboard/calendar/obligations/${await newObligation()}/delete`, body: () => form(), expect: ADMIN_FORM },

  // -- Messages (contract §7, §9: the company's thread; staff write in their clients').
  { route: 'GET /api/messages', url: fixed('/api/messages'), expect: FIRM_API },
  { route: 'GET /api/messages/:userId', url: ({ fx }) => `/api/messages/${fx.a.id}`, expect: COMPANY_A_API },
  { route: 'POST /api/messages/:userId', url: ({ fx }) => `/api/messages/${fx.a.id}`, body: () => json({ text: 'Bonjour' }), expect: COMPANY_A_API },
  // The client's thread page (the firm is sent to its threads); the firm has no thread of its own to write in (the 403 page).
  { route: 'GET /messages', url: fixed('/messages'), expect: SELF_PAGE },
  { route: 'POST /messages', url: fixed('/messages'), body: () => form({ text: 'Bonjour' }), expect: E('login', 'ok', 'ok', 'ok', 403, 403, 403) },
  { route: 'GET /admin-dashboard/clients/:id/messages', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/messages`, expect: FIRM_PAGE_A },
  { route: 'POST /admin-dashboard/clients/:id/messages', url: ({ fx }) => `/admin-dashboard/clients/${fx.a.id}/messages`, body: () => form({ text: 'Bonjour' }), expect: FIRM_FORM_A },
  { route: 'GET /admin-dashboard/threads', url: fixed('/admin-dashboard/threads'), expect: FIRM_PAGE },

  // -- The contact inbox (contract §2, §9: admins only).
  { route: 'POST /api/users/contact', url: fixed('/api/users/contact'), body: () => json({ name: '', email: '', telephone: '', message: '' }), expect: PUBLIC },
  { route: 'GET /api/users/contact', url: fixed('/api/users/contact'), expect: ADMIN_API },
  { route: 'DELETE /api/users/contact/:id', url: async () => `/api/users/contact/${await newContactMessage()}`, expect: ADMIN_API },
  { route: 'GET /admin-dashboard/messages', url: fixed('/admin-dashboard/messages'), expect: ADMIN_PAGE },
  { route: 'GET /admin-dashboard/messages/:id/delete', url: ({ fx }) => `/admin-dashboard/messages/${fx.contactMessage}/delete`, expect: ADMIN_PAGE },
  { route: 'POST /admin-dashboard/messages/:id/delete', url: async () => `/admin-dashboard/messages/${await newContactMessage()}/delete`, body: () => form(), expect: ADMIN_FORM },

  // -- The journal (contract §6, §9: staff read their clients' entries, admins every one).
  { route: 'GET /api/journal', url: fixed('/api/journal'), expect: FIRM_API },
  { route: 'GET /admin-dashboard/journal', url: fixed('/admin-dashboard/journal'), expect: FIRM_PAGE },
]

// ---------------------------------------------------------------------------------------------
// The run.

/** `METHOD /pattern` of a row, without its note (`(firm-sent)`) or its query (`?staffId`). */
const routeOfRow = (row: Row) => row.route.replace(/ \(.*\)$/, '').replace(/\?.*$/, '')
const declared = caught.routes

/** The GET rows' HEAD twins, where the app answers HEAD (the same guards: Fastify runs the GET's handler). */
const headRows: Row[] = rows
  .filter((row) => row.route.startsWith('GET ') && declared.has(`HEAD ${routeOfRow(row).slice(4)}`))
  .map((row) => ({ ...row, route: row.route.replace(/^GET /, 'HEAD ') }))
const allRows = [...rows, ...headRows]

t.test('every route has a row, and every row a route', async (t) => {
  const named = new Set(allRows.map(routeOfRow))
  const withoutRow = [...declared].filter((route) => !named.has(route)).sort()
  const withoutRoute = [...named].filter((route) => !declared.has(route)).sort()
  t.same(withoutRow, [], `routes without a row:\n  ${withoutRow.join('\n  ')}`)
  t.same(withoutRoute, [], `rows naming no route:\n  ${withoutRoute.join('\n  ')}`)
})

interface Miss {
  route: string
  persona: Persona
  expected: string
  got: string
  detail: string
}
const misses: Miss[] = []
/** The HEADs that changed rows, by route and persona. */
const heads: string[] = []

/** One persona's request of a row; a row whose setup cannot run is a miss too, with its reason. */
async function run(row: Row, persona: Persona): Promise<{ got: string; detail: string }> {
  let world = fx
  if (row.fresh === 'company') world = { ...fx, a: await company(staffAssigned) }
  const account = row.fresh === 'actor' ? await freshActor(persona) : accountOf(world, persona)
  const cookie = account ? await app.sessionCookieFor(account.id) : null
  const ctx: Ctx = { fx: world, persona, account, cookie }
  const method = row.route.split(' ')[0]!
  const url = await row.url(ctx)
  const body = row.body ? await row.body(ctx) : undefined
  const headers: Record<string, string> = {}
  const options: InjectOptions = { method: method as InjectOptions['method'] & string, url, headers }
  if (body && 'json' in body) options.payload = body.json as object
  if (body && 'form' in body) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    headers.accept = 'text/html'
    options.payload = new URLSearchParams(body.form).toString()
  }
  if (body && 'multipart' in body) {
    const made = multipart(body.multipart)
    Object.assign(headers, made.headers)
    options.payload = made.payload
  }
  // Issue 34: a HEAD has no side effect anywhere; every HEAD of the portal, as every persona, changes no row.
  const head = method === 'HEAD'
  const before = head ? await fingerprint() : ''
  const res = await call(account, options, cookie ?? undefined)
  if (head) {
    const changed = changedTables(before, await fingerprint())
    if (changed.length) heads.push(`${row.route} — ${persona}: ${changed.join(', ')}`)
  }
  const got = outcomeOf(res, { homeIsOk: row.homeIsOk })
  const location = res.headers.location ? ` → ${res.headers.location}` : ''
  let message = ''
  try {
    message = res.headers['content-type']?.toString().includes('json') ? String((res.json() as { message?: unknown }).message ?? '') : ''
  } catch {}
  return { got: String(got), detail: `${method} ${url}: ${res.statusCode}${location}${message ? ` « ${message} »` : ''}` }
}

t.test('the matrix', async (t) => {
  for (const row of allRows) {
    if (!declared.has(routeOfRow(row))) continue
    const got: Partial<Record<Persona, string>> = {}
    const wanted: Partial<Record<Persona, string>> = {}
    for (const persona of PERSONAS) {
      const expected = row.expect[persona]
      let outcome: { got: string; detail: string }
      try {
        outcome = await run(row, persona)
      } catch (error) {
        outcome = { got: 'setup failed', detail: (error as Error).message }
      }

      const ok = matches(outcome.got, expected)
      got[persona] = ok ? describeExpected(expected) : outcome.got
      wanted[persona] = describeExpected(expected)
      if (!ok) misses.push({ route: row.route, persona, expected: describeExpected(expected), got: outcome.got, detail: outcome.detail })
      // MATRIX_VERBOSE=1: every answer, to review what each `ok` was.
      else if (process.env.MATRIX_VERBOSE) t.comment(`${row.route} — ${persona}: ${outcome.got} (${outcome.detail})`)
    }
    t.same(got, wanted, row.route)
  }
  for (const miss of misses) t.comment(`MISS ${miss.route} — ${miss.persona}: expected ${miss.expected}, got ${miss.got} (${miss.detail})`)
  t.ok(allRows.filter((row) => row.route.startsWith('HEAD ')).length > 50, 'the HEAD twins were asked')
  const tables = await watchedTables()
  t.ok(['documents', 'journal', 'messages', 'outbox', 'users', 'requests'].every((name) => tables.includes(name)), 'the tables a GET could write are watched')
  t.same(heads, [], 'a HEAD changed no row (the tables it changed, by route and persona)')
})

/**
 * What a HEAD must leave as it found it: every table but the sessions' (any request as a person moves
 * its session's last seen, a HEAD as a GET), the outbox by its rows (its worker sends earlier rows'
 * mails meanwhile: a HEAD must add none). SQLite: a count of each table's writes, kept by temporary
 * triggers on the test's connection (the app's own; reading every table at each HEAD cost the file
 * a minute). MariaDB: a checksum of every table, in one statement.
 */
const UNTRACKED = new Set(['sessions'])
let watched: Promise<string[]> | undefined
async function watchedTables(): Promise<string[]> {
  watched ??= (async () => {
    const tables = (await db.introspection.getTables()).filter((table) => !table.isView).map((table) => table.name).filter((name) => !UNTRACKED.has(name) && !name.startsWith('kysely_')).sort()
    if (isMysql(db)) return tables
    await sql`CREATE TEMP TABLE head_writes (name TEXT PRIMARY KEY, n INTEGER NOT NULL)`.execute(db)
    const kept: string[] = []
    for (const name of tables) {
      const events = name === 'outbox' ? ['INSERT'] : ['INSERT', 'UPDATE', 'DELETE']
      try {
        for (const event of events) {
          await sql`CREATE TEMP TRIGGER ${sql.id(`head_${name}_${event}`)} AFTER ${sql.raw(event)} ON main.${sql.id(name)} BEGIN UPDATE head_writes SET n = n + 1 WHERE name = ${sql.lit(name)}; END`.execute(db)
        }
        await sql`INSERT INTO head_writes (name, n) VALUES (${name}, 0)`.execute(db)
        kept.push(name)
      } catch {
        // A full-text index's own tables take no trigger: they change only with the table they index.
      }
    }
    return kept
  })()
  return watched
}
async function fingerprint(): Promise<string> {
  const tables = await watchedTables()
  const each: Record<string, string> = {}
  if (isMysql(db)) {
    const any = db as unknown as Kysely<Record<string, Record<string, unknown>>>
    each['outbox'] = JSON.stringify(await any.selectFrom('outbox').select('id').orderBy('id').execute())
    const { rows } = await sql<{ Table: string; Checksum: number }>`CHECKSUM TABLE ${sql.join(tables.filter((name) => name !== 'outbox').map((name) => sql.table(name)))}`.execute(db)
    for (const row of rows) each[row.Table.replace(/^.*\./, '')] = String(row.Checksum)
  } else {
    const { rows } = await sql<{ name: string; n: number }>`SELECT name, n FROM head_writes ORDER BY name`.execute(db)
    for (const row of rows) each[row.name] = String(row.n)
  }
  return JSON.stringify(each)
}
function changedTables(before: string, after: string): string[] {
  if (before === after) return []
  const a = JSON.parse(before) as Record<string, string>
  const b = JSON.parse(after) as Record<string, string>
  return Object.keys({ ...a, ...b }).filter((name) => a[name] !== b[name])
}
