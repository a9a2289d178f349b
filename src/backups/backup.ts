import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { sql } from 'kysely'
import { createDb, dialectOf, type Db } from '../db/database.js'
import { appliedMigrations } from '../db/migrate.js'
import type { FileStorage } from '../storage/storage.js'
import { MANIFEST, writeChecksums, type BackupManifest } from './archive.js'
import { dumpThroughDriver, findMysqldump, mysqlTables, mysqldump } from './mysql.js'
import { backupSqlite } from './sqlite.js'

export interface BackupDeps {
  db: Db
  databaseUrl: string
  storage: FileStorage
  /** The storage keys a database names (the modules' own lists: documents, photos). */
  keysOf(db: Db): Promise<string[]>
  /** false: dump MariaDB through the driver even when mysqldump is installed. */
  useMysqldump?: boolean
}

/**
 * An empty or new folder only: a backup never mixes with another. Private: it holds every client's
 * files. A folder the operator made beforehand (0755 under the usual umask) is made private too.
 */
async function prepare(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty: give a new folder for each backup`)
  await chmod(dir, 0o700)
}

/**
 * Writes a consistent copy of the database, then of every stored file it names (read through the
 * FileStorage port, so a bucket is copied like the local disk), with a manifest and SHA256SUMS.
 */
export async function backup(dir: string, deps: BackupDeps): Promise<BackupManifest> {
  await prepare(dir)
  const { database, migrations, keys } = dialectOf(deps.db) === 'mysql' ? await backupMysql(dir, deps) : await backupSqliteFile(dir, deps)
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), dialect: dialectOf(deps.db), database, migrations, files: [], missing: [] }
  for (const key of [...new Set(keys)].sort()) {
    const file = await deps.storage.read(key)
    if (!file) {
      manifest.missing.push(key)
      continue
    }
    const target = join(dir, 'files', key)
    await mkdir(dirname(target), { recursive: true, mode: 0o700 })
    const hash = createHash('sha256')
    let size = 0
    const tap = new Transform({ transform: (chunk: Buffer, _enc, done) => (hash.update(chunk), (size += chunk.length), done(null, chunk)) })
    await pipeline(file.stream, tap, createWriteStream(target, { mode: 0o600 }))
    manifest.files.push({ key, size, sha256: hash.digest('hex') })
  }
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  await writeChecksums(dir)
  return manifest
}

type Copied = Pick<BackupManifest, 'database' | 'migrations'> & { keys: string[] }

/** The online backup API's copy; the keys and the schema's version are read from the copy itself. */
async function backupSqliteFile(dir: string, deps: BackupDeps): Promise<Copied> {
  const file = join(dir, 'database.sqlite')
  await backupSqlite(deps.databaseUrl.slice('sqlite:'.length), file)
  const copy = createDb(`sqlite:${file}`, { readonly: true })
  try {
    return { database: { file: 'database.sqlite', made: 'sqlite-backup-api' }, migrations: await appliedMigrations(copy), keys: await deps.keysOf(copy) }
  } finally {
    await copy.destroy()
  }
}

/**
 * mysqldump when installed (its own snapshot; the keys are read just after it, so a file deleted
 * meanwhile is listed as missing); otherwise the driver, whose one REPEATABLE READ transaction
 * reads the rows and the keys at the same instant.
 */
async function backupMysql(dir: string, deps: BackupDeps): Promise<Copied> {
  const file = join(dir, 'database.sql')
  const tables = await mysqlTables(deps.db)
  const command = deps.useMysqldump === false ? undefined : await findMysqldump()
  if (command) {
    const migrations = await appliedMigrations(deps.db)
    await mysqldump(command, deps.databaseUrl, tables, file)
    return { database: { file: 'database.sql', made: 'mysqldump' }, migrations, keys: await deps.keysOf(deps.db) }
  }
  return deps.db.connection().execute(async (connection) => {
    await sql`set transaction isolation level repeatable read`.execute(connection)
    await sql`start transaction with consistent snapshot, read only`.execute(connection)
    try {
      const migrations = await appliedMigrations(connection)
      await dumpThroughDriver(connection, tables, file)
      return { database: { file: 'database.sql', made: 'driver' as const }, migrations, keys: await deps.keysOf(connection) }
    } finally {
      await sql`rollback`.execute(connection)
    }
  })
}
