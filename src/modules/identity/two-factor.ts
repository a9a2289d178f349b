import { createHmac, randomBytes, randomInt } from 'node:crypto'
import type { Language } from '../../shared/words.js'
import { Secret, TOTP } from 'otpauth'
import type { Clock } from '../../clock/clock.js'
import { createSealer, deriveKey } from '../../crypto/sealing.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { Outbox } from '../../jobs/outbox.js'
import type { AttemptLimiter, AttemptPolicy } from '../../limits/attempt-limiter.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import type { Journal } from '../journal/index.js'
import { twoFactorMail, type TwoFactorChange } from './mails.js'
import { itself, tooManyAttempts } from './journaled.js'
import { deleteUserAccessTokens } from './access-token-repository.js'
import * as repo from './repository.js'
import * as store from './two-factor-repository.js'
import { hashToken } from './tokens.js'
import { twoFactorWords } from './words.js'

const refuse = refusals(twoFactorWords)

/** RFC 6238 as every authenticator app reads it (contract §6). */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
const STEP_MS = TOTP_SETTINGS.period * 1000
/** One step either side: a phone's clock a little off, or a code typed as it changes. */
const WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
/** The second step must follow the password within this time (contract §6). */
export const PENDING_LOGIN_MS = 5 * 60_000
/** Wrong codes that end a pending login (contract §6). */
export const PENDING_LOGIN_TRIES = 5
/** Letters and digits nobody confuses when copying from paper (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A session opened this recently may turn two-factor on without the password again (its login just checked it). */
const FRESH_LOGIN_MS = 15 * 60_000

export interface TwoFactorDeps {
  db: Db
  outbox: Pick<Outbox, 'enqueue'>
  clock: Clock
  attempts: AttemptLimiter
  /** Turning it on and off are recorded with the change (contract §6). */
  journal: Pick<Journal, 'record'>
  /** The account's password checked (argon2), for turning two-factor on and off. */
  checkPassword(userId: number, password: string): Promise<boolean>
  /** When the session was opened (its login), or undefined when it is gone. */
  sessionOpenedAt(sessionId: string): Promise<Date | undefined>
  settings: {
    publicUrl: string
    /** TOTP_KEY, else SESSION_SECRET: the stored secrets are sealed with a key derived from it. */
    key: string
    /** Wrong codes (and passwords, to turn it off) per account, as failed logins are counted. */
    codePolicy: AttemptPolicy
    issuer: string
  }
}

/** `ABCDE-23456`: about 49 bits each; stored as an HMAC under a key of their own (a stolen table alone cannot be searched). */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '')
}

/** HMAC-SHA-256 of the normalised code under `key` (derived from TOTP_KEY): 64 hex characters, as the column holds. */
function hashRecoveryCode(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(normalizeRecoveryCode(code), 'utf8').digest('hex')
}

/**
 * Two-factor sign-in (TOTP, issue 15): enrolment with a pending secret, recovery codes, the login's
 * second step and turning it off. Every "used once" rule is a conditional update in the database,
 * so two instances (or two requests) can never both accept the same code.
 */
