/**
 * Work that outlives the request that started it (mails, the forgotten-password lookup…), kept
 * until it settles so that shutdown can wait for it instead of dropping it.
 */
export class PendingWork {
  private readonly pending = new Set<Promise<void>>()

  get size(): number {
    return this.pending.size
  }

  /** Keeps `work` until it settles; answers the same promise (its rejection stays the caller's). */
  track<T>(work: Promise<T>): Promise<T> {
    const entry = work.then(
      () => undefined,
      () => undefined,
    )
    this.pending.add(entry)
    void entry.then(() => this.pending.delete(entry))
    return work
  }

  /** Waits until nothing is pending, work started meanwhile included; false when timeoutMs ran out first. */
  async settle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    while (this.pending.size > 0) {
      const left = deadline - Date.now()
      if (left <= 0) return false
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), left)
      })
      const outcome = await Promise.race([Promise.allSettled([...this.pending]), timeout])
      clearTimeout(timer)
      if (outcome === 'timeout') return this.pending.size === 0
    }
    return true
  }
}
