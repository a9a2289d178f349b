import { useEffect, useRef, useState } from 'react'
import { sendFile } from './send-file.js'

/**
 * A chosen file's life: `ready` until the form is sent, `refused` when the browser's own check
 * failed (never sent); then `waiting`, `sending`, and `sent`, `failed` (the server's message) or `cancelled`.
 */
export type FileState = 'ready' | 'refused' | 'waiting' | 'sending' | 'sent' | 'failed' | 'cancelled'

export interface QueuedFile {
  key: number
  file: File
  state: FileState
  /** The fraction of its request sent, 0 to 1. */
  progress: number
  /** Why it was refused or failed, in French; it stays on the row. */
  error?: string
}

export interface QueueSummary {
  sent: number
  /** Refused by the browser's check or by the server. */
  failed: number
  cancelled: number
}

export interface UploadQueue {
  items: QueuedFile[]
  busy: boolean
  /** Adds files to the list, each checked by `refusal`; answers how many were added and refused. */
  add(files: Iterable<File>): { added: number; refused: number }
  /** Takes a file that is not under way off the list. */
  remove(key: number): void
  /** Puts a failed or cancelled file back to `ready`, its error cleared: the next send takes it. */
  retry(key: number): void
  /** Cancels a waiting file (it will not be sent) or aborts the one being sent. */
  cancel(key: number): void
  /** Sends every `ready` file one after another, each with the body `bodyOf` makes; one's failure does not stop the others. */
  send(url: string, bodyOf: (file: File) => FormData): Promise<QueueSummary>
}

export function summarise(items: QueuedFile[]): QueueSummary {
  const count = (...states: FileState[]) => items.filter((item) => states.includes(item.state)).length
  return { sent: count('sent'), failed: count('failed', 'refused'), cancelled: count('cancelled') }
}

/**
 * The list of chosen files and their sequential sending, shared by the upload forms. The list lives in
 * a ref as well as in state, so the sending loop always reads what a cancel just changed.
 */
export function useUploadQueue(refusal: (file: File) => string | null): UploadQueue {
  const [items, setItems] = useState<QueuedFile[]>([])
  const [busy, setBusy] = useState(false)
  const current = useRef<QueuedFile[]>([])
  const nextKey = useRef(0)
  const sending = useRef<{ key: number; abort(): void } | null>(null)
  useEffect(() => () => sending.current?.abort(), [])

  const commit = (next: QueuedFile[]) => {
    current.current = next
    setItems(next)
  }
  const patch = (key: number, change: Partial<QueuedFile>) => commit(current.current.map((item) => (item.key === key ? { ...item, ...change } : item)))

  return {
    items,
    busy,
    add(files) {
      const added = Array.from(files, (file): QueuedFile => {
        const error = refusal(file)
        return { key: nextKey.current++, file, state: error ? 'refused' : 'ready', progress: 0, error: error ?? undefined }
      })
      commit([...current.current, ...added])
      return { added: added.length, refused: added.filter((item) => item.state === 'refused').length }
    },
    remove(key) {
      commit(current.current.filter((item) => item.key !== key || item.state === 'waiting' || item.state === 'sending'))
    },
    retry(key) {
      if (current.current.some((item) => item.key === key && (item.state === 'failed' || item.state === 'cancelled'))) patch(key, { state: 'ready', progress: 0, error: undefined })
    },
    cancel(key) {
      if (sending.current?.key === key) sending.current.abort()
      else if (current.current.some((item) => item.key === key && item.state === 'waiting')) patch(key, { state: 'cancelled' })
    },
    async send(url, bodyOf) {
      const batch = current.current.filter((item) => item.state === 'ready').map((item) => item.key)
      commit(current.current.map((item) => (batch.includes(item.key) ? { ...item, state: 'waiting' } : item)))
      setBusy(true)
      for (const key of batch) {
        const item = current.current.find((candidate) => candidate.key === key)
        if (item?.state !== 'waiting') continue
        patch(key, { state: 'sending', progress: 0 })
        const request = sendFile(url, bodyOf(item.file), (progress) => patch(key, { progress }))
        sending.current = { key, abort: request.abort }
        const outcome = await request.done
        sending.current = null
        if (outcome.state === 'sent') patch(key, { state: 'sent', progress: 1 })
        else if (outcome.state === 'failed') patch(key, { state: 'failed', error: outcome.message })
        else patch(key, { state: 'cancelled' })
      }
      setBusy(false)
      return summarise(current.current)
    },
  }
}
