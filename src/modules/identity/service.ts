import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { Jobs } from '../../jobs/jobs.js'
import type { Outbox } from '../../jobs/outbox.js'
import type { AttemptLimiter, AttemptPolicy } from '../../limits/attempt-limiter.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import type { Language } from '../../shared/words.js'
import type { FileStorage } from '../../storage/storage.js'
import type { Journal } from '../journal/index.js'
import { accountsFace } from './accounts.js'
import { companyIdentifiersFace } from './company-identifiers.js'
import { createInvitations, holderOf, type InvitationDeps } from './invitations.js'
import { createAccessTokens } from './access-tokens.js'
import { itself, tooManyAttempts } from './journaled.js'
import { newClientMail, passwordChangedMail, registrationAttemptMail, resetMail, verificationMail } from './mails.js'
import { createPasswords, type PasswordCost } from './passwords.js'
import { createPhotos } from './photo/service.js'
import * as repo from './repository.js'
import { createSessions } from './sessions.js'
import type { SessionUser } from './session-user.js'
import { createTwoFactor } from './two-factor.js'
import { deletePendingLogins } from './two-factor-repository.js'
import { TOKEN_LIFETIME_MS, hashToken, newToken, sameHash, type TokenPurpose } from './tokens.js'
import { messages, passwordPolicyFailure, type Registration } from './validation.js'
import { isWeakPassword } from './weak-passwords.js'
import { accountWords, texts } from './words.js'

const refuse = refusals(accountWords)

export { SESSION_TTL_MS, type SessionView } from './sessions.js'

export { texts }

/** At most one fresh verification mail per address in this interval (unverified logins). */
const RESEND_INTERVAL_MS = 5 * 60_000
const QUARTER_HOUR_MS = 15 * 60_000

export interface IdentityDeps {
  db: Db
  storage: FileStorage
  /** Mails are rows written with their cause (contract §5). */
  outbox: Pick<Outbox, 'enqueue'>
  jobs: Jobs
  clock: Clock
  /** Failed logins per account or known browser, wrong old passwords per user (contract §2). */
  attempts: AttemptLimiter
  /** Logins, failures, logouts, password changes, registrations and verifications, each in its event's transaction. */
  journal: Pick<Journal, 'record'>
  /** A company's member who accepted their invitation, in its transaction (app.ts: requests adds them to the company's reminders). */
  joined: InvitationDeps['joined']
  log: FastifyBaseLogger
  settings: {
    publicUrl: string
    firmEmail: string
    /** ADMIN_EMAIL/ADMIN_PASSWORD, when both are set. */
    admin?: { email: string; password: string } | undefined
    loginPerAccount: number
    /** Argon2id's cost for new hashes: the configuration's (the least with NODE_ENV=test); OWASP's when absent. */
    passwordCost?: PasswordCost
    /** TOTP_KEY, else SESSION_SECRET: two-factor secrets are sealed with a key derived from it. */
    totpKey: string
  }
}

/** The administrator's password breaks the rules every password follows (start-up or admin:create says why). */
export class AdminPasswordRefused extends Error {
  constructor(readonly reason: string) {
    super(`Invalid ADMIN_PASSWORD: ${reason}`)
  }
}

export type NewAccount = Registration & { isVerified: boolean; isAccepted: boolean; isAdmin: boolean } & Pick<repo.NewUser, 'role' | 'status' | 'companyId'>

