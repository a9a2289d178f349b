import type { Kysely } from 'kysely'
import { isMysql } from './helpers.js'

/** Expired sessions and one-time tokens are swept periodically (identity/sweeper.ts): by index, not by scan. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute()
  await db.schema.createIndex('sessions_created').on('sessions').column('created_at').execute()
  await db.schema.createIndex('user_tokens_expires').on('user_tokens').column('expires_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, index] of [['sessions', 'sessions_expires'], ['sessions', 'sessions_created'], ['user_tokens', 'user_tokens_expires']] as const) {
    const drop = db.schema.dropIndex(index)
    await (isMysql(db) ? drop.on(table) : drop).execute()
  }
}
