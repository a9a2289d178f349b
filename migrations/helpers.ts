import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../src/db/database.js'
import { searchIndexName, trigramsOf, type SearchIndex } from '../src/db/lists.js'

export function isMysql(db: Kysely<unknown>): boolean {
  return dialectOf(db) === 'mysql'
}

/** Column type for a UTC timestamp string: DATETIME(3) on MySQL, TEXT on SQLite. */
export function timeType(db: Kysely<unknown>) {
  return isMysql(db) ? sql`datetime(3)` : sql`text`
}

/**
 * A new table. On MySQL it declares its own character set, whatever the database's default
 * (latin1 on many servers would refuse Arabic names), and a case- and accent-insensitive
 * collation for text people read; SQLite stores UTF-8 already.
 */
export function createTable(db: Kysely<unknown>, name: string) {
  const builder = db.schema.createTable(name)
  return isMysql(db) ? builder.modifyEnd(sql`default character set utf8mb4 collate utf8mb4_unicode_ci`) : builder
}

/**
 * A text column compared byte for byte, as SQLite compares: e-mail addresses (already
 * normalised), ids and token hashes, so that 'ätlas@' and 'atlas@' stay two accounts on both.
 */
export function exactText(db: Kysely<unknown>, type: `varchar(${number})` | `char(${number})`) {
  return isMysql(db) ? sql`${sql.raw(type)} character set utf8mb4 collate utf8mb4_bin` : sql.raw(type)
}

/**
 * A table of row counts of `table` grouped by its flag `columns` (e.g. users by is_admin and
 * is_accepted), kept exact by triggers in the same transaction as every insert, delete and update,
 * whichever code path makes it. Unfiltered admin lists read their total here instead of counting
 * 100,000 rows on every page (BENCHMARKS.md). On MariaDB with binary logging, creating triggers
 * needs the TRIGGER privilege and log_bin_trust_function_creators=1 or SUPER (README).
 */
export async function createRowCounts(db: Kysely<unknown>, options: { table: string; counts: string; columns: string[] }) {
  const { table, counts, columns } = options
  let builder = createTable(db, counts)
  for (const column of columns) builder = builder.addColumn(column, 'smallint', (c) => c.notNull())
  await builder.addColumn('n', 'bigint', (c) => c.notNull()).addPrimaryKeyConstraint(`${counts}_pk`, columns as never).execute()

  const combos = columns.reduce<number[][]>((all) => all.flatMap((prefix) => [[...prefix, 0], [...prefix, 1]]), [[]])
  const list = sql.raw(columns.join(', '))
  for (const combo of combos) {
    const matches = sql.raw(columns.map((column, i) => `${column} = ${combo[i]}`).join(' and '))
    await sql`insert into ${sql.table(counts)} (${list}, n) select ${sql.raw(combo.join(', '))}, count(*) from ${sql.table(table)} where ${matches}`.execute(db)
  }

  const step = (row: 'NEW' | 'OLD', delta: '+ 1' | '- 1') =>
    `update ${counts} set n = n ${delta} where ${columns.map((column) => `${column} = ${row}.${column}`).join(' and ')};`
  const changed = columns.map((column) => `OLD.${column} <> NEW.${column}`).join(' or ')
  if (isMysql(db)) {
    await sql.raw(`create trigger ${counts}_insert after insert on ${table} for each row ${step('NEW', '+ 1')}`).execute(db)
    await sql.raw(`create trigger ${counts}_delete after delete on ${table} for each row ${step('OLD', '- 1')}`).execute(db)
    await sql.raw(`create trigger ${counts}_update after update on ${table} for each row begin if ${changed} then ${step('OLD', '- 1')} ${step('NEW', '+ 1')} end if; end`).execute(db)
  } else {
    await sql.raw(`create trigger ${counts}_insert after insert on ${table} begin ${step('NEW', '+ 1')} end`).execute(db)
    await sql.raw(`create trigger ${counts}_delete after delete on ${table} begin ${step('OLD', '- 1')} end`).execute(db)
    await sql.raw(`create trigger ${counts}_update after update of ${columns.join(', ')} on ${table} when ${changed} begin ${step('OLD', '- 1')} ${step('NEW', '+ 1')} end`).execute(db)
  }
}

