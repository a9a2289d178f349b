/**
 * Faults of the machine rather than of the request (issue 14): a database out of reach answers 503
 * with Retry-After, a full disk or bucket 507, both in French, instead of a bare 500.
 */

/** Seconds a client is asked to wait: the pool reconnects by itself once the database is back. */
export const RETRY_AFTER_SECONDS = 10

export const unavailableMessage = 'Service momentanément indisponible. Veuillez réessayer dans quelques instants.'
export const storageFullMessage = 'Espace de stockage insuffisant. Veuillez réessayer plus tard.'

/** The network failing under a driver (mysql2, an S3 client): the server could not be reached or dropped us. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])

/** mysql2's and MariaDB's own: connection lost, server going away or overloaded, a lock waited out. */
const MYSQL = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_WRITE_INTERRUPTED',
])

/** SQLite's: another writer holds the file, or the file cannot be opened or read (a missing or read-only volume). */
const SQLITE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|PROTOCOL|READONLY)/

/** Pools and drivers closed under us (shutdown, or a pool destroyed after a fatal error). */
const CLOSED = /^(driver has already been destroyed|Pool is closed\.|No connections available\.|Queue limit reached\.|The database connection is not open)$/

/** The error and what it wraps (cause, an AggregateError's errors), a few levels deep. */
function* chain(error: unknown, depth = 0): Generator<{ code?: unknown; message?: unknown; fatal?: unknown; errno?: unknown }> {
  if (!error || typeof error !== 'object' || depth > 4) return
  yield error as never
  yield* chain((error as { cause?: unknown }).cause, depth + 1)
  const errors = (error as { errors?: unknown }).errors
  if (Array.isArray(errors)) for (const inner of errors) yield* chain(inner, depth + 1)
}

/** True when the database (or a service behind a driver) could not be reached: try again later, not a bug. */
export function isUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : ''
    if (NETWORK.has(code) || MYSQL.has(code) || SQLITE.test(code)) return true
    // mysql2 marks an error that broke its connection as fatal.
    if (e.fatal === true) return true
    if (typeof e.message === 'string' && CLOSED.test(e.message)) return true
  }
  return false
}

/** True for a write that failed or was refused for want of space: a disk, a quota, SQLite's file, a bucket. */
export function isStorageFull(error: unknown): boolean {
  for (const e of chain(error)) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === 'SQLITE_FULL' || e.code === 'ER_RECORD_FILE_FULL') return true
  }
  return false
}

export interface FaultAnswer {
  status: 503 | 507
  message: string
  headers: Record<string, string>
}

/** The answer a fault gets, or undefined for any other error. */
export function faultAnswer(error: unknown): FaultAnswer | undefined {
  if (isStorageFull(error)) return { status: 507, message: storageFullMessage, headers: {} }
  if (isUnavailable(error)) return { status: 503, message: unavailableMessage, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } }
  return undefined
}