/** Identity: credentials, one-time links, sessions, the accounts face and the profile photo. */
export function createIdentity(deps: IdentityDeps) {
  const { db, outbox, jobs, clock, attempts, journal, settings } = deps
  const passwords = createPasswords(settings.passwordCost)
  const now = () => clock.now().getTime()
  const loginPolicy: AttemptPolicy = { max: settings.loginPerAccount, windowMs: QUARTER_HOUR_MS }

  async function issueToken(trx: Db, userId: number, purpose: TokenPurpose): Promise<string> {
    const { token, hash } = newToken()
    await repo.insertToken(trx, userId, purpose, hash, new Date(now() + TOKEN_LIFETIME_MS[purpose]))
    return token
  }

  /** A fresh verification link and its mail, in the caller's transaction. */
  async function sendVerification(trx: Db, account: { id: number; email: string; language: Language }) {
    const token = await issueToken(trx, account.id, 'verify')
    await outbox.enqueue(trx, verificationMail(settings.publicUrl, account.email, account.id, token, account.language))
  }

  /** The owner of an address someone registered with again: one mail a quarter of an hour at most, in the owner's language. */
  async function tellOwner(email: string): Promise<void> {
    const notice = await attempts.begin(`registration-notice:${email}`, { max: 1, windowMs: QUARTER_HOUR_MS })
    if (notice.wait > 0) return
    const owner = await repo.findAccountByEmail(db, email)
    await transaction(db, (trx) => outbox.enqueue(trx, registrationAttemptMail(settings.publicUrl, email, owner?.language ?? 'fr')))
  }

  /**
   * A password check under the per-key failure limit: the attempt counts before the (slow) check,
   * so parallel attempts cannot all slip under the limit; an error releases it, success is the
   * caller's to clear.
   */
  async function limitedCheck(key: string, what: 'tooManyLogins' | 'tooManyOldPasswords', check: () => Promise<{ account: repo.UserAccount | undefined; valid: boolean }>) {
    const attempt = await attempts.begin(key, loginPolicy)
    if (attempt.wait > 0) throw tooManyAttempts(accountWords, attempt.wait, what)
    try {
      return { ...(await check()), release: attempt.release }
    } catch (error) {
      await attempt.release()
      throw error
    }
  }

  /** A usable token of this purpose (unused, not expired, of this user when one is named), or undefined. */
  async function usableToken(purpose: TokenPurpose, token: string, userId?: number) {
    const hash = hashToken(token)
    const stored = await repo.findToken(db, purpose, hash)
    if (!stored || !sameHash(stored.tokenHash, hash)) return undefined
    if (stored.usedAt || stored.expiresAt.getTime() <= now()) return undefined
    if (userId !== undefined && stored.userId !== userId) return undefined
    return stored
  }

  /** A used verification link of this very account, whose address is verified: holding it proves nothing new. */
  async function alreadyVerifiedBy(userId: number, token: string): Promise<boolean> {
    const hash = hashToken(token)
    const stored = await repo.findToken(db, 'verify', hash)
    if (!stored || !sameHash(stored.tokenHash, hash) || stored.userId !== userId || !stored.usedAt) return false
    return (await repo.findAccountById(db, userId))?.isVerified === true
  }

  /**
   * After a password change or reset, nothing issued under the old password works: other sessions
   * end, unused reset links die (issue 9, finding 4), so do logins waiting for their second step
   * (security review of issue 15) and personal access tokens (issue 17).
   */
  async function retireCredentials(trx: Db, userId: number, keepSession?: string): Promise<void> {
    await repo.retireTokens(trx, userId, 'reset')
    await repo.deleteUserSessions(trx, userId, clock.now(), keepSession)
    await deletePendingLogins(trx, userId)
    await accessTokens.revokeAll(trx, userId)
  }

  /**
   * The new hash, the end of what the old password opened, the mail telling the account's owner
   * and the journal's entry (issue 15), in one transaction: no change without its mail and its entry.
   */
  async function setPassword(trx: Db, userId: number, passwordHash: string, event: { kind: 'changed' | 'reset'; keepSession?: string | undefined; from: RequestOrigin | null }): Promise<void> {
    await repo.updatePasswordHash(trx, userId, passwordHash)
    await retireCredentials(trx, userId, event.keepSession)
    const account = await repo.findAccountById(trx, userId)
    if (!account) return
    await outbox.enqueue(trx, passwordChangedMail(settings.publicUrl, account, { kind: event.kind, at: clock.now(), ip: event.from?.ip ?? null, userAgent: event.from?.userAgent ?? null }))
    await journal.record(trx, { action: event.kind === 'reset' ? 'password.reset' : 'password.changed', ...itself(account), from: event.from })
  }

  async function createAccount(input: NewAccount): Promise<number> {
    const { password, ...rest } = input
    return repo.insertUser(db, { ...rest, passwordHash: await passwords.hash(password) })
  }

  const accounts = accountsFace(db)
  const accessTokens = createAccessTokens({ db, clock })
  const twoFactor = createTwoFactor({
    db,
    outbox,
    clock,
    attempts,
    journal,
    sessionOpenedAt: (sessionId) => repo.findSessionOpenedAt(db, sessionId),
    async checkPassword(userId, password) {
      const account = await repo.findAccountById(db, userId)
      return account ? passwords.verify(account.passwordHash, password) : false
    },
    settings: { publicUrl: settings.publicUrl, key: settings.totpKey, codePolicy: loginPolicy, issuer: 'Portail client' },
  })

  return {
    texts,
    accounts,
    /** Companies' identifiers (contract §11): the profile's, and the companies the calendar applies to. */
    companies: companyIdentifiersFace(db),
    photos: createPhotos({ db, storage: deps.storage, log: deps.log }),
    /** TOTP enrolment, the login's second step, turning it off (issue 15). */
    twoFactor,
    /** Personal access tokens: `Authorization: Bearer` for scripts (issue 17, contract §8). */
    accessTokens,
    /** Invitations to the firm's team and to a company's (contract §9). */
    invitations: createInvitations({ db, outbox, clock, journal, passwords, publicUrl: settings.publicUrl, firmName: 'l’équipe du cabinet', joined: deps.joined }),

    /**
     * A verified address has one account; an unverified one is anyone's typing: a new registration
     * replaces it, so the owner of the address can always reclaim it (issue 9, finding 5). Unverified
     * accounts cannot log in, so they hold no photo, document or session. The account, its link and
     * its mail are written in one transaction: all three or none.
     *
     * A registration with an address that is someone's (a verified account, or one a valid invitation
     * reserves, contract §9) answers exactly as a new one, after the same password hashing, so that it
     * tells nobody which addresses have an account (as the password reset does); the address's owner
     * is mailed instead, at most once a quarter of an hour (docs/decisions/131-registration-tells-nothing.md).
     */
    async register(input: Registration, from: RequestOrigin | null = null, language: Language = 'fr'): Promise<void> {
      const takenAlready = (await holderOf(db, await repo.findAccountByEmail(db, input.email), clock.now())) === 'taken'
      const passwordHash = await passwords.hash(input.password)
      if (takenAlready) return tellOwner(input.email)
      try {
        const told = await transaction(db, async (trx) => {
          // Read again inside the transaction: the pending account may have been verified meanwhile.
          const existing = await repo.findAccountByEmail(trx, input.email)
          if ((await holderOf(trx, existing, clock.now())) === 'taken') return true
          if (existing) await accounts.deleteAccount(trx, existing.id)
          const id = await repo.insertUser(trx, { ...input, passwordHash, language })
          await sendVerification(trx, { id, email: input.email, language })
          await journal.record(trx, { action: 'user.registered', ...itself({ id, username: input.username, email: input.email }), from })
          return false
        })
        if (told) await tellOwner(input.email)
      } catch (error) {
        // Two registrations racing on the same new address: the unique index decides, the other's mail went.
        if (await repo.findAccountByEmail(db, input.email)) return
        throw error
      }
    },

    /**
     * Checks credentials under the failure limit of the account, or of a browser known for this
     * address (`device`), which is counted on its own (issue 9, finding 3); answers the user id.
     */
    async authenticate(email: string, password: string, device?: string, from: RequestOrigin | null = null): Promise<number> {
      const key = device ? `device:${device}` : `login:${email}`
      const { account, valid } = await limitedCheck(key, 'tooManyLogins', async () => {
        const account = await repo.findAccountByEmail(db, email)
        // An invited account has no password yet and a removed one keeps its old one: neither opens a session (contract §9).
        const usable = account?.status === 'active'
        return { account, valid: usable ? await passwords.verify(account.passwordHash, password) : await passwords.verifyAgainstDummy(password) }
      })
      if (!account || !valid) {
        // Nobody is identified: no actor; the account aimed at (if any) is the subject, the typed address searchable.
        const subject = account ? { type: 'user' as const, id: account.id, label: account.username } : null
        await transaction(db, (trx) => journal.record(trx, { action: 'login.failed', actor: null, subject, from, attemptedAs: email }))
        throw refuse('validation', 'badCredentials').under('password')
      }
      await attempts.clear(key)
      if (!account.isVerified) {
        const last = await repo.latestTokenTime(db, account.id, 'verify')
        if (last && now() - last.getTime() < RESEND_INTERVAL_MS) throw refuse('forbidden', 'unverifiedRecentlySent')
        await transaction(db, (trx) => sendVerification(trx, account))
        throw refuse('forbidden', 'unverified')
      }
      return account.id
    },

    /**
     * Answers the message to show: verified now, or already (the same link opened twice, or by a
     * mail scanner). The link's use, the verification and the firm's mail are one transaction.
     */
    async verifyEmail(userId: number, token: string, from: RequestOrigin | null = null): Promise<string> {
      const stored = await usableToken('verify', token, userId)
      const verified =
        stored !== undefined &&
        (await transaction(db, async (trx) => {
          if (!(await repo.consumeToken(trx, stored.id))) return false
          await repo.markVerified(trx, stored.userId)
          const client = await accounts.findAccountSummary(stored.userId, trx)
          if (client) await journal.record(trx, { action: 'user.verified', ...itself(client), from })
          if (client && !client.isAccepted) await outbox.enqueue(trx, newClientMail(settings.publicUrl, settings.firmEmail, client))
          return true
        }))
      if (!verified) {
        if (await alreadyVerifiedBy(userId, token)) return texts.alreadyVerified
        throw refuse('validation', 'verifyInvalid')
      }
      return texts.verified
    },

    /**
     * Forgotten password: everything (lookup, token writes, the mail's row) happens after the
     * answer, so its timing is the same whether the address is known or not.
     */
    requestReset(email: string): void {
      jobs.run('password reset request failed', async () => {
        const account = await repo.findAccountByEmail(db, email)
        if (account?.status !== 'active') return
        await transaction(db, async (trx) => {
          await repo.retireTokens(trx, account.id, 'reset')
          const token = await issueToken(trx, account.id, 'reset')
          await outbox.enqueue(trx, resetMail(settings.publicUrl, account, account.id, token))
        })
      })
    },

    async checkResetLink(userId: number, token: string): Promise<void> {
      if (!(await usableToken('reset', token, userId))) throw refuse('validation', 'resetInvalid')
    },

    /** Sets the new password, ends every session of the user and mails them (`from`: the browser that reset it). */
    async resetPassword(token: string, password: string, from: RequestOrigin | null = null): Promise<void> {
      const stored = await usableToken('reset', token)
      if (!stored) throw refuse('validation', 'resetInvalid')
      const passwordHash = await passwords.hash(password)
      await transaction(db, async (trx) => {
        if (!(await repo.consumeToken(trx, stored.id))) throw refuse('validation', 'resetInvalid')
        await setPassword(trx, stored.userId, passwordHash, { kind: 'reset', from })
      })
    },

    /**
     * Changes the password after checking the old one; ends the user's other sessions and mails them. Wrong old
     * passwords count per user like failed logins (counted before the check, cleared on success).
     */
    async changePassword(userId: number, keepSession: string | undefined, oldPassword: string, newPassword: string, from: RequestOrigin | null = null): Promise<void> {
      const key = `old-password:${userId}`
      const { account, valid, release } = await limitedCheck(key, 'tooManyOldPasswords', async () => {
        const account = await repo.findAccountById(db, userId)
        return { account, valid: account ? await passwords.verify(account.passwordHash, oldPassword) : false }
      })
      if (!account) {
        await release()
        throw refuse('unauthenticated', 'loginRequired')
      }
      if (!valid) throw refuse('validation', 'oldWrong').under('oldPassword')
      await attempts.clear(key)
      if (oldPassword === newPassword) throw refuse('validation', 'sameAsOld').under('newPassword')
      const passwordHash = await passwords.hash(newPassword)
      await transaction(db, (trx) => setPassword(trx, userId, passwordHash, { kind: 'changed', keepSession, from }))
    },

    /** An account made directly, already in the given state (the administrator at start-up, seeds, tests). */
    createAccount,

    /**
     * Ends everything an account holds, in the caller's transaction (contract §9: a person removed,
     * or whose rights narrow): its sessions, logins waiting for their second step, personal access
     * tokens and unused one-time links. The team module decides who; identity ends the credentials.
     */
    async retireAccess(trx: Db, userId: number): Promise<void> {
      await retireCredentials(trx, userId)
      await repo.retireTokens(trx, userId, 'verify')
      await repo.retireTokens(trx, userId, 'invitation')
    },

    /**
     * ADMIN_EMAIL/ADMIN_PASSWORD (or the credentials `npm run admin:create` was given): a verified,
     * accepted administrator with these credentials exists (idempotent); answers what was done. Two
     * instances starting together may both try: the unique address decides, and the one that lost
     * checks again.
     */
    async ensureAdmin(admin = settings.admin): Promise<'created' | 'updated' | 'unchanged' | undefined> {
      if (!admin) return undefined
      // The most powerful account follows the same password rules as every other (issue 9, finding 9).
      const refused = passwordPolicyFailure(admin.password) ?? (isWeakPassword(admin.password) ? messages.weak : null)
      if (refused) throw new AdminPasswordRefused(refused)
      const email = admin.email.trim().toLowerCase()
      let existing = await repo.findAccountByEmail(db, email)
      if (!existing) {
        try {
          await createAccount({ username: 'Administrateur', email, entreprise: 'Cabinet', telephone: '0550000000', password: admin.password, isVerified: true, isAccepted: true, isAdmin: true })
          deps.log.info('administrator account created')
          return 'created'
        } catch (error) {
          existing = await repo.findAccountByEmail(db, email)
          if (!existing) throw error
        }
      }
      const samePassword = await passwords.verify(existing.passwordHash, admin.password)
      if (samePassword && existing.role === 'admin' && existing.status === 'active' && existing.isVerified && existing.isAccepted) return 'unchanged'
      await repo.promoteToAdmin(db, existing.id, samePassword ? undefined : await passwords.hash(admin.password))
      // A new ADMIN_PASSWORD is a password change: what the old one opened ends (contract §4).
      if (!samePassword) await transaction(db, (trx) => retireCredentials(trx, existing.id))
      deps.log.info('administrator account updated')
      return 'updated'
    },

    /** The person's own choice of language (contract §10): their pages and the mails written to them from now on. */
    setLanguage: (userId: number, language: Language): Promise<void> => repo.updateLanguage(db, userId, language),

    /** True when an administrator can log in (a first start without one says how to make one). */
    hasAdmin: (): Promise<boolean> => repo.hasAdmin(db),

    sessions: createSessions({ db, clock, journal, sweepAlso: async () => (await twoFactor.sweep()) + (await accessTokens.sweep()) }),
  }
}

export type Identity = ReturnType<typeof createIdentity>
