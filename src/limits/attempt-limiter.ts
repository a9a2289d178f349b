/**
 * Attempts counted per key in a sliding window (failed logins per account, wrong old passwords per
 * user): a port, so the count can live in this process's memory (one instance) or in a store that
 * every instance shares. An attempt counts when it begins, before the slow check, so parallel
 * attempts cannot all slip under the limit; success clears the key, an error releases the attempt.
 */
export interface AttemptPolicy {
  /** Attempts allowed within the window. */
  max: number
  windowMs: number
}

export interface Attempt {
  /** Milliseconds to wait when the key is blocked (nothing was counted), else 0. */
  wait: number
  /** Uncounts this attempt (the check could not be made). */
  release(): Promise<void>
}

export interface AttemptLimiter {
  /** Checks and counts one attempt under `policy` in one step. */
  begin(key: string, policy: AttemptPolicy): Promise<Attempt>
  /** Forgets every attempt of the key (a success). */
  clear(key: string): Promise<void>
}
