import { setPriority } from 'node:os'
import { workerData } from 'node:worker_threads'
import { openSqlite, withStatementCache } from './sqlite-connection.js'

/** What a read worker runs: one compiled SELECT and its parameters (db/readers.ts). */
export interface ReadTask {
  sql: string
  parameters: readonly unknown[]
  /**
   * A list's page: this count runs first, and the SELECT only when its first `skip` rows do not
   * already cover the total (one trip to the worker for both).
   */
  counted?: { sql: string; parameters: readonly unknown[]; skip: number }
}

/**
 * A list's read runs below the event loop's priority: on Linux a thread's nice value is its own
 * (setpriority of the calling thread), so the thread answering requests is served first and a burst
 * of searches takes the cores that are left, instead of queueing `/healthz` and every page behind it
 * on a busy machine (BENCHMARKS.md, "/healthz during 10 concurrent searches"). Raising one's own
 * nice value needs no privilege; where it is refused, reads run at the process's priority.
 */
const READ_NICE = 10
try {
  setPriority(READ_NICE)
} catch {
  // Not allowed here: the same priority as the event loop.
}

const { path } = workerData as { path: string }
const connection = withStatementCache(openSqlite(path, { queryOnly: true }))

/** What a read answers: its rows, or SQLite's error (a thrown SqliteError would cross the thread as an empty object). */
export type ReadResult = { rows: unknown[]; total?: number } | { error: { message: string; code?: string } }

/** A read worker's one task: the rows of a SELECT, read on this thread's own connection. */
export default function read({ sql, parameters, counted }: ReadTask): ReadResult {
  try {
    if (!counted) return { rows: connection.prepare(sql).all(parameters as unknown[]) }
    const row = connection.prepare(counted.sql).get(counted.parameters as unknown[]) as Record<string, unknown> | undefined
    const total = Number(Object.values(row ?? {})[0] ?? 0)
    return { total, rows: counted.skip >= total ? [] : connection.prepare(sql).all(parameters as unknown[]) }
  } catch (error) {
    const { message, code } = error as { message: string; code?: string }
    return { error: { message, code } }
  }
}
