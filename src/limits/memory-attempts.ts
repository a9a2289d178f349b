import { systemClock, type Clock } from '../clock/clock.js'
import type { Attempt, AttemptLimiter, AttemptPolicy } from './attempt-limiter.js'

/**
 * The attempt limiter in this process's memory (one instance). Bounded: at most `capacity` keys are
 * tracked. When full, the least recently failed key that is not locked makes room; a locked key is
 * never dropped, so flooding other keys cannot unlock an account (issue 9, finding 2). If every key
 * is locked, a new key is refused (it waits a window) until one expires.
 */
const CAPACITY = 10_000

interface Entry {
  times: number[]
  policy: AttemptPolicy
}

export function memoryAttemptLimiter(options: { clock?: Clock; capacity?: number } = {}): AttemptLimiter {
  const clock = options.clock ?? systemClock
  const capacity = options.capacity ?? CAPACITY
  const entries = new Map<string, Entry>()

  const recent = (key: string, now: number): number[] => {
    const entry = entries.get(key)
    if (!entry) return []
    const kept = entry.times.filter((time) => time > now - entry.policy.windowMs)
    if (kept.length !== entry.times.length) entry.times = kept
    return kept
  }
  const retryAfter = (key: string, policy: AttemptPolicy, now: number): number => {
    const times = recent(key, now)
    return times.length < policy.max ? 0 : times[times.length - policy.max]! + policy.windowMs - now
  }
  const makeRoom = (now: number): boolean => {
    for (const [key, entry] of entries) {
      if (retryAfter(key, entry.policy, now) === 0) {
        entries.delete(key)
        return true
      }
    }
    return false
  }

  return {
    // Synchronous inside: nothing awaits between the check and the count.
    async begin(key, policy): Promise<Attempt> {
      const now = clock.now().getTime()
      const wait = retryAfter(key, policy, now)
      if (wait > 0) return { wait, release: async () => {} }
      if (!entries.has(key) && entries.size >= capacity && !makeRoom(now)) return { wait: policy.windowMs, release: async () => {} }
      const times = recent(key, now)
      times.push(now)
      // Re-inserted: the map's order is least recently failed first.
      entries.delete(key)
      entries.set(key, { times, policy })
      return {
        wait: 0,
        release: async () => {
          const all = entries.get(key)?.times
          const index = all ? all.indexOf(now) : -1
          if (index >= 0) all!.splice(index, 1)
        },
      }
    },
    async clear(key) {
      entries.delete(key)
    },
  }
}
