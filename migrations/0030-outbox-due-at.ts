import { sql, type Kysely } from 'kysely'
import { nowDb } from '../src/db/values.js'
import { timeType } from './helpers.js'

/**
 * When each mail was first due (contract §5: retried for at least 24 hours). `next_attempt_at` moves
 * with every retry and `created_at` is when the row was written, days or weeks before a request's
 * reminder is due; the outbox gives up 24 hours after `due_at`. A mail not tried yet is due at its
 * `next_attempt_at`. For one already being retried the first due time is lost: it counts from now,
 * which is no earlier than it, so no mail loses any of its 24 hours (at most a day more of hourly
 * retries for the few rows in retry at this moment). Sent and failed rows keep `created_at`, unread.
 * Nullable: a row written by an instance older than this migration has none (src/jobs/outbox.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('due_at', timeType(db)).execute()
  await sql`update outbox set due_at = case when attempts = 0 then next_attempt_at else created_at end`.execute(db)
  await sql`update outbox set due_at = ${nowDb()} where status = 'pending' and attempts > 0`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('due_at').execute()
}
