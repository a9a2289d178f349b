/**
 * Failed logins per account (contract §2: 10 per 15 minutes), a sliding window kept in memory.
 * An attempt is counted when it starts (`begin`), before the slow password check, so parallel
 * attempts cannot all pass the check; a success clears the account, an error releases the attempt.
 * Per process on purpose: one instance serves the portal; a restart only forgets recent failures.
 * Bounded: at most MAX_ACCOUNTS addresses are tracked, the oldest dropped first.
 */
const MAX_ACCOUNTS = 10_000

export class LoginFailures {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number = 15 * 60_000,
  ) {}

  /** Milliseconds until the account may try again, or 0 when it may now. */
  retryAfterMs(account: string, now = Date.now()): number {
    const recent = this.recent(account, now)
    if (recent.length < this.max) return 0
    return recent[recent.length - this.max]! + this.windowMs - now
  }

  record(account: string, now = Date.now()): void {
    const recent = this.recent(account, now)
    recent.push(now)
    this.failures.delete(account)
    this.failures.set(account, recent)
    if (this.failures.size > MAX_ACCOUNTS) this.failures.delete(this.failures.keys().next().value!)
  }

  /**
   * Checks and counts one attempt in the same step (no await between them): answers the
   * milliseconds to wait when the account is blocked (nothing counted), else 0 and the attempt
   * counts as a failure until `clear` (success) or `release` (the check could not be made).
   */
  begin(account: string, now = Date.now()): { wait: number; release: () => void } {
    const wait = this.retryAfterMs(account, now)
    if (wait > 0) return { wait, release: () => {} }
    this.record(account, now)
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
