/**
 * At most `size` calls of `run` at once; the others wait their turn, first come first served, and a
 * finished call hands its place to the next in line (the password hashes: identity/passwords.ts; the
 * lists' reads queue in their worker pools instead, db/readers.ts). Written here rather than taken
 * from a package: these dozen lines are all a gate needs.
 */
export function gate(size: number) {
  let running = 0
  const waiting: Array<() => void> = []
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve))
      else running++
      try {
        return await task()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else running--
      }
    },
  }
}
