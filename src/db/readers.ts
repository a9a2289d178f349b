import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Compilable } from 'kysely'
import { Piscina } from 'piscina'
import { giveWay } from '../shared/give-way.js'
import type { ReadResult, ReadTask } from './read-task.js'

/**
 * The lists read on worker threads (docs/decisions/011-lists-off-the-event-loop.md):
 * better-sqlite3 answers synchronously, so a search of a large list held the event loop, and every
 * request waited behind it (/healthz's p99 went from 6 to 70 ms during 10 concurrent searches of
 * 1–2 ms each, BENCHMARKS.md). Each SQLite worker keeps its own connection to the file; WAL lets them
 * read while the main connection writes, and a read begun after a commit sees it. MariaDB's worker
 * keeps its own connection too: the event loop neither sends the lists' queries nor parses their
 * answers (docs/decisions/011-lists-off-the-event-loop.md).
 */
export interface ReadPool {
  read(task: ReadTask): Promise<ReadResult>
  close(): Promise<void>
}

/** Workers are started on the first list read and leave after this long idle (tests open many databases). */
const IDLE_MS = 60_000

/** A worker of this folder: .js once built, .ts under tsx (npm run dev, the bench). */
const workerFile = (name: string) => new URL(`./${name}${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href

/**
 * `threads` workers running `name`'s default export on `workerData`, started when first needed; `farewell` is each one's last task.
 * Closing waits for the reads already asked (a request whose client has gone may still be reading: its
 * worker answering after the pool was destroyed crashed the process) and refuses the later ones.
 */
function readPool(name: string, workerData: unknown, threads: number, farewell?: object): ReadPool {
  let pool: Piscina<ReadTask | object, ReadResult> | undefined
  let closed = false
  const asked = new Set<Promise<ReadResult>>()
  return {
    read(task) {
      if (closed) return Promise.reject(new Error('the database is closed'))
      pool ??= new Piscina({ filename: workerFile(name), workerData, minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS, recordTiming: false })
      const reading = pool.run(task)
      asked.add(reading)
      const done = () => void asked.delete(reading)
      reading.then(done, done)
      return reading
    },
    async close() {
      closed = true
      const closing = pool
      pool = undefined
      if (!closing) return
      await Promise.allSettled(asked)
      if (farewell && closing.threads.length > 0) await Promise.all(closing.threads.map(() => closing.run(farewell).catch(() => undefined)))
      await closing.destroy()
    },
  }
}

/** `threads` workers reading the SQLite file at `path`. */
export const sqliteReadPool = (path: string, threads: number): ReadPool => readPool('read-worker', { path }, threads)

/** `threads` workers reading the MariaDB database at `url`, each on a connection of its own, closed with the pool. */
export const mysqlReadPool = (url: string, threads: number): ReadPool => readPool('mysql-read-worker', { url }, threads, { close: true })

/** The pool of each database made by createDb with one, by the adapter its transactions share. */
const pools = new WeakMap<object, ReadPool>()

export function attachReadPool(db: { getExecutor(): { adapter: object } }, pool: ReadPool): void {
  pools.set(db.getExecutor().adapter, pool)
}

/**
 * A list's total (the first column of `count`) and, unless the first `skip` rows already cover it,
 * the rows of `rows`, in one trip to a worker, giving way as `readRows` does; undefined when the
 * database reads on its own connection (the caller then runs them itself).
 */
export async function readCountedRows<O>(db: ReadsFrom, count: Compilable<unknown>, rows: Compilable<O>, skip: number): Promise<{ total: number; rows: O[] } | undefined> {
  const pool = poolOf(db)
  if (!pool) return undefined
  await giveWay()
  const counting = count.compile()
  const { sql, parameters } = rows.compile()
  const result = thrownAgain(await pool.read({ sql, parameters, counted: { sql: counting.sql, parameters: counting.parameters, skip } }))
  await giveWay()
  return { total: result.total ?? 0, rows: result.rows as O[] }
}

/**
 * The rows of `query`, read by a worker when the database has a pool, outside a transaction (whose
 * own writes only its connection sees), and on the database's connection otherwise (MariaDB's pool
 * is asynchronous already). Like every list read, it gives way to the other requests
 * (shared/give-way.ts) before it is compiled and sent, and once it has answered: what is done with
 * its rows waits for a turn of its own too.
 */
export async function readRows<O>(db: ReadsFrom, query: Compilable<O> & { execute(): Promise<O[]> }): Promise<O[]> {
  await giveWay()
  const pool = poolOf(db)
  let rows: O[]
  if (pool) {
    const { sql, parameters } = query.compile()
    rows = thrownAgain(await pool.read({ sql, parameters })).rows as O[]
  } else {
    rows = await query.execute()
  }
  await giveWay()
  return rows
}

/** A database or transaction: reads go to its pool, if it has one and is not a transaction. */
type ReadsFrom = { isTransaction: boolean; getExecutor(): { adapter: object } }

const poolOf = (db: ReadsFrom) => (db.isTransaction ? undefined : pools.get(db.getExecutor().adapter))

/** The driver's error, thrown as the main connection would have thrown it (its name, message and code: better-sqlite3's SqliteError, mysql2's Error). */
function thrownAgain(result: ReadResult): Extract<ReadResult, { rows: unknown[] }> {
  if ('rows' in result) return result
  throw Object.assign(new Error(result.error.message), { name: result.error.name, code: result.error.code })
}


