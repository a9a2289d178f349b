import { Readable } from 'node:stream'
import { isStorageKey, type FileStorage } from './storage.js'

/** Files in a Map (tests where the disk proves nothing more); whole or nothing, like the disk. */
export function memoryStorage(): FileStorage & { readonly files: ReadonlyMap<string, Buffer> } {
  const files = new Map<string, Buffer>()
  return {
    files,
    async write(key, source) {
      if (!isStorageKey(key)) throw new Error('invalid storage key')
      const chunks: Buffer[] = []
      for await (const chunk of source) chunks.push(Buffer.from(chunk as Buffer))
      const bytes = Buffer.concat(chunks)
      files.set(key, bytes)
      return { size: bytes.length }
    },
    async read(key) {
      const bytes = files.get(key)
      return bytes && { stream: Readable.from([bytes]), size: bytes.length }
    },
    async remove(key) {
      files.delete(key)
    },
  }
}
