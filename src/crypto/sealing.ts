import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/** Raised when a sealed value cannot be opened: not sealed, altered, or sealed under another secret. */
export class UnsealError extends Error {
  override name = 'UnsealError'
  constructor(readonly reason: 'unreadable' | 'wrong-key') {
    super(reason === 'wrong-key' ? 'sealed with another key' : 'no sealed content')
  }
}

export interface Sealer {
  seal(text: string): string
  /** The text sealed by `seal` under the same secret and purpose; UnsealError otherwise. */
  open(sealed: string | null | undefined): string
}

/**
 * AES-256-GCM with a key derived (HKDF-SHA-256) from a secret and a purpose, so that one secret
 * (SESSION_SECRET) gives each use its own key: the outbox's mails, the two-factor secrets.
 * Sealed values read `v1.<base64 of iv, tag, body>`.
 */
/** A 256-bit key of its own for one purpose (HKDF-SHA-256 of the secret): sealing, or an HMAC (recovery codes). */
export function deriveKey(secret: string, purpose: { salt: string; info: string }): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32))
}

export function createSealer(secret: string, purpose: { salt: string; info: string }): Sealer {
  const key = deriveKey(secret, purpose)
  return {
    seal(text) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
    },
    open(sealed) {
      if (!sealed?.startsWith('v1.')) throw new UnsealError('unreadable')
      const raw = Buffer.from(sealed.slice(3), 'base64')
      if (raw.length < 28) throw new UnsealError('unreadable')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      try {
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
      } catch {
        throw new UnsealError('wrong-key')
      }
    },
  }
}
