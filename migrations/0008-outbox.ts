import { sql, type Kysely } from 'kysely'
import { createTable, exactText, isMysql, timeType } from './helpers.js'

/**
 * The mail outbox (issue 14, contract §5): every mail is a row written in the transaction of its
 * cause, sent by the worker of whichever instance claims it (src/jobs/outbox.ts). `payload` holds
 * the sealed mail (subject, text, html, reply-to: its links carry one-time tokens), emptied once
 * sent; the recipient and subject stay readable for the dashboard and the logs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await createTable(db, 'outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    // A contact message's text and its HTML copy fit in TEXT's 64 KB; MEDIUMTEXT leaves room.
    .addColumn('payload', isMysql(db) ? sql`mediumtext` : sql`text`)
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', time, (c) => c.notNull())
    .addColumn('claimed_by', exactText(db, 'varchar(64)'))
    .addColumn('claimed_until', time)
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .execute()
  // The worker's claim (pending rows due by now, oldest first) and the dashboard's counts by status.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute()
}
