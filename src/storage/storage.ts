import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'

/** Where a kind of file lives: photos may be public, documents never are (contract §3). */
export type Namespace = 'photos' | 'documents'

/** The folders (key prefixes) the portal stores under, and nothing else. */
export const NAMESPACES: readonly Namespace[] = ['photos', 'documents']

/**
 * Files behind one small interface: the local disk (`local-disk.ts`) or an S3-compatible bucket (`s3.ts`). Keys are made
 * by `newKey` only (random, never from user input); who owns a file lives in the database.
 */
export interface FileStorage {
  /** Streams `source` into `key`; the file appears whole or not at all. Answers its size in bytes. */
  write(key: string, source: Readable): Promise<{ size: number }>
  /** The stored file, or undefined when no such key is stored; a failing read (not a missing file) throws. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>
  /** Whether the store answers now (GET /healthz, contract §5); a store that cannot fail this way leaves it out. */
  ping?(): Promise<boolean>
  /**
   * Clears what writes cut short by a crash left behind (a bucket's unfinished multipart uploads)
   * begun before `before`; answers how many were cleared. Run at start and hourly.
   */
  sweepUnfinished?(before: Date): Promise<number>
  /** Lets go of connections when the app closes. */
  close?(): void
  /** False while the store is too full to take an upload (local disk: free space under its floor). Absent: always room. */
  hasRoom?(): Promise<boolean>
}

/** A write refused, or failed, for want of space: answered 507 (a driver throws it for a full bucket too). */
export class StorageFullError extends Error {
  readonly code = 'ENOSPC'
  constructor(message = 'no space left for stored files') {
    super(message)
  }
}

const KEY_PATTERN = /^(photos|documents)\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/

/** A fresh key: 128 random bits in the namespace, with the stored format's extension. */
export function newKey(namespace: Namespace, extension: string): string {
  const key = `${namespace}/${randomBytes(16).toString('hex')}.${extension}`
  if (!isStorageKey(key)) throw new Error(`invalid storage extension: ${extension}`)
  return key
}

/** True only for a key `newKey` could have made: no `..`, no separators, no encoded variants. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}
