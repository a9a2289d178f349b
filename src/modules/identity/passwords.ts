import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { gate } from '../../shared/gate.js'

/** Argon2id's cost parameters (memory in KiB, passes, lanes); a hash records its own, so checks need none. */
export interface PasswordCost {
  memoryCost: number
  timeCost: number
  parallelism: number
}

/**
 * Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane. The
 * default here, and what the configuration gives every environment but NODE_ENV=test.
 */
export const OWASP_COST: PasswordCost = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

/**
 * Hashes run on the libuv pool, off the event loop; at most one per core but one, so a burst of
 * logins leaves a core to the event loop and bounds memory (19 MiB per hash in flight).
 */
const limited = gate(Math.max(1, availableParallelism() - 1))

export function hashPassword(password: string, cost: PasswordCost = OWASP_COST): Promise<string> {
  return limited.run(() => hash(password, cost))
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited.run(() => verify(passwordHash, password))
  } catch {
    return false
  }
}

/** One dummy hash per cost: checking against it costs what checking a real account's hash costs. */
const dummyHashes = new Map<string, Promise<string>>()

/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string, cost: PasswordCost = OWASP_COST): Promise<false> {
  const key = `${cost.memoryCost},${cost.timeCost},${cost.parallelism}`
  let dummy = dummyHashes.get(key)
  if (!dummy) dummyHashes.set(key, (dummy = hashPassword('dummy-password-for-timing-only', cost)))
  await verifyPassword(await dummy, password)
  return false
}

export type Passwords = ReturnType<typeof createPasswords>

/** The functions above bound to one cost: what a service constructed with its settings keeps. */
export function createPasswords(cost: PasswordCost = OWASP_COST) {
  return {
    cost,
    hash: (password: string) => hashPassword(password, cost),
    verify: verifyPassword,
    verifyAgainstDummy: (password: string) => verifyAgainstDummy(password, cost),
  }
}