export function createTwoFactor(deps: TwoFactorDeps) {
  const { db, outbox, clock, attempts, journal, settings } = deps
  const sealer = createSealer(settings.key, { salt: 'portal-totp', info: 'totp secret v1' })
  const recoveryKey = deriveKey(settings.key, { salt: 'portal-recovery', info: 'recovery code v1' })
  const hashRecovery = (code: string) => hashRecoveryCode(recoveryKey, code)
  const now = () => clock.now()

  /** The owner is told of every change, in the change's transaction (issue 15, security review). */
  async function tellOwner(trx: Db, account: { email: string; username: string; language: Language }, change: TwoFactorChange, origin: RequestOrigin | null): Promise<void> {
    await outbox.enqueue(trx, twoFactorMail(settings.publicUrl, account, { change, at: now(), userAgent: origin?.userAgent ?? null }))
  }

  /** Two-factor off for `account`, with its sessions and tokens, journaled and mailed in one transaction; false when it was not on. */
  async function reset(account: { id: number; username: string; email: string; language: Language }, actor: { id: number; username: string; email: string } | null, origin: RequestOrigin | null): Promise<boolean> {
    return transaction(db, async (trx) => {
      if (!(await store.findTwoFactor(trx, account.id))?.secret) return false
      await store.removeTwoFactor(trx, account.id)
      await repo.deleteUserSessions(trx, account.id, now())
      // Every token too: whoever enrolled the authenticator may have made some with it.
      await deleteUserAccessTokens(trx, account.id)
      await journal.record(trx, { action: 'twofactor.disabled', actor, subject: { type: 'user', id: account.id, label: account.username }, from: origin })
      await tellOwner(trx, account, 'reset', origin)
      return true
    })
  }

  function totpFor(base32: string, label = '') {
    return new TOTP({ issuer: settings.issuer, label, ...TOTP_SETTINGS, secret: Secret.fromBase32(base32) })
  }

  /** The time step `code` belongs to under the sealed secret, or undefined when it matches none in the window. */
  function matchingStep(sealed: string, code: string): number | undefined {
    const at = now().getTime()
    const delta = totpFor(sealer.open(sealed)).validate({ token: code, timestamp: at, window: WINDOW })
    return delta === null ? undefined : Math.floor(at / STEP_MS) + delta
  }

  /** A code of the active secret not used before (its step is recorded); false otherwise. */
  async function acceptCode(trx: Db, userId: number, code: string): Promise<boolean> {
    const row = await store.findTwoFactor(trx, userId)
    if (!row?.secret) return false
    const step = matchingStep(row.secret, code)
    return step !== undefined && (await store.acceptStep(trx, userId, step))
  }

  /**
   * How long the account's wrong codes keep out the next one: 0 when a new login may try at once.
   * The limiter has no look without a count, so a try is begun and, when it was counted, released.
   */
  async function codesWait(accountKey: string): Promise<number> {
    const probe = await attempts.begin(accountKey, settings.codePolicy)
    if (probe.wait === 0) await probe.release()
    return probe.wait
  }

  async function isEnabled(userId: number): Promise<boolean> {
    return Boolean((await store.findTwoFactor(db, userId))?.secret)
  }

  return {
    isEnabled,

    /**
     * A fresh pending secret (the active one, if any, stays until a code confirms the new one);
     * `reuse` keeps a pending secret already made, so that reloading the setup page shows the
     * same QR code instead of invalidating what was scanned.
     */
    async setup(userId: number, options: { reuse?: boolean } = {}): Promise<{ secret: string; otpauthUrl: string }> {
      const account = await repo.findAccountById(db, userId)
      if (!account) throw refuse('unauthenticated', 'loginRequired')
      const existing = await store.findTwoFactor(db, userId)
      if (existing?.secret) throw refuse('conflict', 'alreadyEnabled')
      let base32: string
      if (options.reuse && existing?.pendingSecret) base32 = sealer.open(existing.pendingSecret)
      else {
        base32 = new Secret({ size: 20 }).base32
        await store.savePendingSecret(db, userId, sealer.seal(base32), now())
      }
      return { secret: base32, otpauthUrl: totpFor(base32, account.email).toString() }
    },

    /**
     * Confirms the pending secret with a code from it; answers the recovery codes (shown once, stored
     * hashed). The session that did it (`sessionId`) counts as proven with the second factor; every
     * other session of the user ends (opened with the password alone), and so does every access token
     * made with the password alone; the owner is told by mail.
     *
     * The password is asked as turning it off asks (issue 34): a session stolen from an unlocked computer
     * cannot lock its owner out with someone else's phone. Without one (the API of contract §6 takes
     * `{code}`), only a session opened in the last quarter of an hour may: its login just proved the password.
     */
    async enable(userId: number, code: string, password: string | undefined, from: RequestOrigin, sessionId: string | undefined): Promise<string[]> {
      const account = await repo.findAccountById(db, userId)
      if (!account) throw refuse('unauthenticated', 'loginRequired')
      const row = await store.findTwoFactor(db, userId)
      if (row?.secret) throw refuse('conflict', 'alreadyEnabled')
      if (!row?.pendingSecret) throw refuse('conflict', 'setupFirst')
      const attempt = await attempts.begin(`twofactor-enable:${userId}`, settings.codePolicy)
      if (attempt.wait > 0) throw tooManyAttempts(twoFactorWords, attempt.wait)
      if (password === undefined) {
        const opened = sessionId ? await deps.sessionOpenedAt(sessionId) : undefined
        if (!opened || now().getTime() - opened.getTime() > FRESH_LOGIN_MS) throw refuse('validation', 'passwordRequired').under('password')
      } else if (!(await deps.checkPassword(userId, password))) throw refuse('validation', 'passwordWrong').under('password')
      const step = matchingStep(row.pendingSecret, code)
      if (step === undefined) throw refuse('validation', 'codeWrong').under('code')
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
      await transaction(db, async (trx) => {
        if (!(await store.activatePendingSecret(trx, userId, row.pendingSecret!, step, now()))) throw refuse('conflict', 'setupFirst')
        await store.replaceRecoveryCodes(trx, userId, codes.map(hashRecovery))
        await repo.deleteUserSessions(trx, userId, now(), sessionId)
        // Tokens made with the password alone go with those sessions: they would open the account without a code.
        await deleteUserAccessTokens(trx, userId, { passwordOnly: true })
        if (sessionId) await repo.markSessionProven(trx, userId, sessionId)
        await journal.record(trx, { action: 'twofactor.enabled', ...itself(account), from })
        await tellOwner(trx, account, 'enabled', from)
      })
      await attempts.clear(`twofactor-enable:${userId}`)
      return codes
    },

    /** Turns two-factor off after the password and a current code; the owner is told by mail. */
    async disable(userId: number, password: string, code: string, origin: RequestOrigin): Promise<void> {
      const account = await repo.findAccountById(db, userId)
      if (!account) throw refuse('unauthenticated', 'loginRequired')
      if (!(await isEnabled(userId))) throw refuse('conflict', 'notEnabled')
      const key = `twofactor-disable:${userId}`
      const attempt = await attempts.begin(key, settings.codePolicy)
      if (attempt.wait > 0) throw tooManyAttempts(twoFactorWords, attempt.wait)
      if (!(await deps.checkPassword(userId, password))) throw refuse('validation', 'passwordWrong').under('password')
      await transaction(db, async (trx) => {
        if (!(await acceptCode(trx, userId, code))) throw refuse('validation', 'codeWrong').under('code')
        await store.removeTwoFactor(trx, userId)
        await journal.record(trx, { action: 'twofactor.disabled', ...itself(account), from: origin })
        await tellOwner(trx, account, 'disabled', origin)
      })
      await attempts.clear(key)
    },

    /**
     * An administrator turns a user's two-factor off from the back-office (a lost phone, or an
     * authenticator enrolled by someone else): the user's sessions and access tokens end, the journal names the
     * administrator as actor and the user as subject, the user is told by mail. Administrators'
     * accounts are not reset here, as they are not accepted or deleted here (clients module).
     */
    async resetByAdmin(actor: { id: number; username: string; email: string }, userId: number, origin: RequestOrigin): Promise<void> {
      const account = await repo.findAccountById(db, userId)
      if (!account) throw refuse('not_found', 'userNotFound')
      if (account.isAdmin) throw refuse('forbidden', 'adminUntouchable')
      if (!(await reset(account, actor, origin))) throw refuse('conflict', 'notEnabledForUser')
    },

    /**
     * The same reset from the server's console (`npm run admin:create -- --reset-two-factor`), for any
     * account, administrators included: the way back for an administrator whose authenticator is lost
     * or was enrolled by someone else, which no other administrator may reset. The journal names no
     * actor (the server's operator). False when two-factor was not on (or there is no such account).
     */
    async resetFromConsole(email: string): Promise<boolean> {
      const account = await repo.findAccountByEmail(db, email.trim().toLowerCase())
      return account ? reset(account, null, null) : false
    },
    /** After a right password: a pending login's token when the account has two-factor on, else undefined. */
    async beginLogin(userId: number): Promise<string | undefined> {
      if (!(await isEnabled(userId))) return undefined
      const token = randomBytes(32).toString('base64url')
      const at = now()
      await store.insertPendingLogin(db, hashToken(token), userId, at, new Date(at.getTime() + PENDING_LOGIN_MS))
      return token
    },

    /** True while the pending login of this token can still be finished (the second step's page). */
    async hasPendingLogin(token: string): Promise<boolean> {
      return (await store.findPendingLogin(db, hashToken(token), now())) !== undefined
    },

    /**
     * The second step: a code or a recovery code for the pending login of `token`; answers the
     * user id to open a session for. Each try counts before it is checked; the fifth wrong one
     * ends the pending login (the password must be given again).
     */
    async completeLogin(token: string, proof: { code: string } | { recoveryCode: string }, from: RequestOrigin): Promise<number> {
      const id = hashToken(token)
      const pending = await store.findPendingLogin(db, id, now())
      if (!pending) throw refuse('unauthenticated', 'loginExpired')
      // Wrong codes also count per account, across pending logins (the password opens a new one each
      // time): a code is never guessed faster than the account's failed-login policy allows.
      const accountKey = `twofactor-login:${pending.userId}`
      const attempt = await attempts.begin(accountKey, settings.codePolicy)
      if (attempt.wait > 0) {
        await store.deletePendingLogin(db, id)
        throw tooManyAttempts(twoFactorWords, attempt.wait)
      }
      // The try is counted, checked and (when wrong) journaled as a failed login in one transaction.
      const outcome = await transaction(db, async (trx): Promise<'expired' | 'accepted' | 'wrong'> => {
        if (!(await store.countPendingAttempt(trx, id, PENDING_LOGIN_TRIES, now()))) return 'expired'
        const accepted = 'code' in proof ? await acceptCode(trx, pending.userId, proof.code) : await store.useRecoveryCode(trx, pending.userId, hashRecovery(proof.recoveryCode), now())
        if (accepted) return 'accepted'
        const account = await repo.findAccountById(trx, pending.userId)
        // Whoever typed it knew the password, but is not known to be the owner: no actor, as for a wrong password.
        if (account) await journal.record(trx, { action: 'login.failed', actor: null, subject: itself(account).subject, from, attemptedAs: account.email })
        return 'wrong'
      })
      if (outcome === 'expired') {
        await store.deletePendingLogin(db, id)
        throw refuse('unauthenticated', 'loginExpired')
      }
      if (outcome === 'wrong') {
        if (pending.failures + 1 >= PENDING_LOGIN_TRIES) {
          await store.deletePendingLogin(db, id)
          // Retry-After (contract §2): the message asks for the password again, which is allowed at once unless the account waits.
          throw refuse('rate_limited', 'tooManyCodes').retryAfter(Math.ceil((await codesWait(accountKey)) / 1000))
        }
        throw refuse('validation', 'code' in proof ? 'codeWrong' : 'recoveryWrong').under('code' in proof ? 'code' : 'recoveryCode')
      }
      // Used once: of two requests finishing the same login, only the one that removes it wins.
      if (!(await store.deletePendingLogin(db, id))) throw refuse('unauthenticated', 'loginExpired')
      await attempts.clear(accountKey)
      return pending.userId
    },

    sweep: (): Promise<number> => store.sweepPendingLogins(db, now()),
  }
}

export type TwoFactor = ReturnType<typeof createTwoFactor>
