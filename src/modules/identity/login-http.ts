import type { FastifyReply, FastifyRequest } from 'fastify'
import { originOf } from '../../http/origin.js'
import { DomainError, refusals } from '../../shared/domain-error.js'
import { knownDevice, rememberDevice } from './device-cookie.js'
import { clearPendingLogin, pendingLoginToken, setPendingLogin } from './pending-login-cookie.js'
import type { Identity } from './service.js'
import { twoFactorWords } from './words.js'

/**
 * The login's two steps, shared by the API (JSON) and the login pages' plain forms (contract §8),
 * so both count the same failures, write the same journal and open the same session.
 */

/** The password: a session's id, or null when two-factor asks for the second step (contract §6). */
export async function passwordStep(identity: Identity, request: FastifyRequest, reply: FastifyReply, { email, password }: { email: string; password: string }): Promise<string | null> {
  const device = knownDevice(request, email)
  // A browser that logged in to the account before is counted on its own, not locked out with it.
  const userId = await identity.authenticate(email, password, device, originOf(request))
  // Two-factor on: no session yet, the second step opens it.
  const pending = await identity.twoFactor.beginLogin(userId)
  if (pending) {
    setPendingLogin(reply, pending)
    rememberDevice(reply, email, device)
    return null
  }
  if (request.user) await reply.endSession()
  const sessionId = await reply.startSession(userId)
  rememberDevice(reply, email, device)
  return sessionId
}

/** The code of the app, or a recovery code: the session's id. */
export async function secondStep(identity: Identity, request: FastifyRequest, reply: FastifyReply, proof: { code: string } | { recoveryCode: string }): Promise<string> {
  const token = pendingLoginToken(request)
  if (!token) throw refusals(twoFactorWords)('unauthenticated', 'loginExpired')
  let userId: number
  try {
    userId = await identity.twoFactor.completeLogin(token, proof, originOf(request))
  } catch (error) {
    // The pending login is over (expired, or the fifth wrong code): its cookie goes with it.
    if (error instanceof DomainError && error.code !== 'validation') clearPendingLogin(reply)
    throw error
  }
  clearPendingLogin(reply)
  if (request.user) await reply.endSession()
  return reply.startSession(userId, { secondFactor: true })
}
