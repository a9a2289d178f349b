import { createReadStream } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { createDb, dialectOf, type Db } from '../db/database.js'
import { appliedMigrations, migrateTo, migrateToLatest, migrationNames } from '../db/migrate.js'
import type { FileStorage } from '../storage/storage.js'
import { readManifest, verifyChecksums, type BackupManifest } from './archive.js'
import { mysqlTables, runDump } from './mysql.js'
import { copySqliteRows, sqliteTables } from './sqlite.js'

export interface RestoreDeps {
  db: Db
  storage: FileStorage
  keysOf(db: Db): Promise<string[]>
  /** Replace a database that already holds accounts, documents or messages. */
  force?: boolean
}

const tablesOf = (db: Db) => (dialectOf(db) === 'mysql' ? mysqlTables(db) : sqliteTables(db))

/** True when some table other than the document types (seeded by a fresh install) has a row. */
async function holdsData(db: Db): Promise<boolean> {
  for (const table of await tablesOf(db)) {
    if (table === 'document_types') continue
    if (await db.selectFrom(table as never).select(sql`1`.as('one')).limit(1).executeTakeFirst()) return true
  }
  return false
}

/** The backup's schema version must be this code's, or an earlier one (the restore then migrates on). */
function checkVersion(manifest: BackupManifest) {
  const known = migrationNames()
  const fits = manifest.migrations.length > 0 && manifest.migrations.every((name, i) => known[i] === name)
  if (!fits) throw new Error(`this backup was made by another version of the portal (schema ${manifest.migrations.at(-1) ?? 'none'}); restore it with that version`)
}

/**
 * Brings a fresh install back to a backup: checks every checksum first, migrates the database to
 * the backup's schema, writes the files through the FileStorage port, then replaces every row in
 * one transaction, then migrates to this code's latest schema. A database that already holds data
 * is refused unless `force`; then the files its rows named, and the backup does not, are removed.
 */
export async function restore(dir: string, deps: RestoreDeps): Promise<{ manifest: BackupManifest; removed: number }> {
  const { db, storage } = deps
  await verifyChecksums(dir)
  const manifest = await readManifest(dir)
  if (manifest.dialect === 'mysql' && dialectOf(db) !== 'mysql') throw new Error('a MariaDB/MySQL backup restores into a MariaDB/MySQL database only (DATABASE_URL=mysql://…)')
  checkVersion(manifest)

  const migrated = (await appliedMigrations(db)).length > 0
  if (migrated && (await holdsData(db)) && !deps.force) throw new Error('the database is not empty (accounts, documents or messages): restore into a fresh install, or add --force to replace it')
  const replaced = migrated && deps.force ? await deps.keysOf(db) : []
  await migrateTo(db, manifest.migrations.at(-1)!)

  // Files first: until the rows name them they are inert, so a failure below leaves the database as it was.
  for (const { key } of manifest.files) await storage.write(key, createReadStream(join(dir, 'files', key)))
  await replaceRows(db, dir, manifest)
  await migrateToLatest(db)

  const kept = new Set(manifest.files.map((file) => file.key))
  let removed = 0
  for (const key of replaced) {
    if (kept.has(key)) continue
    await storage.remove(key)
    removed++
  }
  return { manifest, removed }
}

/** Every table emptied and filled again in one transaction; foreign keys checked at the end (SQLite) or after (MariaDB). */
async function replaceRows(db: Db, dir: string, manifest: BackupManifest): Promise<void> {
  const tables = await tablesOf(db)
  const load = async (trx: Db) => {
    for (const table of tables) await trx.deleteFrom(table as never).execute()
    const file = join(dir, manifest.database.file)
    if (manifest.database.file === 'database.sql') {
      await runDump(trx, file)
      return
    }
    const source = createDb(`sqlite:${file}`, { readonly: true })
    try {
      await copySqliteRows(source, trx, await sqliteTables(source))
    } finally {
      await source.destroy()
    }
  }
  if (dialectOf(db) === 'sqlite') {
    await db.transaction().execute(async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx)
      await load(trx)
    })
    return
  }
  await db.connection().execute(async (connection) => {
    await sql`set foreign_key_checks = 0`.execute(connection)
    try {
      await connection.transaction().execute((trx) => load(trx))
    } finally {
      await sql`set foreign_key_checks = 1`.execute(connection)
    }
  })
}
