import type { Kysely } from 'kysely'
import { createTable, exactText, timeType } from './helpers.js'

/**
 * Two-factor sign-in (issue 15, contract §6). `user_two_factor`: one row per user who began or
 * finished enrolling; `secret` (the active one) and `pending_secret` (from setup, until a code
 * confirms it) are sealed with a key derived from TOTP_KEY or SESSION_SECRET; `last_step` is the
 * last accepted TOTP time step, so a code is never accepted twice. `recovery_codes` hold hashes only.
 * `pending_logins`: a right password waiting for its second step (5 minutes, 5 wrong codes),
 * in the database so that any instance can finish it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await createTable(db, 'user_two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(255)')
    .addColumn('pending_secret', 'varchar(255)')
    .addColumn('last_step', 'bigint')
    .addColumn('enabled_at', time)
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()

  await createTable(db, 'recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', exactText(db, 'char(64)'), (c) => c.notNull())
    .addColumn('used_at', time)
    .execute()
  await db.schema.createIndex('recovery_codes_user_hash').on('recovery_codes').columns(['user_id', 'code_hash']).execute()

  await createTable(db, 'pending_logins')
    .addColumn('id', exactText(db, 'char(64)'), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('pending_logins_expiry').on('pending_logins').column('expires_at').execute()
  await db.schema.createIndex('pending_logins_user').on('pending_logins').column('user_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_logins').execute()
  await db.schema.dropTable('recovery_codes').execute()
  await db.schema.dropTable('user_two_factor').execute()
}
