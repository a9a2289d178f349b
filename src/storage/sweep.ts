import type { Clock } from '../clock/clock.js'
import { loggableError } from '../logging.js'
import type { FileStorage } from './storage.js'

const SWEEP_EVERY_MS = 3600_000

interface SweepLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

/**
 * The longest an accepted upload may legitimately take (its largest size at the slowest rate the
 * connection guard lets through), so that the sweep never aborts an upload still arriving at
 * another instance (local disk or bucket); at least an hour.
 */
export function unfinishedUploadAge(maxUploadBytes: number, minBytesPerSecond: number): number {
  return Math.max(3600_000, Math.ceil(maxUploadBytes / Math.max(1, minBytesPerSecond)) * 1000 + 600_000)
}

/**
 * Clears what writes cut short by a crash left in storage (a bucket's unfinished multipart uploads
 * begun more than `ageMs` ago) at `start()` and hourly; the timer never keeps the process alive.
 * `stop()` clears the timer and waits for a sweep under way.
 */
export function storageSweeper(storage: FileStorage, { clock, ageMs, log }: { clock: Clock; ageMs: number; log: SweepLog }) {
  let running: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const sweep = (sweepUnfinished: (before: Date) => Promise<number>) =>
    (running = sweepUnfinished(new Date(clock.now().getTime() - ageMs)).then(
      (cleared) => cleared > 0 && log.info({ cleared }, 'unfinished uploads swept from storage'),
      (error: unknown) => log.warn({ err: loggableError(error) }, 'sweep of unfinished uploads failed'),
    ))
  return {
    /** Not awaited: a bucket that does not answer yet must not stop the start (GET /healthz says 503 meanwhile). */
    start(): void {
      const sweepUnfinished = storage.sweepUnfinished?.bind(storage)
      if (!sweepUnfinished) return
      void sweep(sweepUnfinished)
      timer = setInterval(() => void sweep(sweepUnfinished), SWEEP_EVERY_MS).unref()
    },
    async stop(): Promise<void> {
      clearInterval(timer)
      await running
    },
  }
}
