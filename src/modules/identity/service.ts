import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../http/errors.js'
import type { SessionUser } from './session-user.js'
import type { LoginFailures } from './login-limiter.js'
import { deleteAccount, findAccountSummary } from './accounts.js'
import { newClientMail, resetMail, verificationMail } from './mails.js'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js'
import * as repo from './repository.js'
import { findSessionUser } from './repository.js'
import { TOKEN_LIFETIME_MS, hashToken, newToken, sameHash, type TokenPurpose } from './tokens.js'
import { messages, passwordPolicyFailure, type Registration } from './validation.js'
import { isWeakPassword } from './weak-passwords.js'

export const texts = {
  registered: 'Inscription réussie. Un e-mail de vérification vous a été envoyé : veuillez consulter votre boîte de réception.',
  duplicate: 'Un compte existe déjà avec cette adresse e-mail.',
  badCredentials: 'Email ou mot de passe incorrect.',
  unverified: 'Votre adresse e-mail n’est pas encore vérifiée. Un nouveau lien de vérification vous a été envoyé.',
  unverifiedRecentlySent: 'Votre adresse e-mail n’est pas encore vérifiée. Un lien de vérification vous a été envoyé il y a moins de 5 minutes : consultez votre boîte de réception (et les indésirables).',
  sameAsOld: 'Le nouveau mot de passe doit être différent de l’ancien.',
  verified: 'Adresse e-mail vérifiée avec succès. Vous pouvez maintenant vous connecter ; le cabinet ouvrira votre espace documents après avoir accepté votre inscription.',
  alreadyVerified: 'Cette adresse e-mail est déjà vérifiée. Vous pouvez vous connecter.',
  verifyInvalid: 'Lien de vérification invalide ou expiré.',
  forgotSent: 'Si un compte existe pour cette adresse, un lien de réinitialisation vous a été envoyé.',
  resetValid: 'Lien valide.',
  resetInvalid: 'Lien invalide ou expiré.',
  resetDone: 'Mot de passe réinitialisé avec succès.',
  changed: 'Mot de passe modifié avec succès.',
  oldWrong: 'Ancien mot de passe incorrect.',
  notOwn: 'Vous ne pouvez modifier que votre propre mot de passe.',
  loggedOut: 'Déconnexion réussie.',
} as const

/** At most one fresh verification mail per address in this interval (unverified logins). */
const RESEND_INTERVAL_MS = 5 * 60_000

function tooManyAttempts(waitMs: number, what: string): HttpError {
  const seconds = Math.ceil(waitMs / 1000)
  return new HttpError(429, `Trop de tentatives ${what}. Réessayez dans ${Math.ceil(seconds / 60)} minute(s).`, { 'retry-after': String(seconds) })
}

async function issueToken(app: FastifyInstance, userId: number, purpose: TokenPurpose): Promise<string> {
  const { token, hash } = newToken()
  await repo.insertToken(app.db, userId, purpose, hash, new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]))
  return token
}

async function sendVerification(app: FastifyInstance, account: { id: number; email: string }) {
  const token = await issueToken(app, account.id, 'verify')
  app.mailer.deliver(verificationMail(app.config.publicUrl, account.email, account.id, token))
}

/**
 * A verified address has one account (409). An unverified one is anyone's typing: a new
 * registration replaces it, so the owner of the address can always reclaim it (issue 9, finding 5).
 * Unverified accounts cannot log in, so they hold no photo, document or session.
 */
