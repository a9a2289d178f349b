import type { Kysely } from 'kysely'
import { createSearchIndex, dropSearchIndex } from './helpers.js'

/**
 * The requests list's search reads an index too (issue 16, as migration 0020 for the other lists):
 * the title and the note, kept by triggers. The client's name is searched through users' index.
 */
const INDEX = { table: 'requests', columns: ['title', 'note'] }

export async function up(db: Kysely<unknown>): Promise<void> {
  await createSearchIndex(db, INDEX)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropSearchIndex(db, INDEX.table)
}
