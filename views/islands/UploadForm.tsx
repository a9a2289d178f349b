import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ACCEPT_ATTRIBUTE, acceptedExtension, checkUpload, DESCRIPTION_MAX, messages } from '../../src/modules/documents/validation.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { showToast } from '../client/toast.js'
import { describedBy, ErrorSummary, FieldError } from '../components/FormErrors.js'
import { useHydrated } from '../components/useHydrated.js'
import { DropZone } from './upload/DropZone.js'
import { FileList } from './upload/FileList.js'
import { multipartBody } from './upload/send-file.js'
import { useUploadQueue } from './upload/useUploadQueue.js'
import { uploadWords } from './upload/words.js'
import { useWords } from '../runtime/words.js'

export interface UploadFormProps extends FormProps {
  userId: number
  /** The type names to choose from (GET /api/documents/types, read by the page). */
  types: string[]
  maxBytes: number
  /** Answering a document request: sent with each file as the multipart field `requestId` (contract §7). */
  requestId?: number
  /** The request's type: shown as text instead of the select, and sent as each file's `type`. */
  fixedType?: { id: number; typeName: string }
}

/**
 * Upload page form (spec §2, §5; issue 16): several files chosen or dropped, listed with their own
 * progress, cancel and error, then sent one after another, one request per file, each checked by the
 * server as before. The browser refuses at once what the server would (extension, MAX_UPLOAD_MB).
 * The form's own checks come first, as toasts in the §5 order. When every listed file is sent, the
 * form goes home, as the specification's did (back to Mon espace when it answers a request, to see it
 * received); otherwise it stays, with a summary announced. Before hydration, or without JavaScript, it
 * is a plain form of one file posted to /files (contract §8), answered again with `form`: what was
 * typed and each error under its field.
 */
export default function UploadForm({ userId, types, maxBytes, requestId, fixedType, form }: UploadFormProps) {
  const words = useWords(uploadWords)
  const hydrated = useHydrated()
  const ids = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10
  const queue = useUploadQueue((file) => (!acceptedExtension(file.name) ? messages.extensionRefused : file.size > maxBytes ? messages.tooLarge(maxMb) : null))
  const [announcement, setAnnouncement] = useState('')
  const type = describedBy(`${ids}-type`, false, errorOf(form, 'type'))
  const description = describedBy(`${ids}-description`, true, errorOf(form, 'description'))
  const file = describedBy(`${ids}-file`, true, errorOf(form, 'file'))

  function choose(files: FileList | null) {
    if (!files || files.length === 0) return
    const { added, refused } = queue.add(files)
    setAnnouncement(words.added(added, refused))
  }

  useEffect(() => {
    // A file chosen before the script took over joins the list, as one chosen now would.
    const input = fileInput.current
    if (input?.files && input.files.length > 0) {
      choose(input.files)
      input.value = ''
    }
  }, [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (queue.busy) return
    const data = new FormData(event.currentTarget)
    const hasFile = queue.items.some((item) => item.state === 'ready')
    const checked = checkUpload({ type: fixedType ? fixedType.typeName : data.get('type'), description: data.get('description') }, hasFile)
    if (!checked.ok) return showToast('error', checked.message)
    setAnnouncement('')
    const fields = { type: checked.value.typeName, userId, description: checked.value.description, requestId }
    const summary = await queue.send('/api/documents/upload', (file) => multipartBody(file, fields))
    if (summary.failed === 0 && summary.cancelled === 0 && summary.sent > 0) return window.location.assign(requestId ? '/files' : '/')
    setAnnouncement(words.summary(summary.sent, summary.failed, summary.cancelled))
  }

  const busy = queue.busy
  return (
    // noValidate: the shared checks run first so the §5 toasts show in order. The action keeps the
    // form in view when the page answers it again (#envoi); a request's id travels as a field.
    <form className="upload-form" data-hydrated={hydrated || undefined} method="post" action="/files#envoi" encType="multipart/form-data" noValidate onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} />
      {requestId !== undefined && <input type="hidden" name="requestId" value={requestId} />}
      {fixedType ? (
        <p className="upload-fixed-type">
          {`${words.typeLabel} : `}
          <strong>{fixedType.typeName}</strong>
        </p>
      ) : (
        <div className="field">
          <label htmlFor={`${ids}-type`}>{words.typeLabel}</label>
          <select id={`${ids}-type`} name="type" defaultValue={form?.values.type ?? ''} disabled={busy} aria-invalid={type.errorId ? true : undefined} aria-describedby={type.describedBy}>
            <option value="">{words.typePlaceholder}</option>
            {types.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={type.errorId} message={errorOf(form, 'type')} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${ids}-description`}>{words.descriptionLabel}</label>
        <textarea
          id={`${ids}-description`}
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          defaultValue={form?.values.description}
          disabled={busy}
          aria-invalid={description.errorId ? true : undefined}
          aria-describedby={description.describedBy}
        />
        <p className="field-hint" id={`${ids}-description-hint`}>
          {words.descriptionHint}
        </p>
        <FieldError id={description.errorId} message={errorOf(form, 'description')} />
      </div>
      <DropZone disabled={busy} onFiles={choose}>
        <div className="field">
          {/* Several files once the script runs; the form posted without it takes one. */}
          <label htmlFor={`${ids}-file`}>{hydrated ? words.filesLabel : words.fileLabel}</label>
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            name="file"
            multiple={hydrated}
            accept={ACCEPT_ATTRIBUTE}
            disabled={busy}
            aria-invalid={file.errorId ? true : undefined}
            aria-describedby={file.describedBy}
            onChange={(event) => {
              choose(event.currentTarget.files)
              // The list keeps them: the input is emptied so that the same file can be chosen again.
              event.currentTarget.value = ''
            }}
          />
          <p className="field-hint" id={`${ids}-file-hint`}>
            {words.filesHint(Math.round(maxBytes / 1024 / 1024))}
            {hydrated && ` ${words.dropHint}`}
          </p>
          <FieldError id={file.errorId} message={errorOf(form, 'file')} />
        </div>
      </DropZone>
      <FileList items={queue.items} onCancel={queue.cancel} onRemove={queue.remove} onRetry={queue.retry} />
      <p className="upload-summary" role="status">
        {announcement}
      </p>
      <button type="submit" className="button button-primary upload-submit" disabled={busy}>
        {busy ? words.submitting : words.submit}
      </button>
    </form>
  )
}
