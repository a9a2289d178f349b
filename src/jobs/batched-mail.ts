import type { Db } from '../db/database.js'
import type { Mail } from '../mail/mailer.js'
import type { Outbox } from './outbox.js'

/** One recipient's grouped mails about one subject (a client's uploads, a thread): kept in the caller's row. */
export interface MailBatch {
  /** When the last mail went, or is due (one waiting). */
  lastMailAt: Date
  /** The mail waiting in the outbox, while it may still be rewritten. */
  pendingId: number | null
}

/**
 * What became of a notice: mailed at once (`now`), taken by the mail already waiting (`merged`), or
 * put in a new mail due at the end of the interval (`scheduled`). The caller saves `batch` when given.
 */
export type BatchOutcome = { kind: 'now' | 'scheduled'; batch: MailBatch } | { kind: 'merged' }

/**
 * At most one mail per `intervalMs` for one batch, across instances and restarts (contract §4, §7):
 * the first notice after a quiet interval is mailed at once; later ones wait for one mail due an
 * interval after the previous, which each new notice rewrites while it waits (`replacePending`), its
 * retries included;
 * when it is already being sent, a new one is due an interval after it. The worker needs no new
 * code: a waiting mail is an ordinary row with a later `next_attempt_at`. Call it in the notice's
 * transaction with the batch's row locked; `mail(kind)` writes the mail for that outcome.
 */
export async function enqueueBatched(
  trx: Db,
  deps: { outbox: Pick<Outbox, 'enqueue' | 'enqueueAt' | 'replacePending'>; now: Date; intervalMs: number },
  batch: MailBatch,
  mail: (kind: BatchOutcome['kind']) => Promise<Mail>,
): Promise<BatchOutcome> {
  const { outbox, now, intervalMs } = deps
  // A grouped mail not sent yet takes the notice, however long ago it was due: waiting for a retry
  // (an SMTP outage), it would otherwise be followed by one more mail per interval, all sent at once
  // when the server is back.
  if (batch.pendingId !== null && (await outbox.replacePending(trx, batch.pendingId, await mail('merged')))) return { kind: 'merged' }
  if (now.getTime() >= batch.lastMailAt.getTime() + intervalMs) {
    await outbox.enqueue(trx, await mail('now'))
    return { kind: 'now', batch: { lastMailAt: now, pendingId: null } }
  }
  const due = new Date(batch.lastMailAt.getTime() + intervalMs)
  const id = await outbox.enqueueAt(trx, await mail('scheduled'), due)
  return { kind: 'scheduled', batch: { lastMailAt: due, pendingId: id } }
}
