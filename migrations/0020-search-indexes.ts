import type { Kysely } from 'kysely'
import type { SearchIndex } from '../src/db/lists.js'
import { createSearchIndex, dropSearchIndex } from './helpers.js'

/**
 * Every list's search reads an index (issue 16; docs/decisions/009-search-indexes.md): one per searched table, its existing rows indexed, kept by triggers. The
 * journal has its own (migrations 0010 and 0015).
 */
const INDEXES: SearchIndex[] = [
  { table: 'users', columns: ['username', 'email'] },
  { table: 'contact_messages', columns: ['name', 'email', 'message'] },
  { table: 'document_types', columns: ['type_name'] },
  { table: 'documents', columns: ['name'] },
  { table: 'messages', columns: ['text'] },
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await createSearchIndex(db, index)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of INDEXES) await dropSearchIndex(db, table)
}
