/**
 * A map of at most `size` entries: setting one more drops one not used since the last sweep, the
 * oldest first (second chance, an approximation of least recently used). A hit only marks its entry:
 * moving it to the end of the map (a delete and a set) on every hit cost more than the lookup itself
 * on a logged-in page, which reads a dozen kept renders and statements (issue 13).
 */
export class Lru<V> {
  readonly #entries = new Map<string, { value: V; used: boolean }>()

  constructor(readonly size: number) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    entry.used = true
    return entry.value
  }

  set(key: string, value: V): void {
    if (this.size <= 0) return
    const entry = this.#entries.get(key)
    if (entry !== undefined) {
      entry.value = value
      entry.used = true
      return
    }
    if (this.#entries.size >= this.size) this.#dropOne()
    this.#entries.set(key, { value, used: false })
  }

  get count(): number {
    return this.#entries.size
  }

  /** From the oldest: an entry used since it was last passed goes to the end, unmarked; the first unused one is dropped. */
  #dropOne(): void {
    for (const [key, entry] of this.#entries) {
      this.#entries.delete(key)
      if (!entry.used) return
      entry.used = false
      this.#entries.set(key, entry)
    }
  }
}
