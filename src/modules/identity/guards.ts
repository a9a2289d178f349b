import type { FastifyReply, FastifyRequest } from 'fastify'
import { bodyPending, HttpError } from '../../http/errors.js'
import { closeWithoutReading } from '../../http/lingering-close.js'
import { rememberPath } from '../../http/return-to.js'
import { enforceAccess } from './access.js'
import type { SessionUser } from './session-user.js'

const ADMINS_ONLY = 'Accès réservé aux administrateurs.'
const FIRM_ONLY = 'Accès réservé au cabinet.'

/** Page guard: a logged-in user is sent home (registration, login, reset…). */
export async function guestOnly(request: FastifyRequest, reply: FastifyReply) {
  if (request.user) return reply.redirect('/', 303)
}

/** Page guard: a visitor is sent to /login; a user's session slides forward (spec §2). */
export async function userOnly(request: FastifyRequest, reply: FastifyReply) {
  return enforceAccess('user', request, reply)
}

/** Page guard: anyone but an administrator (role `admin`) is sent home; the session slides forward. */
export async function adminOnly(request: FastifyRequest, reply: FastifyReply) {
  return enforceAccess('admin', request, reply)
}

/** Page guard: anyone but the firm's people (admin and staff) is sent home; the session slides forward. */
export async function firmOnly(request: FastifyRequest, reply: FastifyReply) {
  return enforceAccess('firm', request, reply)
}

/**
 * Guard of a back-office form posted without JavaScript (contract §8): a visitor (a session that
 * ended) logs in first and comes back to `pageOf(request)`, the page holding the form (a post is
 * never replayed); anyone else but an administrator is refused (403, the error page); the session slides.
 */
export function adminForm(pageOf: (request: FastifyRequest) => string, who: 'admin' | 'firm' = 'admin') {
  return async function adminForm(request: FastifyRequest, reply: FastifyReply) {
    if (!request.user) {
      rememberPath(reply, pageOf(request))
      return reply.redirect('/login', 303)
    }
    if (!mayEnter(request.user, who)) throw new HttpError(403, who === 'admin' ? ADMINS_ONLY : FIRM_ONLY)
    await reply.refreshSession()
  }
}

/** The back-office form guard for what staff may do too (their scope decides which clients). */
export function firmForm(pageOf: (request: FastifyRequest) => string) {
  return adminForm(pageOf, 'firm')
}

function mayEnter(user: SessionUser, who: 'admin' | 'firm'): boolean {
  return who === 'admin' ? user.role === 'admin' : user.isAdmin
}

/**
 * Guard of a user's form posted without JavaScript (contract §8), run before its body is read (an
 * upload's megabytes are never read when it refuses): a visitor logs in first and comes back to
 * `pageOf(request)`, the page holding the form; a user `refusal` names a reason for gets the 403 page
 * with it; the session slides.
 */
export function userForm(pageOf: (request: FastifyRequest) => string, refusal: (user: SessionUser, request: FastifyRequest) => string | undefined) {
  return async function userForm(request: FastifyRequest, reply: FastifyReply) {
    const user = request.user
    const refused = user ? refusal(user, request) : undefined
    if (user && refused === undefined) return reply.refreshSession()
    if (bodyPending(request.raw)) closeWithoutReading(request, reply)
    if (!user) {
      rememberPath(reply, pageOf(request))
      return reply.redirect('/login', 303)
    }
    return reply.code(403).renderError(403, refused!)
  }
}

/** API guard: 401 without a session. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, 'Veuillez vous connecter.')
}

/** API guard: 401 without a session, 403 for anyone but an administrator (role `admin`). */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, 'Veuillez vous connecter.')
  if (request.user.role !== 'admin') throw new HttpError(403, ADMINS_ONLY)
}

/** API guard: 401 without a session, 403 for anyone but the firm's people (admin and staff). */
export async function requireFirm(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, 'Veuillez vous connecter.')
  if (!request.user.isAdmin) throw new HttpError(403, FIRM_ONLY)
}
