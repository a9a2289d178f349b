import { spawn } from 'node:child_process'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { sql } from 'kysely'
import mysql from 'mysql2'
import type { Db } from '../db/database.js'
import { isDerivedTable } from './archive.js'

/** The backed-up tables of the current database: every base table but the derived ones. */
export async function mysqlTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  return rows.map((row) => row.name).filter((name) => !isDerivedTable(name))
}

/** True when a `mysqldump` (or MariaDB's `mariadb-dump`) client answers on this machine. */
export async function findMysqldump(): Promise<string | undefined> {
  for (const name of ['mysqldump', 'mariadb-dump']) {
    const child = spawn(name, ['--version'], { stdio: 'ignore' })
    const [code] = (await Promise.race([once(child, 'exit'), once(child, 'error').then(() => [-1])])) as [number | null]
    if (code === 0) return name
  }
  return undefined
}

/**
 * `mysqldump --single-transaction`: one consistent snapshot, rows only (INSERT statements, one per
 * line, no LOCK TABLES); the schema comes from the migrations. The password travels in MYSQL_PWD,
 * never on a command line others can read.
 */
export async function mysqldump(command: string, url: string, tables: string[], target: string): Promise<void> {
  const u = new URL(url)
  const database = decodeURIComponent(u.pathname.slice(1))
  const args = [
    `--host=${u.hostname}`,
    `--port=${u.port || '3306'}`,
    `--user=${decodeURIComponent(u.username)}`,
    '--single-transaction',
    '--compact',
    '--no-create-info',
    '--skip-triggers',
    '--complete-insert',
    '--hex-blob',
    '--default-character-set=utf8mb4',
    database,
    ...tables,
  ]
  const child = spawn(command, args, { env: { ...process.env, MYSQL_PWD: decodeURIComponent(u.password) }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const out = createWriteStream(target, { mode: 0o600 })
  child.stdout.pipe(out)
  const [code] = (await once(child, 'exit')) as [number | null]
  if (!out.writableFinished) await once(out, 'finish')
  if (code !== 0) throw new Error(`${command} failed (${code}): ${stderr.trim().split('\n')[0]}`)
}

const ROWS_PER_INSERT = 100

async function write(out: WriteStream, text: string) {
  if (!out.write(text)) await once(out, 'drain')
}

/**
 * The same rows through the driver, for a machine without mysqldump: `connection` is inside a
 * REPEATABLE READ transaction with a consistent snapshot, so every table is read at one instant.
 */
export async function dumpThroughDriver(connection: Db, tables: string[], target: string): Promise<void> {
  const out = createWriteStream(target, { mode: 0o600 })
  try {
    for (const table of tables) {
      let batch: string[] = []
      let columns = ''
      const flush = async () => {
        if (batch.length) await write(out, `INSERT INTO ${mysql.escapeId(table)} (${columns}) VALUES ${batch.join(',')};\n`)
        batch = []
      }
      for await (const row of connection.selectFrom(table as never).selectAll().stream(ROWS_PER_INSERT)) {
        const record = row as Record<string, unknown>
        columns ||= Object.keys(record).map((c) => mysql.escapeId(c)).join(',')
        batch.push(`(${Object.values(record).map((v) => mysql.escape(v as never)).join(',')})`)
        if (batch.length >= ROWS_PER_INSERT) await flush()
      }
      await flush()
    }
  } finally {
    out.end()
    await once(out, 'finish')
  }
}

/** Runs a dump's statements (one per line; a line ending in `;` ends one) through `connection`. */
export async function runDump(connection: Db, file: string): Promise<number> {
  let statement = ''
  let count = 0
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    // Blank lines, comments, and MariaDB's first line (`/*M!999999\- enable the sandbox mode */`, no semicolon).
    if (!statement && (line.trim() === '' || line.startsWith('-- ') || /^\/\*.*\*\/\s*$/.test(line))) continue
    statement += statement ? `\n${line}` : line
    if (!line.endsWith(';')) continue
    await sql.raw(statement).execute(connection)
    statement = ''
    count++
  }
  if (statement.trim()) throw new Error('the dump ends in the middle of a statement')
  return count
}
