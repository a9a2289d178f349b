import { sql, type Kysely } from 'kysely'
import { createRowCounts, dropRowCounts, isMysql, timeType } from './helpers.js'

/**
 * Documents the firm sends to a client (contract §7, issue 16). They live in `documents`, so one id
 * serves `GET /api/documents/download/:id` for both directions and `user_id` stays the owner (the
 * client) whom the permission checks know. `from_firm` says the direction (kept even when the
 * administrator who sent it is deleted: `sent_by` then becomes null), `downloaded_at` the client's
 * first download. A firm-sent document has no type: `type_id` becomes nullable.
 *
 * The kept counts (migration 0007) are counted by `from_firm` too, so the firm's lists and dashboard
 * read only what clients sent; the lists' index leads with it for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRowCounts(db, 'document_counts')
  await db.schema.alterTable('documents').addColumn('from_firm', 'smallint', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('documents').addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute()
  await db.schema.alterTable('documents').addColumn('downloaded_at', timeType(db)).execute()
  if (isMysql(db)) await sql`alter table documents modify type_id integer null`.execute(db)
  else await rebuildSqliteWithNullableType(db)

  await dropIndex(db, 'documents_state_created')
  await db.schema.createIndex('documents_state_created').on('documents').columns(['from_firm', 'is_archived', 'is_viewed', 'created_at', 'id']).execute()
  // A client's own documents (profile, quota) and what the firm sent them (« Reçus du cabinet »).
  await db.schema.createIndex('documents_user_direction').on('documents').columns(['user_id', 'from_firm', 'created_at', 'id']).execute()
  await createRowCounts(db, { table: 'documents', counts: 'document_counts', columns: ['from_firm', 'is_archived', 'is_viewed'] })
}

const ADDED = ['from_firm', 'sent_by', 'downloaded_at']

/**
 * SQLite cannot change a column's NOT NULL, nor drop a column a foreign key uses: the table is copied
 * into one whose definition is `redefine`d (from sqlite_master's text, so columns other migrations
 * added come along), and its indexes and triggers are made again. No table references `documents`,
 * so dropping it deletes nothing else.
 */
async function rebuildSqlite(db: Kysely<unknown>, redefine: (definition: string) => string, keep: (column: string) => boolean): Promise<void> {
  const master = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where tbl_name = 'documents'`.execute(db)
  const table = master.rows.find((row) => row.type === 'table')!.sql!
  const redefined = redefine(table)
  if (redefined === table) throw new Error('documents: definition not recognised')
  const columns = (await sql<{ name: string }>`select name from pragma_table_info('documents')`.execute(db)).rows.filter((row) => keep(row.name)).map((row) => `"${row.name}"`).join(', ')
  const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'documents'`.execute(db)
  await sql.raw(redefined.replace(/^create table "?documents"?/i, 'create table "documents_rebuilt"')).execute(db)
  await sql.raw(`insert into documents_rebuilt (${columns}) select ${columns} from documents`).execute(db)
  await sql`drop table documents`.execute(db)
  await sql`alter table documents_rebuilt rename to documents`.execute(db)
  if (seq.rows[0]) await sql`update sqlite_sequence set seq = ${seq.rows[0].seq} where name = 'documents'`.execute(db)
  for (const row of master.rows) if (row.type !== 'table' && row.sql) await sql.raw(row.sql).execute(db)
}

const rebuildSqliteWithNullableType = (db: Kysely<unknown>) => rebuildSqlite(db, (definition) => definition.replace(/("type_id" integer) not null/i, '$1'), () => true)

/** MySQL names the table of an index to drop; SQLite refuses the clause. */
function dropIndex(db: Kysely<unknown>, name: string) {
  const drop = db.schema.dropIndex(name)
  return (isMysql(db) ? drop.on('documents') : drop).execute()
}

/**
 * Back to 0013's schema (a restore of an older backup goes through it): what the firm sent has no
 * place there, so those rows go (their files stay in storage, unlisted).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowCounts(db, 'document_counts')
  await sql`delete from documents where from_firm = 1`.execute(db)
  await dropIndex(db, 'documents_user_direction')
  await dropIndex(db, 'documents_state_created')
  if (isMysql(db)) {
    const keys = await sql<{ name: string }>`select constraint_name as name from information_schema.key_column_usage where table_schema = database() and table_name = 'documents' and column_name = 'sent_by' and referenced_table_name is not null`.execute(db)
    for (const key of keys.rows) await sql`alter table documents drop foreign key ${sql.id(key.name)}`.execute(db)
    await sql`alter table documents drop column from_firm, drop column sent_by, drop column downloaded_at, modify type_id integer not null`.execute(db)
  } else {
    const withoutAdded = (definition: string) => definition.replace(new RegExp(`,\\s*"(${ADDED.join('|')})"[^,()]*(\\([^)]*\\)[^,()]*)?`, 'g'), '').replace(/("type_id" integer)( references)/i, '$1 not null$2')
    await rebuildSqlite(db, withoutAdded, (column) => !ADDED.includes(column))
  }
  await db.schema.createIndex('documents_state_created').on('documents').columns(['is_archived', 'is_viewed', 'created_at', 'id']).execute()
  await createRowCounts(db, { table: 'documents', counts: 'document_counts', columns: ['is_archived', 'is_viewed'] })
}
