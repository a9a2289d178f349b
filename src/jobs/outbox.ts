import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock/clock.js'
import type { Db } from '../db/database.js'
import { fromDbId, fromDbTime, toDbTime } from '../db/values.js'
import { loggableError } from '../logging.js'
import type { Mail, Mailer } from '../mail/mailer.js'
import { outboxRows, payloadSealer, type OutboxRows } from './outbox-rows.js'

export type { MailCounts } from './outbox-rows.js'

/**
 * The mail outbox (contract §5): a mail is a row written in the same transaction as its cause
 * (outbox-rows.ts), sent afterwards by the worker that every instance runs (here). A service only enqueues.
 */
export interface Outbox extends OutboxRows {
  /** Starts polling (app.ts, onReady). Mails waiting from before a restart go out at once. */
  start(): void
  /** Sends every mail due now; true once none is left due, false when timeoutMs ran out (tests, scripts). */
  drain(timeoutMs: number): Promise<boolean>
  /**
   * Stops polling and sends what is due within timeoutMs (shutdown); false when some were left.
   * Mails left stay in the table for another instance or the next start.
   */
  stop(timeoutMs: number): Promise<boolean>
}

export interface OutboxOptions {
  db: Db
  /** The transport; called as `mailer.send`, so whatever it is at the time of sending is used. */
  mailer: Pick<Mailer, 'send'>
  clock: Clock
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** Seals the stored mails: the instances' shared SESSION_SECRET. */
  secret: string
  /** How often the worker looks for due mails (1 s); an enqueue in this process wakes it at once. */
  pollMs?: number
  /** Rows claimed at a time (10). */
  batch?: number
  /** Sends under way at once (4): each is one SMTP connection. */
  concurrency?: number
  /**
   * How long a claim holds without being renewed (`DEFAULT_LEASE_MS`): the worker renews its claim every
   * third of it while it sends, so a worker that died holding rows gives them up within it.
   */
  leaseMs?: number
}

/**
 * A claim's lease: short, because a worker renews it while it sends (every third of it), so that mails held
 * by an instance that crashed go out within a minute (contract §5: the first retries within a minute). It
 * must outlast the longest a renewal can be late, bounded by one database write, and the transport's
 * socket timeout (`MIN_LEASE_MS`): OUTBOX_LEASE_SECONDS below it is refused at start.
 */
export const DEFAULT_LEASE_MS = 45_000
export const MIN_LEASE_MS = 30_000

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** Waits after the 1st, 2nd… failure: the first retries within a minute, then at most an hour apart. */
export const RETRY_DELAYS_MS = [30_000, MINUTE_MS, 2 * MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, 30 * MINUTE_MS] as const
/** A mail still failing this long after it was first due is marked failed (contract §5: at least 24 h). */
export const GIVE_UP_AFTER_MS = 24 * HOUR_MS
/** Sent mails are kept (without their content) this long for the record, failed ones longer. */
const KEEP_SENT_MS = 7 * 24 * HOUR_MS
const KEEP_FAILED_MS = 30 * 24 * HOUR_MS
const SWEEP_EVERY_MS = HOUR_MS

export function retryDelay(failures: number): number {
  return RETRY_DELAYS_MS[failures - 1] ?? HOUR_MS
}

/** How a pass of the worker ended: nothing left due, a send failed (the rest waits for the next pass), time ran out, or the database failed. */
type PassEnd = 'idle' | 'failure' | 'stopped' | 'error'

interface ClaimedRow {
  id: number
  payload: string | null
  attempts: number
  /** When it was due, and once tried, when it was first tried: its retries end GIVE_UP_AFTER_MS after that. */
  dueAt: Date
}

/** Rows claimed under one token; `next` is the first not yet started. */
interface Claim {
  token: string
  /** When it was made, then last renewed (the clock's time): no send starts past half a lease after it. */
  at: Date
  rows: ClaimedRow[]
  next: number
}

