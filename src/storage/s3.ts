import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { StorageConfig } from '../config.js'
import { loggableError } from '../logging.js'
import { isStorageKey, NAMESPACES, type FileStorage } from './storage.js'

/** Where the bucket is and how to sign: STORAGE_URL's parts (config.ts). */
export type BucketLocation = Omit<Extract<StorageConfig, { kind: 's3' }>, 'kind'>

/** What the driver logs: an abort the bucket refused (the sweep will retry it). */
export interface StorageLog {
  warn(details: object, message: string): void
}

export interface S3StorageOptions {
  /** Bytes buffered per part (S3's least is 5 MiB, except the last part). */
  partSize?: number
  /** Parts sent at once: the memory an upload holds is about (queueSize + 1) × partSize. */
  queueSize?: number
  /** Connections to the bucket per process; each download streaming to a client holds one. */
  maxSockets?: number
  /** GET /healthz gives the bucket this long to answer HeadBucket. */
  pingTimeoutMs?: number
  log?: StorageLog
}

export interface S3Storage extends FileStorage {
  readonly client: S3Client
  readonly bucket: string
  ping(): Promise<boolean>
  sweepUnfinished(before: Date): Promise<number>
  close(): void
}

export const PART_SIZE = 5 * 1024 * 1024
export const QUEUE_SIZE = 2
const MAX_SOCKETS = 256
const PING_TIMEOUT_MS = 3000
const CONNECT_TIMEOUT_MS = 5000
/** Listings are paged generously (s3rver on Node 20 fails a listing that needs a continuation). */
const PAGE = 1000

function checked(key: string): string {
  if (!isStorageKey(key)) throw new Error('invalid storage key')
  return key
}

/** S3's answer for a key that is not there; NoSuchBucket (also a 404) is a misconfiguration, not a missing file. */
function isMissingKey(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || name === 'NotFound' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket')
}

/** The SDK client for a bucket (also used by `npm run storage:copy` and the bench). */
export function bucketClient(location: BucketLocation, extra: Partial<S3ClientConfig> = {}, maxSockets = MAX_SOCKETS): S3Client {
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, httpAgent: { keepAlive: true, maxSockets }, httpsAgent: { keepAlive: true, maxSockets } },
    // AWS S3 checks the SDK's default CRC32 on every part; S3-compatible servers do not all accept
    // those headers (R2 refused them when the SDK began sending them), so elsewhere only what S3 requires.
    ...(location.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    ...extra,
  })
}

/**
 * Files in an S3-compatible bucket (contract §5). A write streams through lib-storage's multipart
 * upload holding at most about (queueSize + 1) parts; a source that fails (content refused, too
 * large, client gone) ends it with AbortMultipartUpload, so nothing appears under the key. A crash
 * mid-upload leaves an unfinished multipart upload that `sweepUnfinished` aborts. Nothing touches
 * the local disk.
 */
export function s3Storage(location: BucketLocation, options: S3StorageOptions = {}): S3Storage {
  const { bucket } = location
  const partSize = options.partSize ?? PART_SIZE
  const queueSize = options.queueSize ?? QUEUE_SIZE
  const client = bucketClient(location, {}, options.maxSockets)
  // The health check asks once and gives up quickly: no retries, its own short deadline.
  const pingClient = bucketClient(location, { maxAttempts: 1 }, 2)

  return {
    client,
    bucket,

    async write(key, source) {
      checked(key)
      let size = 0
      let sourceError: unknown
      // Counts what passes and keeps the source's own error: a refusal must not be reported as the abort's.
      async function* counted() {
        try {
          for await (const chunk of source as AsyncIterable<Buffer>) {
            size += chunk.length
            yield chunk
          }
        } catch (error) {
          sourceError = error
          throw error
        }
      }
      const body = Readable.from(counted(), { objectMode: false })
      const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: body }, partSize, queueSize, leavePartsOnError: false })
      try {
        // done() settles once every part is sent or stopped and, on failure, after the abort was asked for.
        await upload.done()
      } catch (error) {
        // As a pipeline would: whatever failed, the source is not read on.
        body.destroy()
        source.destroy()
        if (sourceError === undefined) throw error
        if (error !== sourceError) {
          options.log?.warn({ err: loggableError(error), key }, 'unfinished upload not aborted; the sweep will abort it')
        }
        throw sourceError
      }
      return { size }
    },

    async read(key) {
      if (!isStorageKey(key)) return undefined
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!(answer.Body instanceof Readable)) throw new Error('the bucket answered a body that is not a stream')
        return { stream: answer.Body, size: answer.ContentLength ?? 0 }
      } catch (error) {
        // Only a key that is not there is missing; a refusing or unreachable bucket is an error (5xx, logged).
        if (isMissingKey(error)) return undefined
        throw error
      }
    },

    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }))
      } catch (error) {
        if (!isMissingKey(error)) throw error
      }
    },

    async ping() {
      try {
        await pingClient.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(options.pingTimeoutMs ?? PING_TIMEOUT_MS) })
        return true
      } catch {
        return false
      }
    },

    async sweepUnfinished(before) {
      let aborted = 0
      for (const namespace of NAMESPACES) {
        let keyMarker: string | undefined
        let uploadIdMarker: string | undefined
        for (;;) {
          const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: `${namespace}/`, MaxUploads: PAGE, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
          for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
            if (!Key || !UploadId || !Initiated || Initiated >= before) continue
            try {
              await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }))
              aborted++
            } catch (error) {
              // Finished or aborted meanwhile (another instance's sweep): nothing left to do.
              if ((error as { name?: string }).name !== 'NoSuchUpload') throw error
            }
          }
          if (!page.IsTruncated || (!page.NextKeyMarker && !page.NextUploadIdMarker)) break
          keyMarker = page.NextKeyMarker
          uploadIdMarker = page.NextUploadIdMarker
        }
      }
      return aborted
    },

    close() {
      client.destroy()
      pingClient.destroy()
    },
  }
}
