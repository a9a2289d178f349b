/** A map of at most `size` entries: setting one more drops the least recently used. */
export class Lru<V> {
  readonly #entries = new Map<string, V>()

  constructor(readonly size: number) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined) {
      this.#entries.delete(key)
      this.#entries.set(key, value)
    }
    return value
  }

  set(key: string, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value!)
  }

  get count(): number {
    return this.#entries.size
  }
}
