import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'

/** Where a kind of file lives: photos may be public, documents never are (contract §3). */
export type Namespace = 'photos' | 'documents'

/**
 * Files behind one small interface: the local disk today, an object store later. Keys are made
 * by `newKey` only (random, never from user input); who owns a file lives in the database.
 */
export interface FileStorage {
  /** Streams `source` into `key`; the file appears whole or not at all. Answers its size in bytes. */
  write(key: string, source: Readable): Promise<{ size: number }>
  /** The stored file, or undefined when no such key is stored; a failing read (not a missing file) throws. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>
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
