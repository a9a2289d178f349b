import type { Db } from './database.js'

/** What to do once each open transaction made by `transaction` commits, keyed by its object. */
const commitCallbacks = new WeakMap<object, Array<() => void>>()

/**
 * Runs `work` in one transaction, then, once it is committed, whatever `onCommit` registered
 * during it (never after a rollback). A transaction made directly with `db.transaction()` works
 * as well for the writes; only its commit goes unseen.
 */
export async function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = []
  const result = await db.transaction().execute((trx) => {
    commitCallbacks.set(trx, callbacks)
    return work(trx)
  })
  for (const callback of callbacks) callback()
  return result
}

/**
 * Calls `callback` once what was written through `db` is visible to other connections: at once
 * outside a transaction, after the commit of one made by `transaction`. Inside a transaction made
 * elsewhere it is never called (the caller must not depend on it for more than promptness).
 */
export function onCommit(db: Db, callback: () => void): void {
  const callbacks = commitCallbacks.get(db)
  if (callbacks) callbacks.push(callback)
  else if (!db.isTransaction) callback()
}