/** The outbox on the portal's database, with its worker. */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, mailer, clock, log } = options
  const pollMs = options.pollMs ?? 1000
  const batch = options.batch ?? 10
  const concurrency = options.concurrency ?? 4
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const sealer = payloadSealer(options.secret)
  const instance = `${hostname().slice(0, 32)}:${process.pid}`

  let started = false
  let stopped = false
  /** During stop: no claim or send starts after this (real time: the shutdown's budget). */
  let deadline = Infinity
  let timer: NodeJS.Timeout | undefined
  let running: Promise<PassEnd> | undefined
  /** The claim the pass under way is sending (one pass at a time). */
  let current: Claim | undefined
  let queued: Promise<PassEnd> | undefined
  let lastSweep = 0
  let lastErrorLog = 0

  const now = () => clock.now()
  const past = () => Date.now() >= deadline

  /** Rows due, not held by a live claim, claimed under a token of this pass; undefined when none is due. */
  async function claim(): Promise<Claim | undefined> {
    const at = now()
    const stamp = toDbTime(at)
    const due = await db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', stamp)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', stamp)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(batch)
      .execute()
    if (due.length === 0) return undefined
    const ids = due.map((row) => row.id)
    const token = `${instance}.${randomBytes(8).toString('base64url')}`
    // The conditions again, by primary key: of two workers that read the same ids, the second
    // waits for the first's update and then finds the rows taken (no range or gap locks, so no
    // wait on, or deadlock with, a transaction inserting a mail).
    await db
      .updateTable('outbox')
      .set({ claimed_by: token, claimed_until: toDbTime(new Date(at.getTime() + leaseMs)) })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', stamp)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', stamp)]))
      .execute()
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'payload', 'attempts', 'next_attempt_at', 'due_at', 'created_at'])
      .where('id', 'in', ids)
      .where('claimed_by', '=', token)
      .orderBy('id')
      .execute()
    return { token, at, next: 0, rows: rows.map((row) => ({ id: fromDbId(row.id), payload: row.payload, attempts: Number(row.attempts), dueAt: fromDbTime(firstDue(row)) })) }
  }

  /**
   * Extends the claim of the rows still held by it (sent ones are no longer claimed): called every
   * third of a lease while the claim is being sent. A renewal that fails (the database away) only stops
   * new sends from starting once half a lease has passed since the last one that worked.
   */
  async function renew(claim: Claim) {
    const at = now()
    await db
      .updateTable('outbox')
      .set({ claimed_until: toDbTime(new Date(at.getTime() + leaseMs)) })
      .where('id', 'in', claim.rows.map((row) => row.id))
      .where('claimed_by', '=', claim.token)
      .where('status', '=', 'pending')
      .execute()
    claim.at = at
  }

  /** Gives back the claimed rows not started (time ran out, or the server failed): due again at once, for any instance. */
  async function releaseUntried(claim: Claim) {
    const untried = claim.rows.slice(claim.next)
    claim.next = claim.rows.length
    if (untried.length === 0) return
    await db
      .updateTable('outbox')
      .set({ claimed_by: null, claimed_until: null })
      .where('id', 'in', untried.map((row) => row.id))
      .where('claimed_by', '=', claim.token)
      .execute()
  }

  /**
   * Right after the server accepted the mail. A crash (or a database that stays away) between the
   * acceptance and this update is the one way a mail goes twice: the claim lapses and another
   * worker sends it again. The update is retried for a few seconds to keep that window small.
   */
  async function markSent(row: ClaimedRow, token: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: toDbTime(now()), attempts: row.attempts + 1, payload: null, claimed_by: null, claimed_until: null, last_error: null })
          .where('id', '=', row.id)
          .where('claimed_by', '=', token)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) log.warn({ outboxId: row.id }, 'mail sent after its claim lapsed: another instance may send it again')
        else if (row.attempts > 0) log.info({ outboxId: row.id, attempts: row.attempts + 1 }, 'mail sent after retries')
        return
      } catch (error) {
        if (attempt >= 4) throw error
        await sleep(250 * 2 ** attempt)
      }
    }
  }

  /** The claimed row is still to be sent: not dropped meanwhile (`discardPending`). */
  async function stillPending(row: ClaimedRow, token: string): Promise<boolean> {
    const found = await db.selectFrom('outbox').select('id').where('id', '=', row.id).where('claimed_by', '=', token).where('status', '=', 'pending').executeTakeFirst()
    return found !== undefined
  }

  /**
   * A failed attempt: retried after a growing delay, or failed for good once 24 h have passed since it
   * was first tried: when it was due, or later when no instance ran then (a weekend's backlog sent on
   * Monday gets its 24 hours too, not one refusal).
   */
  async function recordFailure(row: ClaimedRow, token: string, error: unknown) {
    const at = now()
    const failures = row.attempts + 1
    const firstTried = row.attempts === 0 ? at : row.dueAt
    const giveUp = at.getTime() - firstTried.getTime() >= GIVE_UP_AFTER_MS
    const delay = retryDelay(failures)
    const err = loggableError(error)
    await db
      .updateTable('outbox')
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts: failures,
        due_at: toDbTime(firstTried),
        next_attempt_at: toDbTime(giveUp ? at : new Date(at.getTime() + delay)),
        claimed_by: null,
        claimed_until: null,
        last_error: `${err.code ? `${err.code}: ` : ''}${err.message}`.slice(0, 500),
      })
      .where('id', '=', row.id)
      .where('claimed_by', '=', token)
      .where('status', '=', 'pending')
      .execute()
    if (giveUp) log.error({ err, outboxId: row.id, attempts: failures }, 'mail not sent after 24 hours of retries: marked failed')
    else log.warn({ err, outboxId: row.id, attempts: failures, retryInSeconds: delay / 1000 }, 'mail not sent: will retry')
  }

  /**
   * Sends the claimed rows, `concurrency` at a time, oldest first. After a failure no new send
   * starts (the server is likely down for the others too): they are given back, due at once.
   */
  async function sendClaimed(claim: Claim): Promise<PassEnd | undefined> {
    let failed = false
    // Never start a send on a claim not renewed for half a lease (the database away): another worker may take it soon.
    const mayStart = () => !failed && !past() && now().getTime() - claim.at.getTime() <= leaseMs / 2
    let renewing: Promise<void> = Promise.resolve()
    const renewal = setInterval(() => {
      renewing = renewing.then(() => renew(claim)).catch((error: unknown) => log.warn({ err: loggableError(error) }, 'mail outbox: a claim could not be renewed'))
    }, leaseMs / 3)
    renewal.unref()
    const sender = async () => {
      while (claim.next < claim.rows.length && mayStart()) {
        const row = claim.rows[claim.next++]!
        let mail: Mail
        try {
          mail = sealer.open(row.payload)
        } catch (error) {
          // Sealed under another SESSION_SECRET (an instance configured apart): left for one that can read it.
          await recordFailure(row, claim.token, error)
          continue
        }
        // Dropped since the claim (its request fulfilled, its client deleted): not sent.
        if (!(await stillPending(row, claim.token))) continue
        try {
          await mailer.send(mail)
        } catch (error) {
          failed = true
          await recordFailure(row, claim.token, error)
          return
        }
        await markSent(row, claim.token)
      }
    }
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, claim.rows.length) }, sender))
    clearInterval(renewal)
    await renewing
    await releaseUntried(claim)
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected')
    if (rejected) throw rejected.reason
    if (failed) return 'failure'
    return past() ? 'stopped' : undefined
  }

  async function pass(): Promise<PassEnd> {
    for (;;) {
      if (past()) return 'stopped'
      const claimed = await claim()
      if (!claimed) return 'idle'
      current = claimed
      try {
        const end = await sendClaimed(claimed)
        if (end) return end
      } finally {
        current = undefined
      }
    }
  }

  async function safePass(): Promise<PassEnd> {
    try {
      const end = await pass()
      if (end === 'idle') await sweep()
      return end
    } catch (error) {
      // A database outage: logged once a minute, not on every poll.
      if (Date.now() - lastErrorLog >= MINUTE_MS) {
        lastErrorLog = Date.now()
        log.error({ err: loggableError(error) }, 'mail outbox: the worker could not reach the database')
      }
      return 'error'
    }
  }

  /**
   * Old sent and failed rows go (hourly, whichever instance comes first), counted from when they
   * were sent or given up (`next_attempt_at` then), not from when they were written: a reminder is
   * written weeks before it is due, and its failure would otherwise go at once.
   */
  async function sweep() {
    const at = now().getTime()
    if (at - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = at
    await db.deleteFrom('outbox').where('status', '=', 'sent').where('sent_at', '<', toDbTime(new Date(at - KEEP_SENT_MS))).execute()
    await db.deleteFrom('outbox').where('status', '=', 'failed').where('next_attempt_at', '<', toDbTime(new Date(at - KEEP_FAILED_MS))).execute()
    await db.deleteFrom('outbox').where('status', '=', 'dropped').where('next_attempt_at', '<', toDbTime(new Date(at - KEEP_SENT_MS))).execute()
  }

  /** A pass that starts now, or right after the one under way (at most one waits). */
  function kick(): Promise<PassEnd> {
    if (queued) return queued
    if (running) {
      queued = running.then(() => {
        queued = undefined
        return kick()
      })
      return queued
    }
    const current = safePass()
    running = current
    void current.then(() => {
      running = undefined
    })
    return current
  }

  function wake() {
    if (started && !stopped) void kick()
  }

  async function drain(timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs
    for (;;) {
      const left = until - Date.now()
      if (left <= 0) return false
      const end = await within(kick(), left)
      if (end === 'idle') return true
      if (end !== 'failure') return false
    }
  }

  return {
    ...outboxRows({ db, now, sealer, wake }),

    start() {
      if (started || stopped) return
      started = true
      timer = setInterval(wake, pollMs).unref()
      wake()
    },

    drain,

    /**
     * No send starts after `timeoutMs`; rows claimed but not started are then given back at once,
     * and the sends under way (bounded by the transport's timeouts) are waited for, at most
     * `timeoutMs` more, so that their outcome is recorded before the database closes.
     */
    async stop(timeoutMs) {
      const wasRunning = started && !stopped
      stopped = true
      clearInterval(timer)
      if (!wasRunning) return true
      deadline = Date.now() + timeoutMs
      const drained = await drain(timeoutMs)
      if (current) await releaseUntried(current).catch((error: unknown) => log.warn({ err: loggableError(error) }, 'mail outbox: claimed mails not given back at shutdown'))
      if (running) await within(running, timeoutMs)
      return drained && !running
    },
  }
}

/**
 * A row written by an instance older than migration 0030 has no `due_at` (instances upgraded one by
 * one): until tried, it is due at `next_attempt_at` (its first failure stores that); once retried
 * by such an instance, the first due time is lost and its writing stands in, as that instance counted.
 */
function firstDue(row: { attempts: number | string; next_attempt_at: string; due_at: string | null; created_at: string }): string {
  return row.due_at ?? (Number(row.attempts) === 0 ? row.next_attempt_at : row.created_at)
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** `work`'s outcome, or 'timeout' after ms (work goes on). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}
