import type { FastifyReply, FastifyRequest } from 'fastify'
import { bodyPending, HttpError } from '../../http/errors.js'
import { closeWithoutReading } from '../../http/lingering-close.js'
import { rememberPath } from '../../http/return-to.js'
import { enforceAccess } from './access.js'
import type { SessionUser } from './session-user.js'

const ADMINS_ONLY = 'Accès réservé aux administrateurs.'

/** Page guard: a logged-in user is sent home (registration, login, reset…). */
export async function guestOnly(request: FastifyRequest, reply: FastifyReply) {
  if (request.user) return reply.redirect('/', 303)
}

/** Page guard: a visitor is sent to /login; a user's session slides forward (spec §2). */
export async function userOnly(request: FastifyRequest, reply: FastifyReply) {
  return enforceAccess('user', request, reply)
}

/** Page guard: anyone but an administrator is sent home; the session slides forward. */
export async function adminOnly(request: FastifyRequest, reply: FastifyReply) {
  return enforceAccess('admin', request, reply)
}

/**
 * Guard of a back-office form posted without JavaScript (contract §8): a visitor (a session that
 * ended) logs in first and comes back to `pageOf(request)`, the page holding the form (a post is
 * never replayed); anyone else but an administrator is refused (403, the error page); the session slides.
 */
export function adminForm(pageOf: (request: FastifyRequest) => string) {
  return async function adminForm(request: FastifyRequest, reply: FastifyReply) {
    if (!request.user) {
      rememberPath(reply, pageOf(request))
      return reply.redirect('/login', 303)
    }
    if (!request.user.isAdmin) throw new HttpError(403, ADMINS_ONLY)
    await reply.refreshSession()
  }
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

/** API guard: 401 without a session, 403 for a non-administrator. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, 'Veuillez vous connecter.')
  if (!request.user.isAdmin) throw new HttpError(403, ADMINS_ONLY)
}
