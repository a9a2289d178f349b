import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { OPEN_BEFORE_SECOND_FACTOR } from '../../http/openapi.js'
import { rememberReturn } from '../../http/return-to.js'
import { isOwnSiteRequest } from '../../http/same-origin.js'
import { setPendingLogin } from './pending-login-cookie.js'
import type { Sessions } from './sessions.js'
import type { TwoFactor } from './two-factor.js'
import { twoFactorTexts } from './two-factor-validation.js'

/** `firm`: the back-office (admin and staff); `admin`: what only an administrator reaches (contract §9). */
export type Access = 'user' | 'firm' | 'admin'

/**
 * Spec §2's route guards, in one table: every page under these paths is checked on the server
 * before any route runs (even one that does not exist yet), so no page can forget its guard.
 */
const PROTECTED: Array<[prefix: RegExp, access: Access]> = [
  [/^\/admin-dashboard(\/|$)/, 'firm'],
  [/^\/files(\/|$)/, 'user'],
  [/^\/users\/profile(\/|$)/, 'user'],
]

export function accessFor(path: string): Access | null {
  return PROTECTED.find(([prefix]) => prefix.test(path))?.[1] ?? null
}

/**
 * A visitor goes to /login from every protected page, back-office included, the address kept for
 * after their login (contract §8; issue 34: a firm mail's link opened logged out); a logged-in
 * person without the right goes home. A granted session slides.
 */
export async function enforceAccess(access: Access, request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) {
    rememberReturn(request, reply)
    return reply.redirect('/login', 303)
  }
  if (access === 'firm' && !request.user.isAdmin) return reply.redirect('/', 303)
  if (access === 'admin' && request.user.role !== 'admin') return reply.redirect('/', 303)
  await reply.refreshSession()
}

/**
 * The router decodes %xx before choosing a route (/%66iles reaches /files), so the guard looks at
 * the matched route's pattern and at the decoded path, never at the raw URL alone.
 */
function pathCandidates(request: FastifyRequest): string[] {
  const raw = request.url.split('?')[0] ?? '/'
  let decoded = raw
  try {
    decoded = decodeURIComponent(raw)
  } catch {}
  return [request.routeOptions.url, decoded, raw].filter((p): p is string => typeof p === 'string')
}

function guardedAccess(request: FastifyRequest): Access | null {
  const found = pathCandidates(request).map(accessFor)
  return found.includes('admin') ? 'admin' : found.includes('firm') ? 'firm' : found.includes('user') ? 'user' : null
}

export function registerPageAccess(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const access = guardedAccess(request)
    if (access) return enforceAccess(access, request, reply)
  })
}

/** Where an administrator without two-factor is sent while REQUIRE_ADMIN_2FA=true. */
export const TWO_FACTOR_PAGE = '/users/profile/two-factor'
/** Where an administrator's session not proven with the second factor is sent (REQUIRE_ADMIN_2FA=true). */
const SECOND_STEP_PAGE = '/login/2fa'

/** What such an administrator may still reach: signing in and out, and enrolling. */
function allowedBeforeEnrolment(path: string): boolean {
  return path.startsWith('/api/auth/') || path === TWO_FACTOR_PAGE
}

/** What a session not proven with the second factor may still reach: its status, signing out, the login's steps. */
const ALLOWED_WITHOUT_PROOF = OPEN_BEFORE_SECOND_FACTOR

/** The gate's use of identity: a pending login for the account (the session proved its password) and the session's end. */
export interface StepUp {
  twoFactor: Pick<TwoFactor, 'beginLogin'>
  sessions: Pick<Sessions, 'end'>
}

/**
 * REQUIRE_ADMIN_2FA=true (contract §6): an administrator reaches the back-office only through a
 * session proven with a second factor (the login's second step, or the session that enrolled),
 * whatever the account's flag says: a session opened with the password alone (before enrolment,
 * or stolen) does not pass once the account enrols elsewhere (security review of issue 15).
 * Without two-factor: every API call but /api/auth/* is refused (403), every stored file too, and
 * every guarded page leads to the setup page. With two-factor but an unproven session: the API
 * refuses (403) but for status, logout and the login's steps; a guarded page ends the session and
 * opens the login's second step for the account (the password was proven: only the code is asked),
 * unless another site sent the browser there (then it goes home, nothing changed). Checked before
 * validation, for every route, so no route can forget it.
 */
export function registerAdminTwoFactorRequirement(app: FastifyInstance, identity: StepUp) {
  if (!app.config.requireAdmin2fa) return
  app.addHook('preValidation', async (request, reply) => {
    const user = request.user
    if (!user?.isAdmin || (user.twoFactor && user.secondFactor)) return
    const paths = pathCandidates(request)
    const enrolled = user.twoFactor === true
    if (paths.every((path) => (enrolled ? ALLOWED_WITHOUT_PROOF.has(path) : allowedBeforeEnrolment(path)))) return
    if (paths.some((path) => path.startsWith('/api/') || path.startsWith('/uploads/'))) throw new HttpError(403, enrolled ? twoFactorTexts.proofRequired : twoFactorTexts.adminRequired)
    if (!guardedAccess(request)) return
    if (!enrolled) return reply.redirect(TWO_FACTOR_PAGE, 303)
    if (!isOwnSiteRequest(request)) return reply.redirect('/', 303)
    const pending = await identity.twoFactor.beginLogin(user.id)
    await identity.sessions.end(request.sessionId!)
    reply.forgetSession()
    if (pending) setPendingLogin(reply, pending)
    rememberReturn(request, reply)
    return reply.redirect(pending ? SECOND_STEP_PAGE : '/login', 303)
  })
}

/**
 * What a personal access token may never do (contract §8): manage an account — passwords, e-mail,
 * deletion, two-factor, sessions, tokens — its own or, for an administrator, another's. The rule is
 * by path, deny by default: every route under these prefixes, those of today and any added later,
 * is refused to a token but the few read-only ones named below. Checked in one place, the session
 * hook, right after the token is recognised (src/modules/identity/session-cookie.ts).
 */
const ACCOUNT_PREFIXES = ['/api/auth/', '/api/password', '/api/users/2fa/']

/** Under those prefixes, what a token may still do: tell a script whom it acts as. */
const ALLOWED_TO_TOKENS = new Set(['GET /api/auth/status'])

/**
 * Account routes outside those prefixes (spec §7's paths are fixed), as `METHOD pattern`; and who may
 * open or close someone's access (contract §9): a leaked token must not mint an administrator with a
 * password of its own, remove the firm's people or a company's, or choose who serves a client.
 */
const ACCOUNT_ROUTES = new Set([
  'DELETE /api/users/profile/:id',
  // Everything held about the person, in one file (contract §12).
  'GET /api/users/export',
  'POST /api/staff',
  'PATCH /api/staff/:id',
  'DELETE /api/staff/:id',
  'PUT /api/users/:id/staff',
  'POST /api/company/members',
  'DELETE /api/company/members/:id',
])

/** The matched route's pattern (the router has decoded the path), else the path as sent. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? ''
}

export function isAccountManagement(request: FastifyRequest): boolean {
  const route = `${request.method === 'HEAD' ? 'GET' : request.method} ${routeOf(request)}`
  if (ALLOWED_TO_TOKENS.has(route)) return false
  return ACCOUNT_ROUTES.has(route) || ACCOUNT_PREFIXES.some((prefix) => routeOf(request).startsWith(prefix))
}
