import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Clock } from '../clock/clock.js'
import type { Db } from '../db/database.js'
import { toDbTime } from '../db/values.js'

/** Given back: claimable at once by anyone, whatever their clock says. */
const FREE = toDbTime(new Date(0))

export interface Lease {
  /** Extends the lease; false when it lapsed and someone else may hold it now (stop the work). */
  renew(): Promise<boolean>
  /** Gives the lease back (the run ended). */
  release(): Promise<void>
}

/**
 * A job that one instance runs at a time (contract §5), as the outbox claims mails: a row of
 * `job_leases` per job (written by its migration), claimed by one conditional update, so that of two
 * instances asking together exactly one is answered. A lease that its holder stops renewing (a crash)
 * lapses after `ms` by the clock, and the next run of any instance takes it.
 */
export function jobLease({ db, clock, name, ms }: { db: Db; clock: Clock; name: string; ms: number }) {
  const instance = `${hostname().slice(0, 32)}:${process.pid}`
  const until = () => toDbTime(new Date(clock.now().getTime() + ms))
  return {
    /** The lease, or undefined while another holds it. */
    async claim(): Promise<Lease | undefined> {
      const holder = `${instance}.${randomBytes(8).toString('base64url')}`
      const claimed = await db.updateTable('job_leases').set({ holder, claimed_until: until() }).where('name', '=', name).where('claimed_until', '<', toDbTime(clock.now())).executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) return undefined
      const mine = db.updateTable('job_leases').where('name', '=', name).where('holder', '=', holder)
      return {
        renew: async () => Number((await mine.set({ claimed_until: until() }).executeTakeFirst()).numUpdatedRows) === 1,
        release: async () => void (await mine.set({ holder: null, claimed_until: FREE }).execute()),
      }
    },
  }
}
