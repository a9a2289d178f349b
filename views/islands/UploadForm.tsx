import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ACCEPT_ATTRIBUTE, checkUpload, DESCRIPTION_MAX, messages } from '../../src/modules/documents/validation.js'
import { UNEXPECTED } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { useHydrated } from '../components/useHydrated.js'

export interface UploadFormProps {
  userId: number
  /** The type names to choose from (GET /api/documents/types, read by the page). */
  types: string[]
  maxBytes: number
}

type Progress = { loaded: number; total: number }

/** The answer's French message, or the generic one (spec §8). */
function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown }
    return typeof body.message === 'string' ? body.message : UNEXPECTED
  } catch {
    return UNEXPECTED
  }
}

/**
 * Upload page form (spec §2, §5): the shared checks in order, then the file is sent with
 * XMLHttpRequest, whose upload events give a real progress bar (fetch has none) and which the
 * cancel button aborts. Success goes home.
 */
export default function UploadForm({ userId, types, maxBytes }: UploadFormProps) {
  const hydrated = useHydrated()
  const ids = useId()
  const [progress, setProgress] = useState<Progress | null>(null)
  const request = useRef<XMLHttpRequest | null>(null)
  useEffect(() => () => request.current?.abort(), [])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (request.current) return
    const form = event.currentTarget
    const data = new FormData(form)
    const file = data.get('file')
    const chosen = file instanceof File && file.name !== '' ? file : null
    const checked = checkUpload({ type: data.get('type'), description: data.get('description') }, chosen !== null)
    if (!checked.ok) return showToast('error', checked.message)
    if (chosen!.size > maxBytes) return showToast('error', messages.tooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10))

    // The file first, as the specification's client sends it; the server takes any order.
    const body = new FormData()
    body.append('file', chosen!)
    body.append('type', checked.value.typeName)
    body.append('userId', String(userId))
    body.append('description', checked.value.description)

    const xhr = new XMLHttpRequest()
    request.current = xhr
    setProgress({ loaded: 0, total: chosen!.size })
    xhr.upload.onprogress = (e) => setProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : chosen!.size })
    const finish = () => {
      request.current = null
      setProgress(null)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        window.location.assign('/')
        return
      }
      finish()
      showToast('error', messageOf(xhr))
    }
    xhr.onerror = () => {
      finish()
      showToast('error', UNEXPECTED)
    }
    xhr.onabort = () => {
      finish()
      showToast('info', 'Envoi annulé.')
    }
    xhr.open('POST', '/api/documents/upload')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.send(body)
  }

  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0
  const busy = progress !== null

  return (
    // noValidate: the shared checks run first so the §5 toasts show in order.
    <form className="upload-form" method="post" encType="multipart/form-data" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${ids}-type`}>Type de document</label>
        <select id={`${ids}-type`} name="type" defaultValue="" disabled={busy}>
          <option value="">Selecte le type</option>
          {types.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>Description</label>
        <textarea id={`${ids}-description`} name="description" rows={4} maxLength={DESCRIPTION_MAX} disabled={busy} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-file`}>Fichier</label>
        <input id={`${ids}-file`} type="file" name="file" accept={ACCEPT_ATTRIBUTE} disabled={busy} />
        <p className="field-hint">PDF, Word (docx), Excel (xls, xlsx), JPEG ou PNG ; {Math.round(maxBytes / 1024 / 1024)} Mo au maximum.</p>
      </div>
      {progress && (
        <div className="upload-progress">
          {/* Bytes sent over bytes to send: the native bar, a progressbar to assistive technology. */}
          <progress className="upload-progress-bar" aria-label="Progression de l’envoi" value={progress.loaded} max={Math.max(progress.total, 1)} />
          <span className="upload-progress-text" aria-live="polite">
            {percent} %
          </span>
          <button type="button" className="button upload-cancel" onClick={() => request.current?.abort()}>
            Annuler l’envoi
          </button>
        </div>
      )}
      <button type="submit" className="button button-primary upload-submit" disabled={!hydrated || busy}>
        {busy ? 'Envoi…' : 'Envoyez'}
      </button>
    </form>
  )
}
