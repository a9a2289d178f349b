/**
 * Work that can wait gives way to the requests that cannot (docs/decisions/011-lists-off-the-event-loop.md):
 * a list's read awaits `giveWay()` before it builds its query and once its rows are back, and the
 * waiting steps are resumed one per turn of the event loop. The I/O callbacks of that turn (the
 * other requests: a health check, a page, a login) run between two steps, instead of behind the
 * steps of every list in flight.
 */
const waiting: Array<() => void> = []
let scheduled = false

function resumeOne(): void {
  waiting.shift()?.()
  scheduled = waiting.length > 0
  // Queued from the check phase, the next step runs on the loop's next turn, after its I/O.
  if (scheduled) setImmediate(resumeOne)
}

/** Resolves on a later turn of the event loop, one waiting caller per turn, first come first served. */
export function giveWay(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (!scheduled) {
      scheduled = true
      setImmediate(resumeOne)
    }
  })
}
