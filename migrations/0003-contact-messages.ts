import type { Kysely } from 'kysely'
import { createTable, timeType } from './helpers.js'

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'contact_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(20)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)')
    .addColumn('created_at', timeType(db), (c) => c.notNull())
    .execute()
  await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute()
}
