/**
 * `npm run storage:copy -- --to s3://BUCKET?endpoint=…&region=…&forcePathStyle=true [--from DIR]`
 *
 * Copies the files of a local UPLOAD_DIR (`photos/` and `documents/`, never `.tmp/`) into a bucket,
 * under the same keys, so that STORAGE_URL can then name the bucket. Resumable: an object already
 * there with the same size is skipped. Each copy is streamed (bounded memory) and its size checked
 * in the bucket afterwards. Prints a summary; exits 1 on any mismatch or failure (or a bucket that
 * does not answer), 2 on bad arguments (no --to, a bad URL, a --from that is not a folder).
 * Credentials come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; DIR defaults to UPLOAD_DIR.
 */
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { HeadObjectCommand } from '@aws-sdk/client-s3'
import { ConfigError, parseStorageUrl, projectRoot } from '../src/config.js'
import { maskCredentials } from '../src/logging.js'
import { s3Storage, type BucketLocation, type S3Storage } from '../src/storage/s3.js'
import { isStorageKey, NAMESPACES } from '../src/storage/storage.js'

export interface CopySummary {
  copied: number
  copiedBytes: number
  /** Already in the bucket with the same size. */
  present: number
  /** Entries under photos/ or documents/ that are not a file the portal stores (left alone). */
  ignored: string[]
  /** Copied, but the bucket reports another size. */
  mismatched: string[]
  failed: Array<{ key: string; error: string }>
  ok: boolean
}

interface LocalFile {
  key: string
  path: string
  size: number
}

/** The stored files under `from`: photos/ and documents/ only, each named as `newKey` names them. */
async function localFiles(from: string, ignored: string[]): Promise<LocalFile[]> {
  const files: LocalFile[] = []
  for (const namespace of NAMESPACES) {
    const folder = join(from, namespace)
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
    for (const entry of entries) {
      const key = `${namespace}/${entry.name}`
      if (!entry.isFile() || !isStorageKey(key)) {
        ignored.push(key)
        continue
      }
      files.push({ key, path: join(folder, entry.name), size: (await stat(join(folder, entry.name))).size })
    }
  }
  return files.sort((a, b) => a.key.localeCompare(b.key))
}

/** The object's size in the bucket, or undefined when there is none. */
async function remoteSize(storage: S3Storage, key: string): Promise<number | undefined> {
  try {
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }))
    return head.ContentLength
  } catch (error) {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
    if (name === 'NotFound' || name === 'NoSuchKey' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket')) return undefined
    throw error
  }
}

/** Copies `from` into the bucket `storage` writes to, `concurrency` files at a time. */
export async function copyToBucket(from: string, storage: S3Storage, { concurrency = 4, progress = (_line: string) => {} } = {}): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, copiedBytes: 0, present: 0, ignored: [], mismatched: [], failed: [], ok: false }
  const files = await localFiles(from, summary.ignored)
  let next = 0
  async function worker() {
    for (let file = files[next++]; file; file = files[next++]) {
      try {
        if ((await remoteSize(storage, file.key)) === file.size) {
          summary.present++
          continue
        }
        await storage.write(file.key, createReadStream(file.path))
        const copied = await remoteSize(storage, file.key)
        if (copied !== file.size) {
          summary.mismatched.push(`${file.key} (${file.size} bytes here, ${copied ?? 'none'} in the bucket)`)
          continue
        }
        summary.copied++
        summary.copiedBytes += file.size
        progress(`copied ${file.key} (${file.size} bytes)`)
      } catch (error) {
        summary.failed.push({ key: file.key, error: maskCredentials((error as Error).message.split('\n')[0] ?? String(error)) })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
  summary.ok = summary.mismatched.length === 0 && summary.failed.length === 0
  return summary
}

export function describeSummary(from: string, bucket: string, summary: CopySummary): string {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
  const lines = [
    `storage:copy ${from} → s3://${bucket}`,
    `  copied:     ${summary.copied} file(s), ${mib(summary.copiedBytes)} MiB`,
    `  present:    ${summary.present} file(s) already in the bucket with the same size`,
    `  mismatched: ${summary.mismatched.length}${summary.mismatched.map((m) => `\n    ${m}`).join('')}`,
    `  failed:     ${summary.failed.length}${summary.failed.map((f) => `\n    ${f.key}: ${f.error}`).join('')}`,
  ]
  if (summary.ignored.length) lines.push(`  ignored:    ${summary.ignored.length} (not a file the portal stores): ${summary.ignored.slice(0, 10).join(', ')}${summary.ignored.length > 10 ? ', …' : ''}`)
  lines.push(summary.ok ? 'Done: every file is in the bucket with its size.' : 'NOT done: run it again once the cause is fixed (files already copied are skipped).')
  return lines.join('\n')
}

async function main(): Promise<number> {
  let to: string | undefined
  let from: string
  let location: BucketLocation
  try {
    const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } })
    if (!values.to) throw new ConfigError('Invalid arguments: --to s3://BUCKET?endpoint=…&region=…&forcePathStyle=true is required')
    to = values.to
    from = resolve(values.from ?? resolve(projectRoot, process.env.UPLOAD_DIR || 'uploads'))
    const storage = parseStorageUrl(to, process.env)
    if (storage.kind !== 's3') throw new ConfigError('Invalid STORAGE_URL: --to must name a bucket (s3://…)')
    location = storage
  } catch (error) {
    process.stderr.write(`${maskCredentials((error as Error).message)}\n`)
    return 2
  }
  if (!(await stat(from).then((s) => s.isDirectory(), () => false))) {
    process.stderr.write(`Invalid --from: ${from} is not a folder (UPLOAD_DIR or --from DIR)\n`)
    return 2
  }
  const storage = s3Storage(location, { log: { warn: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`) } })
  try {
    if (!(await storage.ping())) {
      process.stderr.write(`storage:copy failed: the bucket ${location.bucket} does not answer (HeadBucket: missing, refused or unreachable)\n`)
      return 1
    }
    const summary = await copyToBucket(from, storage, { progress: (line) => process.stdout.write(`${line}\n`) })
    process.stdout.write(`${describeSummary(from, location.bucket, summary)}\n`)
    return summary.ok ? 0 : 1
  } catch (error) {
    process.stderr.write(`storage:copy failed: ${maskCredentials((error as Error).message)}\n`)
    return 1
  } finally {
    storage.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main()
}
