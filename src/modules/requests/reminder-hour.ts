import type { Db } from '../../db/database.js'
import { fromDbId } from '../../db/values.js'
import type { OutboxRows } from '../../jobs/outbox-rows.js'
import { firmDay, firmTimeOn } from '../../shared/time.js'

const CHUNK = 500

/**
 * REMINDER_HOUR is the hour reminders go out at, whenever they were scheduled (issue 34): the reminders
 * still waiting (never tried, not held by a worker) are moved to that hour of their own day (Algiers
 * time), at start. A reminder whose day's new hour is already past goes at once. Idempotent and safe
 * with several instances starting at once: each move is conditional on the time it read.
 * Answers how many moved.
 */
export async function keepReminderHour({ db, outbox, hour }: { db: Db; outbox: Pick<OutboxRows, 'untriedDue' | 'reschedule'>; hour: number }): Promise<number> {
  let moved = 0
  let after = 0
  for (;;) {
    const ids = (await db.selectFrom('request_reminders').select('outbox_id').where('outbox_id', '>', after).orderBy('outbox_id').limit(CHUNK).execute()).map((row) => fromDbId(row.outbox_id))
    if (ids.length === 0) return moved
    after = ids.at(-1)!
    for (const { id, at } of await outbox.untriedDue(db, ids)) {
      const wanted = firmTimeOn(firmDay(at), hour)
      if (wanted.getTime() !== at.getTime() && (await outbox.reschedule(db, id, at, wanted))) moved++
    }
  }
}
