import type { Kysely } from 'kysely'
import { createTable, timeType } from './helpers.js'

/**
 * Document requests (issue 16, contract §7), owned by the requests module: what the firm asks a
 * client for, by when; the documents that answered it; and the reminder mails waiting in the
 * outbox for it (deleted when the request is fulfilled or cancelled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await createTable(db, 'requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A type goes with its requests, as with its documents (the service cancels their reminders first).
    .addColumn('type_id', 'integer', (c) => c.notNull().references('document_types.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    // The firm's day, `YYYY-MM-DD`: compared as text with today's (Algiers time) for `overdue`.
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('fulfilled_at', time)
    .addColumn('cancelled_at', time)
    .execute()
  // The firm's list by state, newest first; overdue = open and due before today.
  await db.schema.createIndex('requests_status_created').on('requests').columns(['status', 'created_at', 'id']).execute()
  await db.schema.createIndex('requests_status_due').on('requests').columns(['status', 'due_date']).execute()
  // A client's own list, and the client's page.
  await db.schema.createIndex('requests_user_created').on('requests').columns(['user_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('requests_type').on('requests').column('type_id').execute()

  await createTable(db, 'request_documents')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    // The file's name as uploaded: a request lists its documents without reading documents' table.
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_documents_pk', ['request_id', 'document_id'])
    .execute()
  await db.schema.createIndex('request_documents_document').on('request_documents').column('document_id').execute()

  await createTable(db, 'request_reminders')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.id').onDelete('cascade'))
    // The outbox row of one reminder step (no foreign key: the outbox sweeps its own rows).
    .addColumn('outbox_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_reminders_pk', ['request_id', 'outbox_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_reminders').execute()
  await db.schema.dropTable('request_documents').execute()
  await db.schema.dropTable('requests').execute()
}
