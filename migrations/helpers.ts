import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../src/db/database.js'

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