export async function dropRowCounts(db: Kysely<unknown>, counts: string) {
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${counts}_${event}`).execute(db)
  await db.schema.dropTable(counts).ifExists().execute()
}

/** Existing rows are indexed this many at a time (MariaDB). */
const SEARCH_BATCH = 1000

/**
 * The substring index of `columns` of `table`, filled with the existing rows and kept by insert,
 * delete and update triggers in the same transaction as every write (docs/decisions/009-search-indexes.md). SQLite: an FTS5 trigram table of the columns folded by
 * fold() (the function every connection registers), its rowid the row's id. MariaDB: a table of
 * each column's 3-character substrings (trigram, row_id) in the accent- and case-insensitive
 * collation, so that 'éna' and 'Ena' are one key.
 */
export async function createSearchIndex(db: Kysely<unknown>, { table, columns }: SearchIndex): Promise<void> {
  const index = searchIndexName(table)
  const list = columns.join(', ')
  if (!isMysql(db)) {
    const folded = (row: 'NEW' | '') => columns.map((column) => `fold(${row ? `${row}.` : ''}${column})`).join(', ')
    await sql.raw(`create virtual table ${index} using fts5(${list}, tokenize='trigram')`).execute(db)
    await sql.raw(`insert into ${index} (rowid, ${list}) select id, ${folded('')} from ${table}`).execute(db)
    await sql.raw(`create trigger ${index}_insert after insert on ${table} begin insert into ${index} (rowid, ${list}) values (NEW.id, ${folded('NEW')}); end`).execute(db)
    await sql.raw(`create trigger ${index}_delete after delete on ${table} begin delete from ${index} where rowid = OLD.id; end`).execute(db)
    await sql.raw(`create trigger ${index}_update after update of ${list} on ${table} begin update ${index} set (${list}) = (${folded('NEW')}) where rowid = NEW.id; end`).execute(db)
    return
  }
  await createTable(db, index)
    .addColumn('trigram', 'varchar(3)', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${index}_pk`, ['trigram', 'row_id'])
    .execute()
  await indexExisting(db, index, table, columns)
  // Each column's substrings of 3 characters; one key for those the collation finds equal.
  const each = (row: 'NEW' | 'OLD', change: string) =>
    columns.map((column) => `set i = 1; while i <= char_length(${row}.${column}) - 2 do ${change.replace('$', `substring(${row}.${column}, i, 3)`)}; set i = i + 1; end while;`).join(' ')
  const add = `insert ignore into ${index} (trigram, row_id) values ($, NEW.id)`
  const remove = `delete from ${index} where trigram = $ and row_id = OLD.id`
  const changed = columns.map((column) => `not (OLD.${column} <=> NEW.${column})`).join(' or ')
  await sql.raw(`create trigger ${index}_insert after insert on ${table} for each row begin declare i int; ${each('NEW', add)} end`).execute(db)
  await sql.raw(`create trigger ${index}_delete after delete on ${table} for each row begin declare i int; ${each('OLD', remove)} end`).execute(db)
  await sql.raw(`create trigger ${index}_update after update on ${table} for each row begin declare i int; if ${changed} then ${each('OLD', remove)} ${each('NEW', add)} end if; end`).execute(db)
}

/** MariaDB: the trigrams of the rows written before the index, in batches (the triggers index the ones after). */
async function indexExisting(db: Kysely<unknown>, index: string, table: string, columns: string[]): Promise<void> {
  for (let after = 0; ; ) {
    const { rows } = await sql<Record<string, string | null> & { id: number }>`select id, ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)} where id > ${after} order by id limit ${SEARCH_BATCH}`.execute(db)
    if (!rows.length) break
    const keys = rows.flatMap((row) => columns.flatMap((column) => trigramsOf(row[column] ?? '').map((trigram) => sql`(${trigram}, ${row.id})`)))
    for (let i = 0; i < keys.length; i += SEARCH_BATCH) await sql`insert ignore into ${sql.table(index)} (trigram, row_id) values ${sql.join(keys.slice(i, i + SEARCH_BATCH))}`.execute(db)
    after = rows[rows.length - 1]!.id
  }
}

export async function dropSearchIndex(db: Kysely<unknown>, table: string): Promise<void> {
  const index = searchIndexName(table)
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${index}_${event}`).execute(db)
  await sql.raw(`drop table if exists ${index}`).execute(db)
}
