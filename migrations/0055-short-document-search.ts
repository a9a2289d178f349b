import { sql, type Kysely } from 'kysely'
import { createTable, isMysql, timeType } from './helpers.js'

/**
 * Issue 34: a q of 1 or 2 characters is one key of `search_documents_short` (size, gram, state,
 * created_at, row_id), the shape of MariaDB's trigram index (migration 0024), on both dialects
 * (docs/decisions/134-short-searches.md): every substring of 1 and of 2 characters of what an
 * administrator's list finds a document by (its name, its type's name, its sender's username and
 * company), with the document's list and date. A list's total is one range of the primary key and
 * its page a slice of it (13.9 s for `q=e` at 200,000 documents on MariaDB before, a scan). SQLite
 * stores the texts folded as its other indexes do (FTS5's trigrams cannot serve fewer than three);
 * MariaDB stores them as they are, in the collation that ignores case and accents, so keys equal in
 * it are one key. `size` keeps the two lengths apart: `œ` equals `oe` in the collation, not in LIKE.
 * Kept by triggers in the row's transaction, renames of a type or a sender included.
 */
const INDEX = 'search_documents_short'
const TRIGGERS = ['insert', 'delete', 'update', 'state', 'type_name', 'sender'].map((event) => `${INDEX}_${event}`)
/** A document's list, as the trigram index numbers it (migration 0024). */
const STATE = (row: string) => `(case when ${row}.from_firm = 1 then 3 when ${row}.is_archived = 1 then 2 when ${row}.is_viewed = 1 then 1 else 0 end)`
const SENDER = ['username', 'entreprise']
/** Existing documents are indexed this many ids at a time. */
const RANGE = 20_000

