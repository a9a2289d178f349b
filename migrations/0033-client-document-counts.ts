import { sql, type Kysely } from 'kysely'
import { createTable, isMysql } from './helpers.js'

/**
 * A staff member's document totals at the speed of an administrator's (issue 29, docs/decisions/111):
 * `client_document_counts`, each client's documents by direction and state, kept by triggers in the
 * same transaction as every insert, update and delete of documents, as `document_counts` keeps the
 * firm's (migrations 0007, 0019). A staff member's total is a sum over their clients' rows (one key
 * each) instead of a count of every entry of theirs. A client's rows go with the account (its foreign
 * key): MariaDB runs no trigger for the rows a foreign key deletes, so no count outlives its client.
 * Its name ends in `_counts`: backups leave it out, a restore's rows rebuild it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'client_document_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_firm', 'smallint', (c) => c.notNull())
    .addColumn('is_archived', 'smallint', (c) => c.notNull())
    .addColumn('is_viewed', 'smallint', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_document_counts_pk', ['user_id', 'from_firm', 'is_archived', 'is_viewed'])
    // SQLite: the key is the table (InnoDB's is already), so a count is read with its key, not looked up after it.
    .$call((table) => (isMysql(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute()
  // The rows already there, then every change through the triggers (migrations run before the portal serves).
  await sql`insert into client_document_counts (user_id, from_firm, is_archived, is_viewed, n)
    select user_id, from_firm, is_archived, is_viewed, count(*) from documents group by user_id, from_firm, is_archived, is_viewed`.execute(db)

  const key = (row: 'NEW' | 'OLD') => `${row}.user_id, ${row}.from_firm, ${row}.is_archived, ${row}.is_viewed`
  const matches = (row: 'NEW' | 'OLD') => `user_id = ${row}.user_id and from_firm = ${row}.from_firm and is_archived = ${row}.is_archived and is_viewed = ${row}.is_viewed`
  const changed = 'OLD.user_id <> NEW.user_id or OLD.from_firm <> NEW.from_firm or OLD.is_archived <> NEW.is_archived or OLD.is_viewed <> NEW.is_viewed'
  const remove = `update client_document_counts set n = n - 1 where ${matches('OLD')};`
  if (isMysql(db)) {
    const add = `insert into client_document_counts (user_id, from_firm, is_archived, is_viewed, n) values (${key('NEW')}, 1) on duplicate key update n = n + 1;`
    await sql.raw(`create trigger client_document_counts_insert after insert on documents for each row begin ${add} end`).execute(db)
    await sql.raw(`create trigger client_document_counts_delete after delete on documents for each row begin ${remove} end`).execute(db)
    await sql.raw(`create trigger client_document_counts_update after update on documents for each row begin if ${changed} then ${remove} ${add} end if; end`).execute(db)
  } else {
    const add = `insert into client_document_counts (user_id, from_firm, is_archived, is_viewed, n) values (${key('NEW')}, 1) on conflict (user_id, from_firm, is_archived, is_viewed) do update set n = n + 1;`
    await sql.raw(`create trigger client_document_counts_insert after insert on documents begin ${add} end`).execute(db)
    await sql.raw(`create trigger client_document_counts_delete after delete on documents begin ${remove} end`).execute(db)
    await sql.raw(`create trigger client_document_counts_update after update of user_id, from_firm, is_archived, is_viewed on documents when ${changed} begin ${remove} ${add} end`).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists client_document_counts_${event}`).execute(db)
  await db.schema.dropTable('client_document_counts').execute()
}

