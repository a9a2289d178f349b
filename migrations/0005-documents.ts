import type { Kysely } from 'kysely'
import { createTable, exactText, timeType } from './helpers.js'

export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  // type_key is fold(type_name): one unique index makes names unique ignoring case and accents,
  // the same way on both dialects (SQLite has no accent-insensitive collation).
  await createTable(db, 'document_types')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('type_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type_key', exactText(db, 'varchar(100)'), (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('document_types_created').on('document_types').column('created_at').execute()

  await createTable(db, 'documents')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // The cascade is only a safety net: deletions go through the documents service, which removes the files.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('document_types.id'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage_key', exactText(db, 'varchar(64)'), (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('is_viewed', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_archived', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('viewed_at', time)
    .addColumn('archived_at', time)
    .execute()
  // The three admin lists (new, viewed, archived) filter on both flags and read newest first:
  // a page of 50 walks the end of one index range, whatever the table's size.
  await db.schema.createIndex('documents_state_created').on('documents').columns(['is_archived', 'is_viewed', 'created_at', 'id']).execute()
  // The profile's table (a user's documents, newest first) and deleting a user's documents.
  await db.schema.createIndex('documents_user_created').on('documents').columns(['user_id', 'created_at']).execute()
  // Deleting a type deletes its documents.
  await db.schema.createIndex('documents_type').on('documents').column('type_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('documents').execute()
  await db.schema.dropTable('document_types').execute()
}
