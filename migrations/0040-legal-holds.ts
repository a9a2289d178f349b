import type { Kysely } from 'kysely'
import { createTable, timeType } from './helpers.js'

/**
 * Legal holds (contract §12, docs/decisions/162-legal-holds.md): a row per document on hold. Its
 * foreign key has no delete action, so the database itself refuses to delete a held document,
 * whichever code path (a user's cascade included) tries; the services refuse first, with a 409.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'document_holds')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id'))
    .addColumn('held_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timeType(db), (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_holds').execute()
}
