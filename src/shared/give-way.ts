import { performance } from 'node:perf_hooks'

/**
 * Work that can wait gives way to the requests that cannot (docs/decisions.md, "Lists give way"):
 * a list's read awaits `giveWay()` before it builds its query and once its rows are back, and the
 * waiting steps are resumed one per turn of the event loop. The I/O callbacks of that turn (the
 * other requests: a health check, a page, a login) run between two steps, instead of behind the
 * steps of every list in flight.
 *
 * A busy loop is also let breathe (docs/decisions.md, "Lists pause on a busy loop", session 12):
 * when the loop was busy for more than a fifth of the last window, the next step waits a short pause
 * on a timer, during which everything else is answered. At most one pause per window: a flood of
 * searches is slowed by about a tenth; one administrator's search, on a loop mostly idle, not at all.
 */
export interface GiveWayOptions {
  /** The loop's utilization (0–1) over the window that has just ended, or undefined while it lasts. */
  utilization: () => number | undefined
  /** Resumes after the pause. */
  pause: (resume: () => void) => void
}

/** Above this share of a window spent working, the loop pauses the lists once. */
export const BUSY_LOOP = 0.2
const WINDOW_MS = 20
const PAUSE_MS = 3

/** A `giveWay` of its own: its queue, its measure of the loop and its pause (tests inject both). */
export function createGiveWay({ utilization, pause }: GiveWayOptions): () => Promise<void> {
  const waiting: Array<() => void> = []
  let scheduled = false

  function resumeOne(): void {
    if ((utilization() ?? 0) > BUSY_LOOP) return pause(resumeOne)
    waiting.shift()?.()
    scheduled = waiting.length > 0
    // Queued from the check phase, the next step runs on the loop's next turn, after its I/O.
    if (scheduled) setImmediate(resumeOne)
  }

  /** Resolves on a later turn of the event loop, one waiting caller per turn, first come first served. */
  return function giveWay(): Promise<void> {
    return new Promise((resolve) => {
      waiting.push(resolve)
      if (!scheduled) {
        scheduled = true
        setImmediate(resumeOne)
      }
    })
  }
}

/**
 * The event loop's utilization (Node's own measure: time outside the poll for I/O, so a thread
 * preempted by another process still counts as busy) over consecutive windows of `windowMs`: the
 * last window's once it has ended, undefined while a window lasts.
 */
export function loopUtilization(windowMs: number): () => number | undefined {
  let mark = performance.eventLoopUtilization()
  return () => {
    const now = performance.eventLoopUtilization()
    const window = performance.eventLoopUtilization(now, mark)
    if (window.idle + window.active < windowMs) return undefined
    mark = now
    return window.utilization
  }
}

export const giveWay = createGiveWay({ utilization: loopUtilization(WINDOW_MS), pause: (resume) => void setTimeout(resume, PAUSE_MS) })
