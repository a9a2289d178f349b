import type { Kysely } from 'kysely'
import { timeType } from './helpers.js'

/**
 * Sessions a user can see and end (issue 15, contract §6): when each was last used (written at most
 * once a minute), from which address and browser. Rows opened before this migration show their
 * creation as their last use and no address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timeType(db)
  await db.schema.alterTable('sessions').addColumn('last_seen_at', time).execute()
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute()
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(255)').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['user_agent', 'ip', 'last_seen_at']) await db.schema.alterTable('sessions').dropColumn(column).execute()
}
