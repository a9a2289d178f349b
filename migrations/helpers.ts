import { sql, type Kysely } from 'kysely'

export function isMysql(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('mysql')
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