export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db)
  // Positions 1–255 cover every searched column (varchar(255) at most), as trigram_positions does.
  await createTable(db, 'search_positions').addColumn('n', 'smallint', (c) => c.primaryKey()).execute()
  const digits = '(select 0 as n union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6 union all select 7 union all select 8 union all select 9)'
  await sql.raw(`insert into search_positions (n) select seq from (select a.n + 10 * b.n + 100 * c.n + 1 as seq from ${digits} a, ${digits} b, ${digits} c) s where seq <= 255`).execute(db)
  let table = createTable(db, INDEX)
    .addColumn('size', 'smallint', (c) => c.notNull())
    .addColumn('gram', 'varchar(2)', (c) => c.notNull())
    .addColumn('state', 'smallint', (c) => c.notNull())
    .addColumn('created_at', timeType(db), (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${INDEX}_pk`, ['size', 'gram', 'state', 'created_at', 'row_id'])
  if (!mysql) table = table.modifyEnd(sql`without rowid`)
  await table.execute()
  await db.schema.createIndex(`${INDEX}_row`).on(INDEX).column('row_id').execute()

  await indexShortGrams(db)
  for (const statement of triggers(mysql)) await sql.raw(statement).execute(db)
}

/** The grams of every document, a range of ids at a time (one statement for a million would hold its locks long). */
export async function indexShortGrams(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ top: number | null }>`select max(id) as top from documents`.execute(db)
  const top = Number(rows[0]?.top ?? 0)
  for (let after = 0; after < top; after += RANGE) await sql.raw(indexGrams(isMysql(db), documentTexts(isMysql(db), `d.id > ${after} and d.id <= ${after + RANGE}`))).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db)
  await sql.raw(`drop table if exists ${INDEX}`).execute(db)
  await sql`drop table if exists search_positions`.execute(db)
}

/** A text as the index holds it: folded on SQLite (fold(), registered on every connection), as it is on MariaDB. */
const text = (mysql: boolean, column: string) => (mysql ? column : `fold(${column})`)

/** The texts of the documents `d` where `condition` holds, as rows (id, created_at, state, text). */
function documentTexts(mysql: boolean, condition: string): string {
  const row = `d.id as id, d.created_at as created_at, ${STATE('d')} as state`
  return [
    `select ${row}, ${text(mysql, 'd.name')} as text from documents d where ${condition}`,
    `select ${row}, ${text(mysql, 't.type_name')} from documents d join document_types t on t.id = d.type_id where ${condition}`,
    ...SENDER.map((column) => `select ${row}, ${text(mysql, `u.${column}`)} from documents d join users u on u.id = d.user_id where ${condition}`),
  ].join(' union all ')
}

/** NEW's texts, without reading documents (which its own trigger may not). */
function newTexts(mysql: boolean): string {
  const row = `NEW.id as id, NEW.created_at as created_at, ${STATE('NEW')} as state`
  return [
    `select ${row}, ${text(mysql, 'NEW.name')} as text`,
    `select ${row}, ${text(mysql, 't.type_name')} from document_types t where t.id = NEW.type_id`,
    ...SENDER.map((column) => `select ${row}, ${text(mysql, `u.${column}`)} from users u where u.id = NEW.user_id`),
  ].join(' union all ')
}

/**
 * One statement: every substring of 1 and 2 characters of those texts into the index. Those that
 * begin or end with a space are left out: a q is trimmed (http/lists.ts), so none is ever one.
 * SQLite: the texts are read first, once (LIMIT keeps them a subquery of their own, CROSS JOIN
 * keeps them the outer loop); flattened, fold() ran for each position (82 s for 20,000 documents).
 */
function indexGrams(mysql: boolean, texts: string): string {
  const [length, part, ignore, join, all] = mysql ? ['char_length', 'substring', 'ignore', 'join', ''] : ['length', 'substr', 'or ignore', 'cross join', ' limit -1']
  return (
    `insert ${ignore} into ${INDEX} (size, gram, state, created_at, row_id) ` +
    `select s.n, ${part}(x.text, p.n, s.n), x.state, x.created_at, x.id from (${texts}${all}) as x ` +
    `${join} (select 1 as n union all select 2) as s ${join} search_positions p on p.n <= ${length}(x.text) - s.n + 1 ` +
    `where ${part}(x.text, p.n, 1) <> ' ' and ${part}(x.text, p.n + s.n - 1, 1) <> ' '`
  )
}

/** The triggers keeping the index: a document's texts written again when they change, its list moved when it alone does. */
function triggers(mysql: boolean): string[] {
  const same = ['name', 'type_id', 'user_id', 'created_at'].map((column) => (mysql ? `OLD.${column} <=> NEW.${column}` : `OLD.${column} is NEW.${column}`)).join(' and ')
  const moved = `${STATE('OLD')} <> ${STATE('NEW')}`
  const remove = (row: string) => `delete from ${INDEX} where row_id = ${row}.id`
  const reindex = `${remove('OLD')}; ${indexGrams(mysql, newTexts(mysql))}`
  const setState = `update ${INDEX} set state = ${STATE('NEW')} where row_id = NEW.id`
  // A type renamed (the types' page) or a sender (SQL): their documents are indexed again, in the rename's transaction.
  const renames = [
    ['type_name', 'document_types', ['type_name'], 'type_id'],
    ['sender', 'users', SENDER, 'user_id'],
  ] as const
  if (mysql) {
    return [
      `create trigger ${INDEX}_insert after insert on documents for each row ${indexGrams(mysql, newTexts(mysql))}`,
      `create trigger ${INDEX}_delete after delete on documents for each row ${remove('OLD')}`,
      `create trigger ${INDEX}_update after update on documents for each row begin if not (${same}) then ${reindex}; elseif ${moved} then ${setState}; end if; end`,
      ...renames.map(
        ([name, table, columns, key]) =>
          `create trigger ${INDEX}_${name} after update on ${table} for each row begin if not (${columns.map((c) => `OLD.${c} <=> NEW.${c}`).join(' and ')}) then ` +
          `delete s from ${INDEX} s join documents d on d.id = s.row_id where d.${key} = NEW.id; ${indexGrams(mysql, documentTexts(mysql, `d.${key} = NEW.id`))}; end if; end`,
      ),
    ]
  }
  return [
    `create trigger ${INDEX}_insert after insert on documents begin ${indexGrams(mysql, newTexts(mysql))}; end`,
    `create trigger ${INDEX}_delete after delete on documents begin ${remove('OLD')}; end`,
    `create trigger ${INDEX}_update after update of name, type_id, user_id, created_at on documents when not (${same}) begin ${reindex}; end`,
    `create trigger ${INDEX}_state after update of from_firm, is_archived, is_viewed on documents when ${moved} and ${same} begin ${setState}; end`,
    ...renames.map(
      ([name, table, columns, key]) =>
        `create trigger ${INDEX}_${name} after update of ${columns.join(', ')} on ${table} when not (${columns.map((c) => `OLD.${c} is NEW.${c}`).join(' and ')}) begin ` +
        `delete from ${INDEX} where row_id in (select id from documents where ${key} = NEW.id); ${indexGrams(mysql, documentTexts(mysql, `d.${key} = NEW.id`))}; end`,
    ),
  ]
}
