import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, stat, statfs, unlink, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isStorageKey, StorageFullError, type FileStorage } from './storage.js'

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

function checked(key: string): string {
  if (!isStorageKey(key)) throw new Error('invalid storage key')
  return key
}

export interface LocalDiskOptions {
  /** Writes are refused (507) while the file system under the root has less free space than this. */
  minFreeBytes?: number
  /**
   * A partial file untouched for this long belongs to a write that died (a write in progress touches
   * its file with every chunk): swept even when the sweep's own cut-off is older.
   */
  staleAfterMs?: number
}

/**
 * Files under UPLOAD_DIR: written to `.tmp/` under a random name, then renamed into place, so a
 * failure midway (client gone, disk full, check refused) leaves no partial file under its key.
 */
export function localDiskStorage(root: string, options: LocalDiskOptions = {}): FileStorage {
  const tmpDir = join(root, '.tmp')
  const minFreeBytes = options.minFreeBytes ?? 0
  let ready: Promise<unknown> | undefined
  const folders = () => Promise.all(['.tmp', 'photos', 'documents'].map((name) => mkdir(join(root, name), { recursive: true, mode: 0o700 })))
  const makeFolders = async () => {
    ready ??= folders().catch((error: unknown) => {
      ready = undefined
      throw error
    })
    await ready
  }
  // Space an unprivileged process may use (bavail, not bfree: root's reserve is not ours).
  const hasRoom = async () => {
    if (minFreeBytes <= 0) return true
    await makeFolders()
    const { bavail, bsize } = await statfs(root)
    return bavail * bsize >= minFreeBytes
  }
  return {
    async write(key, source: Readable) {
      const target = join(root, checked(key))
      await makeFolders()
      if (!(await hasRoom())) throw new StorageFullError(`free space under ${root} is below the floor`)
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
    hasRoom,
    /** Partial files in `.tmp/` (a SIGTERM or kill -9 mid-upload) last touched before the cut-off. */
    async sweepUnfinished(before) {
      const cutoff = Math.max(before.getTime(), options.staleAfterMs === undefined ? -Infinity : Date.now() - options.staleAfterMs)
      const names = await readdir(tmpDir).catch((error: unknown) => {
        if (isMissing(error)) return []
        throw error
      })
      let removed = 0
      for (const name of names) {
        const path = join(tmpDir, name)
        const stats = await stat(path).catch(() => undefined)
        if (!stats?.isFile() || stats.mtimeMs >= cutoff) continue
        await unlink(path).then(() => removed++, () => {})
      }
      return removed
    },
  }
}
