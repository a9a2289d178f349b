import { sql, type Kysely } from 'kysely'
import { isMysql } from './helpers.js'

/**
 * SQLite: the documents' search index holds what an administrator's list finds a document by (its
 * name, its type's name, its sender's username, all folded) and the list it is in, as a word of its
 * own (docs/decisions/010-documents-search-index.md). A list's total is then
 * counted in the index alone: 50,000 matches of a 3-letter q took 63–143 ms through the rows, 4–7
 * ms here. The type's and the sender's names are copies, kept by triggers on their tables too (the
 * portal renames neither, but SQL might). MariaDB: migration 0024.
 */
const STATE = (row: 'NEW' | 'd') =>
  `case when ${row}.from_firm = 1 then 'zfm' when ${row}.is_archived = 1 then 'zar' when ${row}.is_viewed = 1 then 'zvw' else 'znw' end`
const TYPE_NAME = (row: 'NEW' | 'd') => `coalesce((select fold(type_name) from document_types where id = ${row}.type_id), '')`
/** The sender's text: its folded `columns` of users, one per line (the username here; migration 0025 adds the company). */
const SENDER_TEXT = (row: string, columns: string[]) => columns.map((column) => `fold(${row}.${column})`).join(' || char(10) || ')
const SENDER = (row: 'NEW' | 'd', columns: string[]) => `coalesce((select ${SENDER_TEXT('users', columns)} from users where id = ${row}.user_id), '')`
const COLUMNS = 'name, kind, sender, state'
const VALUES = (row: 'NEW' | 'd', sender: string[]) => `fold(${row}.name), ${TYPE_NAME(row)}, ${SENDER(row, sender)}, ${STATE(row)}`

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) return
  await createDocumentIndex(db, ['username'])
}

/** SQLite: the documents' index built anew from the documents, its sender being `sender`, columns of users (migrations 0023, 0025). */
export async function createDocumentIndex(db: Kysely<unknown>, sender: string[]): Promise<void> {
  for (const event of ['insert', 'delete', 'update', 'type_name', 'sender']) await sql.raw(`drop trigger if exists search_documents_${event}`).execute(db)
  await sql`drop table if exists search_documents`.execute(db)
  await sql.raw(`create virtual table search_documents using fts5(${COLUMNS}, tokenize='trigram')`).execute(db)
  await sql.raw(`insert into search_documents (rowid, ${COLUMNS}) select d.id, ${VALUES('d', sender)} from documents d`).execute(db)
  await sql.raw(`create trigger search_documents_insert after insert on documents begin insert into search_documents (rowid, ${COLUMNS}) values (NEW.id, ${VALUES('NEW', sender)}); end`).execute(db)
  await sql.raw(`create trigger search_documents_delete after delete on documents begin delete from search_documents where rowid = OLD.id; end`).execute(db)
  await sql
    .raw(
      `create trigger search_documents_update after update of name, type_id, user_id, from_firm, is_archived, is_viewed on documents begin ` +
        `update search_documents set (${COLUMNS}) = (${VALUES('NEW', sender)}) where rowid = NEW.id; end`,
    )
    .execute(db)
  await sql
    .raw(`create trigger search_documents_type_name after update of type_name on document_types begin update search_documents set kind = fold(NEW.type_name) where rowid in (select id from documents where type_id = NEW.id); end`)
    .execute(db)
  await sql
    .raw(`create trigger search_documents_sender after update of ${sender.join(', ')} on users begin update search_documents set sender = ${SENDER_TEXT('NEW', sender)} where rowid in (select id from documents where user_id = NEW.id); end`)
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) return
  for (const event of ['insert', 'delete', 'update', 'type_name', 'sender']) await sql.raw(`drop trigger if exists search_documents_${event}`).execute(db)
  await sql`drop table if exists search_documents`.execute(db)
  // Migration 0020's index of the names alone.
  await sql`create virtual table search_documents using fts5(name, tokenize='trigram')`.execute(db)
  await sql`insert into search_documents (rowid, name) select id, fold(name) from documents`.execute(db)
  await sql.raw(`create trigger search_documents_insert after insert on documents begin insert into search_documents (rowid, name) values (NEW.id, fold(NEW.name)); end`).execute(db)
  await sql.raw(`create trigger search_documents_delete after delete on documents begin delete from search_documents where rowid = OLD.id; end`).execute(db)
  await sql.raw(`create trigger search_documents_update after update of name on documents begin update search_documents set (name) = (fold(NEW.name)) where rowid = NEW.id; end`).execute(db)
}
