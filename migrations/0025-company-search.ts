import { sql, type Kysely } from 'kysely'
import type { SearchIndex } from '../src/db/lists.js'
import { createDocumentIndex } from './0023-document-search.js'
import { createDocumentTriggers, documentTexts, indexDocuments, senderTexts } from './0024-document-search-mariadb.js'
import { createSearchIndex, dropSearchIndex, isMysql } from './helpers.js'

/**
 * Issue 17: a firm's client is found by their company (`users.entreprise`) too: in the users' lists
 * (their index gains the column) and as the sender of documents (the documents' index holds the
 * sender's company beside their username: SQLite's `sender` column is both, folded, one per line;
 * MariaDB's trigrams take the company's). Both kept by the triggers of migrations 0020, 0023, 0024.
 */
const USERS_BEFORE: SearchIndex = { table: 'users', columns: ['username', 'email'] }
const USERS: SearchIndex = { table: 'users', columns: ['username', 'email', 'entreprise'] }
const SENDER = ['username', 'entreprise']

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropSearchIndex(db, 'users')
  await createSearchIndex(db, USERS)
  if (!isMysql(db)) return createDocumentIndex(db, SENDER)
  await createDocumentTriggers(db, SENDER)
  // The documents' other texts are indexed already: only their senders' companies are added.
  await indexDocuments(db, (condition) => senderTexts(condition, ['entreprise']))
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropSearchIndex(db, 'users')
  await createSearchIndex(db, USERS_BEFORE)
  if (!isMysql(db)) return createDocumentIndex(db, ['username'])
  await createDocumentTriggers(db, ['username'])
  // The companies' trigrams cannot be told from the others': the index is made again.
  await sql`delete from search_documents`.execute(db)
  await indexDocuments(db, (condition) => documentTexts(condition, ['username']))
}
