import { createRequire } from 'node:module'
import { workerData } from 'node:worker_threads'
import { mysqlOptions } from './mysql-options.js'
import { answer, lowerThisThread, type ReadTask } from './read-task.js'

/**
 * MariaDB's lists read on a worker thread too (docs/decisions/011-lists-off-the-event-loop.md): the queries are sent and their packets parsed here, so mariadbd's thread, woken by
 * the query, preempts this thread rather than the event loop's, and the loop receives rows.
 */
lowerThisThread()

const require = createRequire(import.meta.url)
const { createPool } = require('mysql2') as typeof import('mysql2')
const { url } = workerData as { url: string }
// One connection, dropped by the pool when the server closes it (then asked again, below), and closed
// when idle so that a worker stopped later leaves no connection for the server to call aborted.
const pool = createPool({ ...mysqlOptions(url), connectionLimit: 1, maxIdle: 0, idleTimeout: 10_000 }).promise()

async function all(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
  const ask = async () => (await pool.query(sql, parameters as unknown[]))[0] as unknown[]
  // A connection the server closed while idle fails once (a fatal error), and the pool drops it: a read asks again.
  return ask().catch((error: { fatal?: boolean }) => (error.fatal ? ask() : Promise.reject(error)))
}

/** A MariaDB read worker's task: the rows of a SELECT, or `close` (the database is being closed). */
export default async function read(task: ReadTask | { close: true }) {
  if ('close' in task) return void (await pool.end())
  return answer(task, all)
}
