import { refusals, type DomainError } from '../../shared/domain-error.js'
import type { Catalogue } from '../../shared/words.js'

/** The account as the journal names it when it acts on itself: actor and subject at once (a login, a reset, two-factor). */
export function itself(account: { id: number; username: string; email: string }) {
  return {
    actor: { id: account.id, username: account.username, email: account.email },
    subject: { type: 'user' as const, id: account.id, label: account.username },
  }
}

/** The sentences that say which attempts were too many (./words.ts), and the minutes to wait. */
type AttemptWords = Record<'tooManyAttempts' | 'tooManyLogins' | 'tooManyOldPasswords', (minutes: number) => string>

/** Too many attempts (`rate_limited`, tried again after the wait: the edge's Retry-After); `what` says which, when it helps. */
export function tooManyAttempts(words: Catalogue<AttemptWords>, waitMs: number, what: keyof AttemptWords = 'tooManyAttempts'): DomainError {
  const seconds = Math.ceil(waitMs / 1000)
  return refusals(words)('rate_limited', what, Math.ceil(seconds / 60)).retryAfter(seconds)
}
