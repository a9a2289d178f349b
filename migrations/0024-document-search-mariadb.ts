import { sql, type Kysely } from 'kysely'
import { createSearchIndex, createTable, dropSearchIndex, isMysql, timeType } from './helpers.js'

/**
 * MariaDB: the documents' trigram index (migration 0020) holds, beside each trigram, the list the
 * document is in and its date, and the trigrams of its type's name and of its sender's username
 * too (docs/decisions/010-documents-search-index.md). A 3-letter q is one key: a
 * list's total is a count of one range of the primary key and its page a slice of it, newest
 * first, without reading a document (50,000 matches took 1.7–3.4 s through the rows). A longer q
 * still leads with its rarest trigram, then the collation's LIKE keeps the rows holding all of it.
 * The type's and the sender's names are copies, kept by triggers on their tables too (the portal
 * renames neither, but SQL might). SQLite: migration 0023.
 */
const STATE = (row: string) => `(case when ${row}.from_firm = 1 then 3 when ${row}.is_archived = 1 then 2 when ${row}.is_viewed = 1 then 1 else 0 end)`

/** The texts of the documents `d` where `condition` holds, as rows (id, created_at, state, text): name, type and sender. */
export const documentTexts = (condition: string, sender: string[]) =>
  `select d.id, d.created_at, ${STATE('d')} as state, d.name as text from documents d where ${condition} ` +
  `union all select d.id, d.created_at, ${STATE('d')}, t.type_name from documents d join document_types t on t.id = d.type_id where ${condition} ` +
  `union all ${senderTexts(condition, sender)}`

/** The sender's texts of those documents: its `columns` of users (the username; migration 0025 adds the company). */
export const senderTexts = (condition: string, columns: string[]) =>
  columns.map((column) => `select d.id, d.created_at, ${STATE('d')} as state, u.${column} as text from documents d join users u on u.id = d.user_id where ${condition}`).join(' union all ')

/** One statement: every trigram of those texts into the index (positions 1–255 cover every column). */
const indexTexts = (rows: string) =>
  `insert ignore into search_documents (trigram, state, created_at, row_id) ` +
  `select substring(x.text, p.n, 3), x.state, x.created_at, x.id from (${rows}) as x join trigram_positions p on p.n <= char_length(x.text) - 2`

/** NEW's texts, without reading documents (which its own trigger may not). */
const NEW_TEXTS = (sender: string[]) =>
  `select NEW.id as id, NEW.created_at as created_at, ${STATE('NEW')} as state, NEW.name as text ` +
  `union all select NEW.id, NEW.created_at, ${STATE('NEW')}, t.type_name from document_types t where t.id = NEW.type_id ` +
  sender.map((column) => `union all select NEW.id, NEW.created_at, ${STATE('NEW')}, u.${column} from users u where u.id = NEW.user_id`).join(' ')

const TRIGGERS = ['insert', 'delete', 'update', 'type_name', 'sender']

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isMysql(db)) return
  await dropSearchIndex(db, 'documents')
  await createTable(db, 'trigram_positions').addColumn('n', 'smallint', (c) => c.primaryKey()).execute()
  await sql`insert into trigram_positions (n) select seq from (select a.n + 10 * b.n + 100 * c.n + 1 as seq from (select 0 as n union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6 union all select 7 union all select 8 union all select 9) a, (select 0 as n union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6 union all select 7 union all select 8 union all select 9) b, (select 0 as n union all select 1 union all select 2) c) s where seq <= 255`.execute(db)
  await createTable(db, 'search_documents')
    .addColumn('trigram', 'varchar(3)', (c) => c.notNull())
    .addColumn('state', 'smallint', (c) => c.notNull())
    .addColumn('created_at', timeType(db), (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_documents_pk', ['trigram', 'state', 'created_at', 'row_id'])
    .execute()
  await db.schema.createIndex('search_documents_row').on('search_documents').column('row_id').execute()
  await indexDocuments(db, (condition) => documentTexts(condition, ['username']))
  await createDocumentTriggers(db, ['username'])
}

/** The trigrams of every document's texts (`textsOf` a condition on `d`), a range of ids at a time (one statement for a million would hold its locks long). */
export async function indexDocuments(db: Kysely<unknown>, textsOf: (condition: string) => string): Promise<void> {
  const { rows } = await sql<{ top: number | null }>`select max(id) as top from documents`.execute(db)
  const top = Number(rows[0]?.top ?? 0)
  for (let after = 0; after < top; after += 20_000) await sql.raw(indexTexts(textsOf(`d.id > ${after} and d.id <= ${after + 20_000}`))).execute(db)
}

/** The triggers keeping the index, the sender's texts being its `sender` columns of users (migrations 0024, 0025). */
export async function createDocumentTriggers(db: Kysely<unknown>, sender: string[]): Promise<void> {
  for (const event of TRIGGERS) await sql.raw(`drop trigger if exists search_documents_${event}`).execute(db)
  await sql.raw(`create trigger search_documents_insert after insert on documents for each row ${indexTexts(NEW_TEXTS(sender))}`).execute(db)
  await sql.raw(`create trigger search_documents_delete after delete on documents for each row delete from search_documents where row_id = OLD.id`).execute(db)
  await sql
    .raw(
      `create trigger search_documents_update after update on documents for each row begin ` +
        `if not (OLD.name <=> NEW.name and OLD.type_id <=> NEW.type_id and OLD.user_id <=> NEW.user_id and OLD.created_at <=> NEW.created_at) then ` +
        `delete from search_documents where row_id = OLD.id; ${indexTexts(NEW_TEXTS(sender))}; ` +
        `elseif ${STATE('OLD')} <> ${STATE('NEW')} then update search_documents set state = ${STATE('NEW')} where row_id = NEW.id; end if; end`,
    )
    .execute(db)
  // Renames (none in the portal): the documents concerned are indexed again.
  for (const [name, table, columns, key] of [
    ['type_name', 'document_types', ['type_name'], 'type_id'],
    ['sender', 'users', sender, 'user_id'],
  ] as const) {
    const same = columns.map((column) => `OLD.${column} <=> NEW.${column}`).join(' and ')
    await sql
      .raw(
        `create trigger search_documents_${name} after update on ${table} for each row begin if not (${same}) then ` +
          `delete s from search_documents s join documents d on d.id = s.row_id where d.${key} = NEW.id; ` +
          `${indexTexts(documentTexts(`d.${key} = NEW.id`, sender))}; end if; end`,
      )
      .execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isMysql(db)) return
  for (const event of TRIGGERS) await sql.raw(`drop trigger if exists search_documents_${event}`).execute(db)
  await sql`drop table if exists search_documents`.execute(db)
  await sql`drop table if exists trigram_positions`.execute(db)
  // Migration 0020's index of the names alone.
  await createSearchIndex(db, { table: 'documents', columns: ['name'] })
}
