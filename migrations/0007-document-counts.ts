import type { Kysely } from 'kysely'
import { createRowCounts, dropRowCounts } from './helpers.js'

/**
 * Documents counted by state (is_archived, is_viewed), kept by triggers: the unfiltered admin lists
 * and the dashboard read their totals here instead of counting up to a million index entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRowCounts(db, { table: 'documents', counts: 'document_counts', columns: ['is_archived', 'is_viewed'] })
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowCounts(db, 'document_counts')
}
