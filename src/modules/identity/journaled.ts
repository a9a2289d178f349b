import { HttpError } from '../../http/errors.js'

/** The account as the journal names it when it acts on itself: actor and subject at once (a login, a reset, two-factor). */
export function itself(account: { id: number; username: string; email: string }) {
  return {
    actor: { id: account.id, username: account.username, email: account.email },
    subject: { type: 'user' as const, id: account.id, label: account.username },
  }
}

/** 429 with Retry-After; `what` says which attempts ("pour l’ancien mot de passe"), when it helps. */
export function tooManyAttempts(waitMs: number, what?: string): HttpError {
  const seconds = Math.ceil(waitMs / 1000)
  return new HttpError(429, `Trop de tentatives${what ? ` ${what}` : ''}. Réessayez dans ${Math.ceil(seconds / 60)} minute(s).`, { 'retry-after': String(seconds) })
}