export async function registerUser(app: FastifyInstance, input: Registration): Promise<void> {
  if ((await repo.findAccountByEmail(app.db, input.email))?.isVerified) throw new HttpError(409, texts.duplicate)
  const passwordHash = await hashPassword(input.password)
  let id: number
  try {
    id = await app.db.transaction().execute(async (trx) => {
      // Read again inside the transaction: the pending account may have been verified meanwhile.
      const existing = await repo.findAccountByEmail(trx, input.email)
      if (existing?.isVerified) throw new HttpError(409, texts.duplicate)
      if (existing) await deleteAccount(trx, existing.id)
      return repo.insertUser(trx, { ...input, passwordHash })
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    // Two registrations racing on the same address: the unique index decides.
    if (await repo.findAccountByEmail(app.db, input.email)) throw new HttpError(409, texts.duplicate)
    throw error
  }
  await sendVerification(app, { id, email: input.email })
}

/**
 * A password check under the per-key failure limit: the attempt counts before the (slow) check,
 * so parallel attempts cannot all slip under the limit; an error releases it, success is the
 * caller's to clear.
 */
async function limitedCheck(
  failures: LoginFailures,
  key: string,
  what: string,
  check: () => Promise<{ account: repo.UserAccount | undefined; valid: boolean }>,
) {
  const attempt = failures.begin(key)
  if (attempt.wait > 0) throw tooManyAttempts(attempt.wait, what)
  try {
    return { ...(await check()), release: attempt.release }
  } catch (error) {
    attempt.release()
    throw error
  }
}

/**
 * Checks credentials under `limit` (the account's failures, or a known browser's own); answers the
 * user id to open a session for.
 */
export async function authenticate(app: FastifyInstance, limit: { failures: LoginFailures; key: string }, email: string, password: string): Promise<number> {
  const { account, valid } = await limitedCheck(limit.failures, limit.key, 'de connexion pour ce compte', async () => {
    const account = await repo.findAccountByEmail(app.db, email)
    return { account, valid: account ? await verifyPassword(account.passwordHash, password) : await verifyAgainstDummy(password) }
  })
  if (!account || !valid) throw new HttpError(400, texts.badCredentials)
  limit.failures.clear(limit.key)
  if (!account.isVerified) {
    const last = await repo.latestTokenTime(app.db, account.id, 'verify')
    if (last && Date.now() - last.getTime() < RESEND_INTERVAL_MS) throw new HttpError(403, texts.unverifiedRecentlySent)
    await sendVerification(app, account)
    throw new HttpError(403, texts.unverified)
  }
  return account.id
}

export async function sessionUserOf(app: FastifyInstance, sessionId: string): Promise<SessionUser> {
  const user = await findSessionUser(app.db, sessionId)
  if (!user) throw new HttpError(401, 'Veuillez vous connecter.')
  return user
}

/** A usable token of this purpose (unused, not expired, of this user when one is named), or undefined. */
async function usableToken(app: FastifyInstance, purpose: TokenPurpose, token: string, userId?: number) {
  const hash = hashToken(token)
  const stored = await repo.findToken(app.db, purpose, hash)
  if (!stored || !sameHash(stored.tokenHash, hash)) return undefined
  if (stored.usedAt || stored.expiresAt.getTime() <= Date.now()) return undefined
  if (userId !== undefined && stored.userId !== userId) return undefined
  return stored
}

/** Answers the message to show: verified now, or already (the same link opened twice, or by a mail scanner). */
export async function verifyEmail(app: FastifyInstance, userId: number, token: string): Promise<string> {
  const stored = await usableToken(app, 'verify', token, userId)
  if (!stored || !(await repo.consumeToken(app.db, stored.id))) {
    if (await alreadyVerifiedBy(app, userId, token)) return texts.alreadyVerified
    throw new HttpError(400, texts.verifyInvalid)
  }
  await repo.markVerified(app.db, stored.userId)
  const client = await findAccountSummary(app.db, stored.userId)
  if (client && !client.isAccepted) app.mailer.deliver(newClientMail(app.config.publicUrl, app.config.firmEmail, client))
  return texts.verified
}

/** A used verification link of this very account, whose address is verified: holding it proves nothing new. */
async function alreadyVerifiedBy(app: FastifyInstance, userId: number, token: string): Promise<boolean> {
  const hash = hashToken(token)
  const stored = await repo.findToken(app.db, 'verify', hash)
  if (!stored || !sameHash(stored.tokenHash, hash) || stored.userId !== userId || !stored.usedAt) return false
  return (await repo.findAccountById(app.db, userId))?.isVerified === true
}

/**
 * Forgotten password: everything (lookup, token writes, mail) happens after the answer, so its
 * timing is the same whether the address is known or not.
 */
export function requestReset(app: FastifyInstance, email: string): void {
  app.background.run('password reset request failed', async () => {
    const account = await repo.findAccountByEmail(app.db, email)
    if (!account) return
    await repo.retireTokens(app.db, account.id, 'reset')
    const token = await issueToken(app, account.id, 'reset')
    await app.mailer.send(resetMail(app.config.publicUrl, account.email, account.username, account.id, token))
  })
}

export async function checkResetLink(app: FastifyInstance, userId: number, token: string): Promise<void> {
  if (!(await usableToken(app, 'reset', token, userId))) throw new HttpError(400, texts.resetInvalid)
}

/** Sets the new password and ends every session of the user. */
export async function resetPassword(app: FastifyInstance, token: string, password: string): Promise<void> {
  const stored = await usableToken(app, 'reset', token)
  if (!stored) throw new HttpError(400, texts.resetInvalid)
  const passwordHash = await hashPassword(password)
  if (!(await repo.consumeToken(app.db, stored.id))) throw new HttpError(400, texts.resetInvalid)
  await repo.updatePasswordHash(app.db, stored.userId, passwordHash)
  await retireCredentials(app, stored.userId)
}

/**
 * Changes the password after checking the old one; ends the user's other sessions. Wrong old
 * passwords count per user like failed logins (counted before the check, cleared on success).
 */
export async function changePassword(app: FastifyInstance, failures: LoginFailures, userId: number, keepSession: string | undefined, oldPassword: string, newPassword: string) {
  const key = String(userId)
  const { account, valid, release } = await limitedCheck(failures, key, 'pour l’ancien mot de passe', async () => {
    const account = await repo.findAccountById(app.db, userId)
    return { account, valid: account ? await verifyPassword(account.passwordHash, oldPassword) : false }
  })
  if (!account) {
    release()
    throw new HttpError(401, 'Veuillez vous connecter.')
  }
  if (!valid) throw new HttpError(400, texts.oldWrong)
  failures.clear(key)
  if (oldPassword === newPassword) throw new HttpError(400, texts.sameAsOld)
  await repo.updatePasswordHash(app.db, userId, await hashPassword(newPassword))
  await retireCredentials(app, userId, keepSession)
}

/**
 * After a password change or reset, nothing issued under the old password works: other sessions
 * end and unused reset links die (issue 9, finding 4).
 */
async function retireCredentials(app: FastifyInstance, userId: number, keepSession?: string): Promise<void> {
  await repo.retireTokens(app.db, userId, 'reset')
  await repo.deleteUserSessions(app.db, userId, keepSession)
}

/** An account made directly, already in the given state (the administrator at start-up, seeds, tests). */
export async function createAccount(app: FastifyInstance, input: Registration & { isVerified: boolean; isAccepted: boolean; isAdmin: boolean }): Promise<number> {
  const { password, ...rest } = input
  return repo.insertUser(app.db, { ...rest, passwordHash: await hashPassword(password) })
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: a verified, accepted administrator with these credentials exists (idempotent). */
export async function ensureAdmin(app: FastifyInstance): Promise<void> {
  const admin = app.config.admin
  if (!admin) return
  // The most powerful account follows the same password rules as every other (issue 9, finding 9).
  const refused = passwordPolicyFailure(admin.password) ?? (isWeakPassword(admin.password) ? messages.weak : null)
  if (refused) throw new Error(`Invalid ADMIN_PASSWORD: ${refused}`)
  const email = admin.email.trim().toLowerCase()
  const existing = await repo.findAccountByEmail(app.db, email)
  if (!existing) {
    await createAccount(app, { username: 'Administrateur', email, entreprise: 'Cabinet', telephone: '0550000000', password: admin.password, isVerified: true, isAccepted: true, isAdmin: true })
    app.log.info('administrator account created')
    return
  }
  const samePassword = await verifyPassword(existing.passwordHash, admin.password)
  if (samePassword && existing.isAdmin && existing.isVerified && existing.isAccepted) return
  await repo.promoteToAdmin(app.db, existing.id, samePassword ? undefined : await hashPassword(admin.password))
  // A new ADMIN_PASSWORD is a password change: sessions opened with the old one end (contract §4).
  if (!samePassword) await repo.deleteUserSessions(app.db, existing.id)
  app.log.info('administrator account updated')
}
