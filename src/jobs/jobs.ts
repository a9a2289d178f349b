import type { FastifyBaseLogger } from 'fastify'
import { loggableError } from '../logging.js'
import { PendingWork } from '../shared/pending.js'

/**
 * Work that outlives its request (mails, the forgotten-password lookup, file clean-ups): a port,
 * so a service can start work without knowing who waits for it at shutdown.
 */
export interface Jobs {
  /**
   * Runs `work` after the current answer is sent (setImmediate), kept until it settles so that
   * shutdown waits for it; a failure is logged under `failure`, never thrown at the caller.
   */
  run(failure: string, work: () => Promise<unknown>): void
  /** Waits for every task, work started meanwhile included, at most timeoutMs; false if some still ran. */
  drain(timeoutMs: number): Promise<boolean>
}

/** Jobs in this process: run after the answer, awaited at shutdown. */
export function processJobs(log: Pick<FastifyBaseLogger, 'warn'>): Jobs {
  const pending = new PendingWork()
  return {
    run(failure, work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve)).then(work)
      pending.track(task).catch((error: unknown) => log.warn({ err: loggableError(error) }, failure))
    },
    drain: (timeoutMs) => pending.settle(timeoutMs),
  }
}
