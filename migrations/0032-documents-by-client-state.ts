import type { Kysely } from 'kysely'
import { isMysql } from './helpers.js'

/**
 * A staff member's document lists and counts (issue 29, contract §9): their clients' documents in one
 * state, `user_id in (their clients) and from_firm = 0 and is_archived = ? and is_viewed = ?`. With
 * the state after the client, each client is one range of this index, read without a row: the count
 * of the dashboard and of a list's total, and the page's ids in date order (their 50 rows read
 * after). documents_user_direction (user_id, from_firm, created_at, id) stays for a client's own
 * lists, which are in date order across states.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_user_state').on('documents').columns(['user_id', 'from_firm', 'is_archived', 'is_viewed', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drop = db.schema.dropIndex('documents_user_state')
  await (isMysql(db) ? drop.on('documents') : drop).execute()
}
