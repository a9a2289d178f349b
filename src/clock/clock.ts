/** The time, as a port: services ask it instead of `Date.now()`, so a test can fix or move it. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock standing at `start` until moved (tests): `advance(ms)` moves it forward. */
export function fixedClock(start: Date | string): Clock & { advance(ms: number): void; set(at: Date | string): void } {
  let at = new Date(start).getTime()
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms
    },
    set(next) {
      at = new Date(next).getTime()
    },
  }
}
