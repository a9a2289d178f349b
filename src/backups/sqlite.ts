import { closeSync, openSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import type { Db } from '../db/database.js'
import { isDerivedTable } from './archive.js'

/**
 * SQLite's online backup API: a consistent copy while the portal keeps writing (pages changed
 * meanwhile are copied again). The copy leaves WAL for a plain journal, so it is one file.
 */
export async function backupSqlite(sourcePath: string, target: string): Promise<void> {
  if (sourcePath === ':memory:') throw new Error('an in-memory database cannot be backed up')
  // Created empty and private first: SQLite would make it with the umask's mode (0644), readable by
  // every local account, with every client's data and the password hashes in it.
  closeSync(openSync(target, 'wx', 0o600))
  const source = new SQLite(sourcePath, { readonly: true, fileMustExist: true })
  try {
    await source.backup(target)
  } finally {
    source.close()
  }
  const copy = new SQLite(target)
  copy.pragma('journal_mode = DELETE')
  copy.close()
}

const BATCH = 200

/** The backed-up tables, as their rows are copied: every table but the derived ones. */
export async function sqliteTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
  return rows.map((row) => row.name).filter((name) => !isDerivedTable(name))
}

/** Copies every row of the backup's tables into `target` (a transaction of either dialect), by rowid pages. */
export async function copySqliteRows(source: Db, target: Db, tables: string[]): Promise<number> {
  let copied = 0
  for (const table of tables) {
    let after = -Infinity
    for (;;) {
      const { rows } = await sql<Record<string, unknown> & { _rowid: number }>`select rowid as _rowid, * from ${sql.table(table)} where rowid > ${after === -Infinity ? -9007199254740991 : after} order by rowid limit ${BATCH}`.execute(source)
      if (rows.length === 0) break
      after = rows[rows.length - 1]!._rowid
      const values = rows.map(({ _rowid, ...row }) => row)
      await target.insertInto(table as never).values(values as never).execute()
      copied += rows.length
      if (rows.length < BATCH) break
    }
  }
  return copied
}
