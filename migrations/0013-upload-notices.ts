import type { Kysely } from 'kysely'
import { createTable, timeType } from './helpers.js'

/**
 * The firm's mails about a client's uploads, grouped (contract §4, issue 15): one row per client
 * holding when the last mail about them went (or is due), and the digest waiting in the outbox with
 * the first document it lists. In the database, so the rule holds across instances and restarts;
 * the row is also what an upload locks, so a client's uploads are checked against the quota one at
 * a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await createTable(db, 'upload_notices')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_mail_at', time, (c) => c.notNull())
    .addColumn('digest_outbox_id', 'integer')
    .addColumn('digest_from_document_id', 'integer')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_notices').execute()
}
