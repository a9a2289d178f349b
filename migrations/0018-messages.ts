import type { Kysely } from 'kysely'
import { createTable, timeType } from './helpers.js'

/**
 * One thread of messages per client between the client and the firm (contract §7, issue 16), owned
 * by src/modules/messages. A message belongs to its client's thread (`user_id`) whoever wrote it;
 * `from_firm` says which side wrote it, so unread counts are index ranges:
 * `(user_id, from_firm, read_at)` for one thread, `(from_firm, read_at)` for every client's unread.
 * `message_threads` keeps, per thread and per side, when the last mail about new messages went (or
 * is due) and the mail waiting in the outbox: at most one mail per 15 minutes, across instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await createTable(db, 'messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // An author's account may go (an administrator deleted by the operator): the message stays, the firm's.
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_firm', 'smallint', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('read_at', time)
    .execute()
  // Secondary indexes end with the primary key on both engines: a thread reads in id order.
  await db.schema.createIndex('messages_thread').on('messages').column('user_id').execute()
  await db.schema.createIndex('messages_thread_unread').on('messages').columns(['user_id', 'from_firm', 'read_at']).execute()
  await db.schema.createIndex('messages_unread').on('messages').columns(['from_firm', 'read_at']).execute()
  await db.schema.createIndex('messages_author').on('messages').column('author_id').execute()

  await createTable(db, 'message_threads')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_message_at', time, (c) => c.notNull())
    .addColumn('firm_mail_at', time, (c) => c.notNull())
    .addColumn('firm_mail_id', 'integer')
    .addColumn('client_mail_at', time, (c) => c.notNull())
    .addColumn('client_mail_id', 'integer')
    .execute()
  // The firm's list of threads, most recent first.
  await db.schema.createIndex('message_threads_last').on('message_threads').column('last_message_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_threads').execute()
  await db.schema.dropTable('messages').execute()
}
