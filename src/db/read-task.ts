import { setPriority } from 'node:os'

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

/** What a read answers: its rows, or the driver's error (a thrown error would cross the thread as an empty object). */
export type ReadResult = { rows: unknown[]; total?: number } | { error: { name: string; message: string; code?: string } }

/** A worker's answer to `task`, its queries run by `all` (the rows of one SELECT on the worker's own connection). */
export async function answer({ sql, parameters, counted }: ReadTask, all: (sql: string, parameters: readonly unknown[]) => unknown[] | Promise<unknown[]>): Promise<ReadResult> {
  try {
    if (!counted) return { rows: await all(sql, parameters) }
    const [row] = (await all(counted.sql, counted.parameters)) as Array<Record<string, unknown> | undefined>
    const total = Number(Object.values(row ?? {})[0] ?? 0)
    return { total, rows: counted.skip >= total ? [] : await all(sql, parameters) }
  } catch (error) {
    const { name, message, code } = error as { name?: string; message: string; code?: string }
    return { error: { name: name ?? 'Error', message, code } }
  }
}

/**
 * A list's read runs below the event loop's priority: on Linux a thread's nice value is its own
 * (setpriority of the calling thread), so the thread answering requests is served first and a burst
 * of searches takes the cores that are left, instead of queueing `/healthz` and every page behind it
 * on a busy machine (BENCHMARKS.md, "/healthz during 10 concurrent searches"). Raising one's own
 * nice value needs no privilege; where it is refused, reads run at the process's priority.
 */
const READ_NICE = 10

export function lowerThisThread(): void {
  try {
    setPriority(READ_NICE)
  } catch {
    // Not allowed here: the same priority as the event loop.
  }
}
