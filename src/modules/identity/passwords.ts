import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'

/** Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/**
 * Hashes run on the libuv pool, off the event loop; at most one per core but one, so a burst of
 * logins leaves a core to the event loop and bounds memory (19 MiB per hash in flight).
 */
const MAX_CONCURRENT = Math.max(1, availableParallelism() - 1)
let running = 0
const waiting: Array<() => void> = []

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve))
  else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS))
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password))
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-only')
  await verifyPassword(await dummyHash, password)
  return false
}
