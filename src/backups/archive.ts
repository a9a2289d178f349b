import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { Dialect } from '../db/database.js'

/**
 * A backup folder:
 *   backup.json        this manifest
 *   database.sqlite    SQLite's online backup (a plain, self-contained file), or
 *   database.sql       MariaDB's rows as INSERT statements (mysqldump's, or the driver's)
 *   files/<key>        every stored file the database names (documents/…, photos/…)
 *   SHA256SUMS         `sha256sum -c` checks every file above
 */
export interface BackupManifest {
  format: 1
  createdAt: string
  dialect: Dialect
  database: { file: 'database.sqlite' | 'database.sql'; made: 'sqlite-backup-api' | 'mysqldump' | 'driver' }
  /** The schema's version: the migrations applied when the copy was taken (a restore migrates to it first). */
  migrations: string[]
  files: Array<{ key: string; size: number; sha256: string }>
  /** Keys the database named whose file the store no longer had (deleted while the backup ran). */
  missing: string[]
}

export const MANIFEST = 'backup.json'
export const CHECKSUMS = 'SHA256SUMS'

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort()
}

/** Writes SHA256SUMS over every file of the folder (in `sha256sum`'s format). */
export async function writeChecksums(dir: string): Promise<void> {
  const lines: string[] = []
  for (const file of await filesUnder(dir)) if (file !== CHECKSUMS) lines.push(`${await sha256Of(join(dir, file))}  ${file}`)
  await writeFile(join(dir, CHECKSUMS), `${lines.join('\n')}\n`, { mode: 0o600 })
}

/** Checks every file SHA256SUMS lists, and that nothing else was added; throws naming the first that differs. */
export async function verifyChecksums(dir: string): Promise<void> {
  let text: string
  try {
    text = await readFile(join(dir, CHECKSUMS), 'utf8')
  } catch {
    throw new Error(`${dir} is not a backup (no ${CHECKSUMS})`)
  }
  const listed = new Map(text.trim().split('\n').map((line) => [line.slice(66), line.slice(0, 64)] as const))
  for (const [file, expected] of listed) {
    const actual = await sha256Of(join(dir, file)).catch(() => 'missing')
    if (actual !== expected) throw new Error(`backup damaged: ${file} (${actual === 'missing' ? 'missing' : 'checksum differs'})`)
  }
  const extra = (await filesUnder(dir)).find((file) => file !== CHECKSUMS && !listed.has(file))
  if (extra) throw new Error(`backup damaged: ${extra} is not in ${CHECKSUMS}`)
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as BackupManifest
  if (manifest.format !== 1) throw new Error(`unknown backup format: ${String(manifest.format)}`)
  return manifest
}

/**
 * Tables a backup leaves out: the migrator's own, and row counts, search indexes and lists kept by
 * triggers (rebuilt by the restored rows): the journal's on SQLite, every list's (`search_*`, migration
 * 0020), the staff's lists (`staff_documents`, migration 0034).
 */
export function isDerivedTable(name: string): boolean {
  return name.startsWith('kysely_') || name.endsWith('_counts') || name.startsWith('sqlite_') || name.startsWith('journal_search') || name.startsWith('search_') || name === 'staff_documents'
}
