import { isMysql, type Db } from '../db/database.js'
import { onCommit } from '../db/transaction.js'
import { fromDbId, fromDbTime, toDbTime } from '../db/values.js'
import { createSealer, UnsealError } from '../crypto/sealing.js'
import type { Mail } from '../mail/mailer.js'

/** Mails not sent yet (due, or waiting for a retry; not those scheduled later) and mails given up on (the dashboard). */
export interface MailCounts {
  waiting: number
  failed: number
}

/**
 * The outbox's rows as its callers see them (contract §5): a mail written, rewritten or dropped in
 * the transaction of its cause, and counted for the dashboard. The worker that sends them is
 * outbox.ts's.
 */
export interface OutboxRows {
  /**
   * Writes `mail` through `db`, the caller's transaction when there is one: the mail exists if and
   * only if its cause was committed. The worker of this process is woken once the row is visible
   * (after the commit of a transaction made by db/transaction.ts; otherwise its next poll finds it).
   */
  enqueue(db: Db, mail: Mail): Promise<void>
  /**
   * Like `enqueue`, for a mail due at `at` (a digest sent at the end of its window); answers its id,
   * for `replacePending`.
   */
  enqueueAt(db: Db, mail: Mail, at: Date): Promise<number>
  /**
   * Rewrites a mail not sent yet (a digest that grew), keeping when it is due, also while it waits
   * for a retry (an SMTP outage: the notices merge into it instead of piling up, one per interval);
   * false when it can no longer be: claimed by a worker, sent, failed or gone. The caller then enqueues another.
   */
  replacePending(db: Db, id: number, mail: Mail): Promise<boolean>
  /**
   * Deletes the mails of `ids` not sent yet (reminders no longer wanted); one a worker holds is
   * marked dropped instead, and not sent unless its send had already begun; answers how many went.
   */
  discardPending(db: Db, ids: number[]): Promise<number>
  /**
   * Of the mails of `ids` not sent yet, those addressed to `recipient` (exactly: a person who left a
   * team, whose reminders go); read as they are now, locked on MariaDB until the caller's transaction
   * ends, so that a row committed after the caller's snapshot is seen too.
   */
  pendingTo(db: Db, ids: number[], recipient: string): Promise<number[]>
  counts(): Promise<MailCounts>
  /** When each mail of `ids` that was never tried, nor is held by a worker, is due (reminders, whose hour may have changed). */
  untriedDue(db: Db, ids: number[]): Promise<Array<{ id: number; at: Date }>>
  /** Moves such a mail from `from` to `to`; false when it changed meanwhile (tried, claimed, moved by another instance). */
  reschedule(db: Db, id: number, from: Date, to: Date): Promise<boolean>
}

/** The rows' side of the outbox; `wake` starts this process's worker once a new row is committed. */
export function outboxRows({ db, now, sealer, wake }: { db: Db; now: () => Date; sealer: ReturnType<typeof payloadSealer>; wake: () => void }): OutboxRows {
  const subjectOf = (mail: Mail) => Array.from(mail.subject).slice(0, 255).join('')

  async function insert(trx: Db, mail: Mail, due: Date): Promise<number> {
    const result = await trx
      .insertInto('outbox')
      .values({
        recipient: mail.to,
        subject: subjectOf(mail),
        payload: sealer.seal(mail),
        status: 'pending',
        attempts: 0,
        next_attempt_at: toDbTime(due),
        due_at: toDbTime(due),
        created_at: toDbTime(now()),
      })
      .executeTakeFirstOrThrow()
    onCommit(trx, wake)
    return fromDbId(result.insertId)
  }

  return {
    async enqueue(trx, mail) {
      await insert(trx, mail, now())
    },

    enqueueAt: (trx, mail, at) => insert(trx, mail, at),

    async replacePending(trx, id, mail) {
      const stamp = toDbTime(now())
      // The claim's own conditions, reversed: a worker that claims it afterwards reads the new content.
      const result = await trx
        .updateTable('outbox')
        .set({ recipient: mail.to, subject: subjectOf(mail), payload: sealer.seal(mail) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', stamp)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async discardPending(trx, ids) {
      if (ids.length === 0) return 0
      const stamp = toDbTime(now())
      const result = await trx
        .deleteFrom('outbox')
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', stamp)]))
        .executeTakeFirst()
      // A row a worker holds (claimed in a batch, or by an instance that died) is dropped in place:
      // the worker checks before sending, and a failure or the claim's end cannot bring it back.
      const held = await trx
        .updateTable('outbox')
        .set({ status: 'dropped', payload: null })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .where('claimed_until', '>=', stamp)
        .executeTakeFirst()
      return Number(result.numDeletedRows) + Number(held.numUpdatedRows)
    },

    async pendingTo(trx, ids, recipient) {
      if (ids.length === 0) return []
      let query = trx.selectFrom('outbox').select(['id', 'recipient']).where('id', 'in', ids).where('status', '=', 'pending')
      if (isMysql(trx)) query = query.forUpdate()
      // Compared here, byte for byte: MariaDB's column compares without case or accents.
      return (await query.execute()).filter((row) => row.recipient === recipient).map((row) => fromDbId(row.id))
    },

    async untriedDue(trx, ids) {
      if (ids.length === 0) return []
      const stamp = toDbTime(now())
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'next_attempt_at'])
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', stamp)]))
        .execute()
      return rows.map((row) => ({ id: fromDbId(row.id), at: fromDbTime(row.next_attempt_at) }))
    },

    async reschedule(trx, id, from, to) {
      const stamp = toDbTime(now())
      const result = await trx
        .updateTable('outbox')
        .set({ next_attempt_at: toDbTime(to), due_at: toDbTime(to) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .where('next_attempt_at', '=', toDbTime(from))
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', stamp)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async counts() {
      const stamp = toDbTime(now())
      // Waiting: due now, or retried after a failure; a mail scheduled later (a reminder, a digest) is not late.
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .where('status', 'in', ['pending', 'failed'])
        .where((eb) => eb.or([eb('status', '=', 'failed'), eb('attempts', '>', 0), eb('next_attempt_at', '<=', stamp)]))
        .groupBy('status')
        .execute()
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0)
      return { waiting: count('pending'), failed: count('failed') }
    },
  }
}

/**
 * Stored mails are sealed (AES-256-GCM, key derived from the secret): their links carry one-time
 * tokens, which the database otherwise holds only as hashes (contract §4), and backups copy it.
 */
export function payloadSealer(secret: string) {
  const sealer = createSealer(secret, { salt: 'portal-outbox', info: 'mail payload v1' })
  return {
    seal: (mail: Mail): string => sealer.seal(JSON.stringify(mail)),
    open(sealed: string | null): Mail {
      let text: string
      try {
        text = sealer.open(sealed)
      } catch (error) {
        if (error instanceof UnsealError && error.reason === 'wrong-key') throw new Error('mail outbox: sealed with another SESSION_SECRET')
        throw new Error('mail outbox: no readable content in this row')
      }
      const mail = JSON.parse(text) as Mail
      if (typeof mail.to !== 'string' || typeof mail.subject !== 'string' || typeof mail.text !== 'string' || typeof mail.html !== 'string') throw new Error('mail outbox: malformed mail')
      return mail
    },
  }
}
