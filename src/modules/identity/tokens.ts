import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export type TokenPurpose = 'verify' | 'reset' | 'invitation'

/** Verification is valid 24 h, reset 1 h (contract §4), an invitation 7 days (§9). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = { verify: 24 * 3600_000, reset: 3600_000, invitation: 7 * 24 * 3600_000 }

/** 256 random bits, URL-safe; only its hash is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** A token as it can appear in a link: base64url, bounded length (rejects junk before hashing). */
export const TOKEN_PATTERN = '^[A-Za-z0-9_-]{20,100}$'
