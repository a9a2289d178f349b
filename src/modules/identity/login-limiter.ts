/**
 * Failed logins per account (contract §2: 10 per 15 minutes), a sliding window kept in memory.
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
