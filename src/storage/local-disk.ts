import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isStorageKey, type FileStorage } from './storage.js'

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

function checked(key: string): string {
  if (!isStorageKey(key)) throw new Error('invalid storage key')
  return key
}

/**
 * Files under UPLOAD_DIR: written to `.tmp/` under a random name, then renamed into place, so a
 * failure midway (client gone, disk full, check refused) leaves no partial file under its key.
 */
export function localDiskStorage(root: string): FileStorage {
  const tmpDir = join(root, '.tmp')
  let ready: Promise<unknown> | undefined
  const folders = () => Promise.all(['.tmp', 'photos', 'documents'].map((name) => mkdir(join(root, name), { recursive: true, mode: 0o700 })))
  return {
    async write(key, source: Readable) {
      const target = join(root, checked(key))
      ready ??= folders().catch((error: unknown) => {
        ready = undefined
        throw error
      })
      await ready
      const temporary = join(tmpDir, randomBytes(16).toString('hex'))
      // Opened before the copy starts: a stream that opened its file itself could create it after a
      // refused source had failed the copy and the clean-up had run, leaving it behind.
      const file = await open(temporary, 'wx', 0o600)
      let size = 0
      source.on('data', (chunk: Buffer) => (size += chunk.length))
      try {
        await pipeline(source, file.createWriteStream())
        await rename(temporary, target)
      } catch (error) {
        await unlink(temporary).catch(() => {})
        throw error
      }
      return { size }
    },
    async read(key) {
      if (!isStorageKey(key)) return undefined
      let file: FileHandle
      try {
        file = await open(join(root, key), 'r')
      } catch (error) {
        // Only a file that is not there is missing; a refused or failing disk is an error (5xx, logged).
        if (isMissing(error)) return undefined
        throw error
      }
      try {
        const stats = await file.stat()
        if (!stats.isFile()) throw new Error(`stored file is not a regular file: ${key}`)
        return { stream: file.createReadStream(), size: stats.size }
      } catch (error) {
        await file.close()
        throw error
      }
    },
    async remove(key) {
      await unlink(join(root, checked(key))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
    },
    // The disk of this process: if it fails, requests fail and say so; the health check is the database's.
    async ping() {
      return true
    },
  }
}
