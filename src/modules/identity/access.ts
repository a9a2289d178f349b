import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { twoFactorTexts } from './two-factor-validation.js'

export type Access = 'user' | 'admin'

/**
 * Spec §2's route guards, in one table: every page under these paths is checked on the server
 * before any route runs (even one that does not exist yet), so no page can forget its guard.
 */
const PROTECTED: Array<[prefix: RegExp, access: Access]> = [
  [/^\/admin-dashboard(\/|$)/, 'admin'],
  [/^\/files(\/|$)/, 'user'],
  [/^\/users\/profile(\/|$)/, 'user'],
]

export function accessFor(path: string): Access | null {
  return PROTECTED.find(([prefix]) => prefix.test(path))?.[1] ?? null
}

/** Visitors go to /login, non-administrators on admin pages go home; a granted session slides. */
export async function enforceAccess(access: Access, request: FastifyRequest, reply: FastifyReply) {
  if (access === 'admin' && !request.user?.isAdmin) return reply.redirect('/', 303)
  if (!request.user) return reply.redirect('/login', 303)
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
  return found.includes('admin') ? 'admin' : found.includes('user') ? 'user' : null
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

/** What such an administrator may still reach: signing in and out, and enrolling. */
function allowedBeforeEnrolment(path: string): boolean {
  return path.startsWith('/api/auth/') || path === TWO_FACTOR_PAGE
}

/**
 * REQUIRE_ADMIN_2FA=true (contract §6): an administrator without two-factor reaches nothing of the
 * back-office before enrolling: every API call but /api/auth/* is refused (403), every stored
 * file too, and every guarded page leads to the setup page. Checked before validation, for every
 * route, so no route can forget it.
 */
export function registerAdminTwoFactorRequirement(app: FastifyInstance) {
  if (!app.config.requireAdmin2fa) return
  app.addHook('preValidation', async (request, reply) => {
    const user = request.user
    if (!user?.isAdmin || user.twoFactor) return
    const paths = pathCandidates(request)
    if (paths.every(allowedBeforeEnrolment)) return
    if (paths.some((path) => path.startsWith('/api/') || path.startsWith('/uploads/'))) throw new HttpError(403, twoFactorTexts.adminRequired)
    if (guardedAccess(request)) return reply.redirect(TWO_FACTOR_PAGE, 303)
  })
}
