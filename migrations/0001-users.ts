import type { Kysely } from 'kysely'
import { createTable, exactText, timeType } from './helpers.js'

export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await createTable(db, 'users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', exactText(db, 'varchar(254)'), (c) => c.notNull().unique())
    .addColumn('entreprise', 'varchar(200)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(20)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_verified', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_accepted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_admin', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('profile_photo', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('users_accepted_created').on('users').columns(['is_accepted', 'created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute()
}
