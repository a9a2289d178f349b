import { sql, type Kysely } from 'kysely'

/** Column type for a UTC timestamp string: DATETIME(3) on MySQL, TEXT on SQLite. */
export function timeType(db: Kysely<unknown>) {
  return isMysql(db) ? sql`datetime(3)` : sql`text`
}

export function isMysql(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('mysql')
}

