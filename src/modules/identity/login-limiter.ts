/**
 * Failed logins per account (contract §2: 10 per 15 minutes), a sliding window kept in memory.
 * An attempt is counted when it starts (`begin`), before the slow password check, so parallel
 * attempts cannot all pass the check; a success clears the account, an error releases the attempt.
 * Per process on purpose: one instance serves the portal; a restart only forgets recent failures.
 * Bounded: at most `capacity` keys are tracked. When full, the oldest key that is not locked makes
 * room; a locked key is never dropped, so flooding other addresses cannot unlock an account
 * (issue 9, finding 2). If every key is locked, a new key is refused until one expires.
 */
const CAPACITY = 10_000

export class LoginFailures {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number = 15 * 60_000,
    private readonly capacity: number = CAPACITY,
  ) {}

  /** Milliseconds until the account may try again, or 0 when it may now. */
  retryAfterMs(account: string, now = Date.now()): number {
    const recent = this.recent(account, now)
    if (recent.length < this.max) return 0
    return recent[recent.length - this.max]! + this.windowMs - now
  }

  /** Counts a failure; false when the key could not be tracked (full of locked keys). */
  record(account: string, now = Date.now()): boolean {
    if (!this.failures.has(account) && this.failures.size >= this.capacity && !this.makeRoom(now)) return false
    const recent = this.recent(account, now)
    recent.push(now)
    this.failures.delete(account)
    this.failures.set(account, recent)
    return true
  }

  /** Drops the least recently failed key that is not locked; false when every key is locked. */
  private makeRoom(now: number): boolean {
    for (const key of this.failures.keys()) {
      if (this.retryAfterMs(key, now) === 0) {
        this.failures.delete(key)
        return true
      }
    }
    return false
  }

  /**
   * Checks and counts one attempt in the same step (no await between them): answers the
   * milliseconds to wait when the account is blocked (nothing counted), else 0 and the attempt
   * counts as a failure until `clear` (success) or `release` (the check could not be made).
   */
  begin(account: string, now = Date.now()): { wait: number; release: () => void } {
    const wait = this.retryAfterMs(account, now)
    if (wait > 0) return { wait, release: () => {} }
    if (!this.record(account, now)) return { wait: this.windowMs, release: () => {} }
    return { wait: 0, release: () => this.release(account, now) }
  }

  /** Uncounts one attempt recorded at `time`. */
  release(account: string, time: number): void {
    const all = this.failures.get(account)
    const index = all ? all.indexOf(time) : -1
    if (index >= 0) all!.splice(index, 1)
  }

  clear(account: string): void {
    this.failures.delete(account)
  }

  private recent(account: string, now: number): number[] {
    const all = this.failures.get(account) ?? []
    const recent = all.filter((time) => time > now - this.windowMs)
    if (recent.length !== all.length) this.failures.set(account, recent)
    return recent
  }
}
