import type { Kysely } from 'kysely'
import { createRowCounts, dropRowCounts, isMysql } from './helpers.js'

/**
 * The new-users and clients lists filter on is_admin and is_accepted and show the newest first:
 * one index answers a page without reading other rows, and user_counts their unfiltered totals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_lists').on('users').columns(['is_admin', 'is_accepted', 'created_at']).execute()
  await dropIndex(db, 'users_accepted_created')
  await createRowCounts(db, { table: 'users', counts: 'user_counts', columns: ['is_admin', 'is_accepted'] })
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowCounts(db, 'user_counts')
  await db.schema.createIndex('users_accepted_created').on('users').columns(['is_accepted', 'created_at']).execute()
  await dropIndex(db, 'users_lists')
}

/** MySQL names the table of an index to drop; SQLite refuses the clause. */
function dropIndex(db: Kysely<unknown>, name: string) {
  const drop = db.schema.dropIndex(name)
  return (isMysql(db) ? drop.on('users') : drop).execute()
}
