import { sql, type Kysely } from 'kysely'

/**
 * The firm's list of threads is searched by `q` (issue 16): the client's name, e-mail and company
 * through the users' index, and the thread's last message through the messages' index (migration
 * 0020). A thread keeps its last message's id so that the list reads that message's index entries
 * only, never every message of every thread; it also gives the list its preview. Threads written
 * before are given theirs here (a message's id grows with its time, so the last is the largest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('message_threads').addColumn('last_message_id', 'integer').execute()
  await sql`update message_threads set last_message_id = (select max(messages.id) from messages where messages.user_id = message_threads.user_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('message_threads').dropColumn('last_message_id').execute()
}
