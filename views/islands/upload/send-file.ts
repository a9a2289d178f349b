import { unexpected } from '../../client/api.js'
import { documentLanguage } from '../../../src/render/language.js'
import { wordsOf } from '../../../src/shared/words.js'
import { uploadWords } from './words.js'

/** How one file's request ended: the server's JSON on 2xx, its French message otherwise, or cancelled. */
export type SendOutcome = { state: 'sent'; body: unknown } | { state: 'failed'; status: number; message: string } | { state: 'cancelled' }

export interface Sending {
  done: Promise<SendOutcome>
  abort(): void
}

/** The answer's French message, or the generic one (spec §8). */
function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown }
    return typeof body.message === 'string' ? body.message : unexpected()
  } catch {
    return unexpected()
  }
}

/**
 * One file's multipart body: the file first, as the specification's client sends it (the server takes
 * any order), then each field that has a value.
 */
export function multipartBody(file: File, fields: Record<string, string | number | undefined>): FormData {
  const body = new FormData()
  body.append('file', file)
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value))
  return body
}

/**
 * POSTs one multipart body with XMLHttpRequest, whose upload events give a real progress (fetch has
 * none) and which can be aborted. `onProgress` receives the fraction of the body sent (0 to 1).
 * Never rejects: every ending is a SendOutcome.
 */
export function sendFile(url: string, body: FormData, onProgress: (fraction: number) => void): Sending {
  const xhr = new XMLHttpRequest()
  const done = new Promise<SendOutcome>((resolve) => {
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total))
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        let answer: unknown = null
        try {
          answer = JSON.parse(xhr.responseText)
        } catch {
          // a 2xx without JSON is still a success
        }
        resolve({ state: 'sent', body: answer })
      } else resolve({ state: 'failed', status: xhr.status, message: messageOf(xhr) })
    }
    xhr.onerror = () => resolve({ state: 'failed', status: 0, message: wordsOf(uploadWords, documentLanguage()).networkError })
    xhr.onabort = () => resolve({ state: 'cancelled' })
  })
  xhr.open('POST', url)
  xhr.setRequestHeader('accept', 'application/json')
  xhr.send(body)
  return { done, abort: () => xhr.abort() }
}
