import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { OpenRequestChoice } from '../../src/modules/clients/types.js'
import { ACCEPT_ATTRIBUTE, checkSend, DESCRIPTION_MAX, DOCUMENT_NAME_MAX, formWords } from '../../src/modules/documents/validation.js'
import { sendWords } from '../../src/modules/documents/table-words.js'
import { useWords } from '../runtime/words.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { showToast } from '../client/toast.js'
import { describedBy, ErrorSummary, FieldError } from '../components/FormErrors.js'
import { UploadProgress } from '../components/UploadProgress.js'
import { useFormats } from '../components/When.js'
import type { Formats } from '../../src/shared/formats.js'
import { useHydrated } from '../components/useHydrated.js'
import { multipartBody, sendFile, type Sending } from './upload/send-file.js'

export interface SendDocumentFormProps {
  /** Posted without JavaScript and refused (contract §8): what was typed, and each error under its field. */
  form?: FormState | undefined
  /** The client who receives it. */
  userId: number
  maxBytes: number
  /** The client's open requests, soonest due first: the document may answer one (issue 16). */
  openRequests: OpenRequestChoice[]
}

/** An open request as the select names it: its title, its type and its due date. */
const requestLabel = (r: OpenRequestChoice, formats: Formats, words: (typeof sendWords)['fr']) => words.requestLabel(r.title, r.typeName, formats.day(r.dueDate), r.overdue)

/**
 * « Envoyer un document au client » on the administrators' client page (contract §7): the shared
 * checks, then the file with progress and cancel, as the upload form sends it. Success loads the
 * page again, whose list of sent documents then holds it (and whose flash says it went). Without
 * JavaScript, a plain multipart post to the client's send page, answered again with `form` when refused.
 */
export default function SendDocumentForm({ userId, maxBytes, openRequests, form }: SendDocumentFormProps) {
  const words = useWords(sendWords)
  const said = useWords(formWords)
  const hydrated = useHydrated()
  const ids = useId()
  const formats = useFormats()
  /** The fraction of the file sent while it goes, null otherwise. */
  const [progress, setProgress] = useState<number | null>(null)
  const request = useRef<Sending | null>(null)
  useEffect(() => () => request.current?.abort(), [])
  /** A field's error from the server, tied to it (its hint first, if it has one). */
  const refusal = (field: string, hint = false) => ({ ...describedBy(`${ids}-${field}`, hint, errorOf(form, field)), message: errorOf(form, field) })
  const [file, name, description] = [refusal('file'), refusal('name', true), refusal('description')]

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (request.current) return
    const data = new FormData(event.currentTarget)
    const file = data.get('file')
    const chosen = file instanceof File && file.name !== '' ? file : null
    const checked = checkSend({ name: data.get('name'), description: data.get('description') }, chosen !== null)
    const requestId = String(data.get('requestId') ?? '')
    if (!checked.ok) return showToast('error', checked.message)
    if (chosen!.size > maxBytes) return showToast('error', said.tooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10))

    setProgress(0)
    request.current = sendFile(`/api/documents/send/${userId}`, multipartBody(chosen!, { name: checked.value.name, description: checked.value.description, requestId: requestId || undefined }), setProgress)
    const outcome = await request.current.done
    request.current = null
    // The page again by a GET (a reload of a page a refused post answered would post it again).
    if (outcome.state === 'sent') return window.location.assign(window.location.pathname + window.location.search)
    setProgress(null)
    if (outcome.state === 'failed') showToast('error', outcome.message)
    else showToast('info', words.cancelled)
  }

  const busy = progress !== null
  return (
    // Without JavaScript (or before hydration) a plain multipart post to the client's send page (contract §8).
    <form className="upload-form" method="post" encType="multipart/form-data" action={`/admin-dashboard/clients/${userId}/send`} noValidate onSubmit={submit} aria-busy={busy} data-hydrated={hydrated || undefined}>
      <ErrorSummary form={form} />
      <div className="field">
        <label htmlFor={`${ids}-file`}>{words.file}</label>
        <input id={`${ids}-file`} type="file" name="file" accept={ACCEPT_ATTRIBUTE} disabled={busy} aria-invalid={file.message ? true : undefined} aria-describedby={file.describedBy} />
        <p className="field-hint">{words.fileHint(Math.round(maxBytes / 1024 / 1024))}</p>
        <FieldError id={file.errorId} message={file.message} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-name`}>{words.name}</label>
        <input id={`${ids}-name`} type="text" name="name" maxLength={DOCUMENT_NAME_MAX} disabled={busy} defaultValue={form?.values.name} aria-invalid={name.message ? true : undefined} aria-describedby={name.describedBy} />
        <p className="field-hint" id={`${ids}-name-hint`}>
          {words.nameHint}
        </p>
        <FieldError id={name.errorId} message={name.message} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>{words.description}</label>
        <textarea id={`${ids}-description`} name="description" rows={3} maxLength={DESCRIPTION_MAX} disabled={busy} defaultValue={form?.values.description} aria-invalid={description.message ? true : undefined} aria-describedby={description.describedBy} />
        <FieldError id={description.errorId} message={description.message} />
      </div>
      {openRequests.length > 0 && (
        <div className="field">
          <label htmlFor={`${ids}-request`}>{words.answers}</label>
          <select id={`${ids}-request`} name="requestId" defaultValue={form?.values.requestId ?? ''} disabled={busy} aria-describedby={`${ids}-request-hint`}>
            <option value="">{words.noRequest}</option>
            {openRequests.map((r) => (
              <option key={r.id} value={r.id}>
                {requestLabel(r, formats, words)}
              </option>
            ))}
          </select>
          <p className="field-hint" id={`${ids}-request-hint`}>
            {words.answersHint}
          </p>
        </div>
      )}
      {progress !== null && <UploadProgress fraction={progress} onCancel={() => request.current?.abort()} />}
      <button type="submit" className="button button-primary upload-submit" disabled={busy}>
        {busy ? words.sending : words.send}
      </button>
    </form>
  )
}
