import type { Kysely } from 'kysely'
import { createTable, exactText, timeType } from './helpers.js'

/**
 * Personal access tokens (issue 17, contract §8), owned by identity: a script acts as its user with
 * `Authorization: Bearer <token>`. Only the token's SHA-256 is kept (the token is shown once);
 * `second_factor` is the creating session's proof (REQUIRE_ADMIN_2FA reads it as for a session).
 * Revoking one deletes its row; an account's deletion takes its tokens with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await createTable(db, 'access_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', exactText(db, 'char(64)'), (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time)
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('second_factor', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('access_tokens_user').on('access_tokens').columns(['user_id', 'created_at']).execute()
  await db.schema.createIndex('access_tokens_expiry').on('access_tokens').column('expires_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_tokens').execute()
}
