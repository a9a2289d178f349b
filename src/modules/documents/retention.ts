import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import { fromDbId, toDbTime } from '../../db/values.js'
import type { Jobs } from '../../jobs/jobs.js'
import { jobLease } from '../../jobs/lease.js'
import type { FileStorage } from '../../storage/storage.js'
import type { Journal } from '../journal/index.js'
import { isHoldViolation } from './repository.js'

const DAY_MS = 24 * 3600_000
/** Documents (and files) handled per read: the run's memory does not grow with the table. */
export const PURGE_BATCH = 100
/** How long a run holds the lease unrenewed; renewed at every batch, so only a crashed run's lapses. */
const LEASE_MS = 10 * 60_000
/** Its row in `job_leases`, written by migrations/0050-retention.ts. */
const RETENTION_LEASE = 'retention.purge'

interface RetentionLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export interface RetentionDeps {
  db: Db
  storage: FileStorage
  clock: Clock
  jobs: Jobs
  journal: Pick<Journal, 'record'>
  log: RetentionLog
  /** RETENTION_YEARS (contract §12). */
  years: number
}

export interface PurgeOutcome {
  /** Documents this run deleted (each with its journal entry). */
  purged: number
  /** Files removed from storage, those a failed run left included. */
  filesRemoved: number
  /** Files storage refused to remove now: kept in `purged_files`, tried again at the next run. */
  filesLeft: number
}

/** The instant before which an archived document is purged: `years` calendar years before `now`. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years)
  return cutoff
}

interface Candidate {
  id: number
  storageKey: string
  originalName: string
  userId: number
}

/** Archived documents uploaded before `cutoff`, not on hold, after `afterId`, by id. */
async function candidates(db: Db, cutoff: string, afterId: number): Promise<Candidate[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'storage_key', 'original_name', 'user_id'])
    .where('id', '>', afterId)
    .where('is_archived', '=', 1)
    .where('created_at', '<', cutoff)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('document_holds').select('document_id').whereRef('document_holds.document_id', '=', 'documents.id'))))
    .orderBy('id')
    .limit(PURGE_BATCH)
    .execute()
  return rows.map((row) => ({ id: fromDbId(row.id), storageKey: row.storage_key, originalName: row.original_name, userId: fromDbId(row.user_id) }))
}

/**
 * Contract §12's purge (docs/decisions/163-retention-purge.md): archived documents uploaded more than
 * RETENTION_YEARS ago go with their files, never one on legal hold, at start and daily. One instance
 * runs it at a time (a lease); and whoever runs, each document's own conditional delete decides who
 * purges it, so a document is purged, and journaled, once.
 */
export function createRetention({ db, storage, clock, jobs, journal, log, years }: RetentionDeps) {
  const lease = jobLease({ db, clock, name: RETENTION_LEASE, ms: LEASE_MS })

  /**
   * One document: its row goes, its file is noted in `purged_files` and its journal entry written, in
   * one transaction; the conditions are the delete's own, so a hold, a restore or another instance's
   * purge that lands first leaves it alone.
   */
  async function purgeOne(doc: Candidate, cutoff: string): Promise<boolean> {
    try {
      return await transaction(db, async (trx) => {
        const deleted = await trx
          .deleteFrom('documents')
          .where('id', '=', doc.id)
          .where('is_archived', '=', 1)
          .where('created_at', '<', cutoff)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('document_holds').select('document_id').whereRef('document_holds.document_id', '=', 'documents.id'))))
          .executeTakeFirst()
        if (Number(deleted.numDeletedRows) !== 1) return false
        await trx.insertInto('purged_files').values({ storage_key: doc.storageKey, purged_at: toDbTime(clock.now()) }).execute()
        await journal.record(trx, { action: 'document.purged', actor: null, subject: { type: 'document', id: doc.id, label: doc.originalName, ownerId: doc.userId }, from: null })
        return true
      })
    } catch (error) {
      // A hold committed between the delete's check and its write: the database's foreign key kept it.
      if (isHoldViolation(error)) return false
      throw error
    }
  }

  /** Removes these files, then their notes; a file storage refuses stays noted for the next run. */
  async function removeFiles(keys: string[]): Promise<{ removed: number; left: number }> {
    let removed = 0
    for (const key of keys) {
      try {
        await storage.remove(key)
        await db.deleteFrom('purged_files').where('storage_key', '=', key).execute()
        removed++
      } catch (error) {
        log.warn({ err: error, key }, 'purged document’s file not removed: tried again at the next run')
      }
    }
    return { removed, left: keys.length - removed }
  }

  /** The files an earlier run could not remove (storage refused, or the process stopped between). */
  async function removeLeftFiles(): Promise<{ removed: number; left: number }> {
    const total = { removed: 0, left: 0 }
    for (let after = ''; ; ) {
      const rows = await db.selectFrom('purged_files').select('storage_key').where('storage_key', '>', after).orderBy('storage_key').limit(PURGE_BATCH).execute()
      if (rows.length === 0) return total
      const done = await removeFiles(rows.map((row) => row.storage_key))
      total.removed += done.removed
      total.left += done.left
      after = rows[rows.length - 1]!.storage_key
    }
  }

  /**
   * The purge itself, batch after batch; safe to run in several instances at once (each document's
   * delete decides). `keepGoing` is asked between batches (the lease's renewal).
   */
  async function purge(keepGoing: () => Promise<boolean> = async () => true): Promise<PurgeOutcome> {
    const left = await removeLeftFiles()
    const outcome: PurgeOutcome = { purged: 0, filesRemoved: left.removed, filesLeft: left.left }
    const cutoff = toDbTime(retentionCutoff(clock.now(), years))
    for (let after = 0; await keepGoing(); ) {
      const batch = await candidates(db, cutoff, after)
      if (batch.length === 0) break
      const keys: string[] = []
      for (const doc of batch) if (await purgeOne(doc, cutoff)) keys.push(doc.storageKey)
      const files = await removeFiles(keys)
      outcome.purged += keys.length
      outcome.filesRemoved += files.removed
      outcome.filesLeft += files.left
      after = batch[batch.length - 1]!.id
    }
    return outcome
  }

  /** One run: under the lease, or nothing (undefined) while another instance's run holds it. */
  async function run(): Promise<PurgeOutcome | undefined> {
    const held = await lease.claim()
    if (!held) return undefined
    try {
      const outcome = await purge(() => held.renew())
      if (outcome.purged > 0 || outcome.filesRemoved > 0 || outcome.filesLeft > 0) log.info({ ...outcome, years }, 'retention: archived documents purged')
      return outcome
    } finally {
      await held.release()
    }
  }

  let daily: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const launch = () => jobs.run('retention purge failed', () => (running = run()))

  return {
    run,
    purge,
    /** At start (after the answer of nothing: the portal starts whatever the database says) and daily. */
    start(): void {
      launch()
      daily = setInterval(launch, DAY_MS).unref()
    },
    async stop(): Promise<void> {
      clearInterval(daily)
      await running.catch(() => undefined)
    },
  }
}

export type Retention = ReturnType<typeof createRetention>
