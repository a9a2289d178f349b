import type { Jobs } from '../../jobs/jobs.js'
import type { RunOutcome } from './service.js'

const HOURLY_MS = 3600_000
/** A change runs the calendar this soon after it (changes close together make one run). */
export const SOON_MS = 5_000

interface RunLog {
  info(details: object, message: string): void
}

/**
 * When the calendar runs (contract §11): at start, every hour, and soon after a change of an
 * obligation or of a company's identifiers, in every instance (each run makes only what is missing,
 * the unique key deciding between instances). One run at a time per instance; a change during a run
 * runs it once more after. Runs go through `jobs`, so shutdown waits for the one under way.
 */
export function calendarScheduler({ run, jobs, log }: { run: () => Promise<RunOutcome>; jobs: Jobs; log: RunLog }) {
  let running: Promise<void> | undefined
  let again = false
  let hourly: NodeJS.Timeout | undefined
  let soon: NodeJS.Timeout | undefined
  let stopped = false

  function runNow(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    const work = (async () => {
      do {
        again = false
        const outcome = await run()
        if (outcome.created > 0) log.info(outcome, 'calendar requests made')
      } while (again && !stopped)
    })()
    running = work.finally(() => {
      running = undefined
    })
    return running
  }
  const launch = () => {
    if (!stopped) jobs.run('calendar run failed', runNow)
  }

  return {
    start(): void {
      stopped = false
      launch()
      hourly = setInterval(launch, HOURLY_MS).unref()
    },
    /** An obligation or a company's identifiers changed: a run within SOON_MS. */
    soon(): void {
      if (soon || stopped) return
      soon = setTimeout(() => {
        soon = undefined
        launch()
      }, SOON_MS).unref()
    },
    /** Runs now, what `soon` would have run included, and waits for it (tests, scripts). */
    async runNow(): Promise<void> {
      clearTimeout(soon)
      soon = undefined
      await runNow()
    },
    /** A change is waiting for its run. */
    get pending(): boolean {
      return soon !== undefined
    },
    async stop(): Promise<void> {
      stopped = true
      clearInterval(hourly)
      clearTimeout(soon)
      soon = undefined
      await running?.catch(() => undefined)
    },
  }
}
export type CalendarScheduler = ReturnType<typeof calendarScheduler>
