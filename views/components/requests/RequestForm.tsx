import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { RequestView } from '../../../src/modules/requests/index.js'
import { formWords, NOTE_MAX, pageWords, TITLE_MAX } from '../../../src/modules/requests/texts.js'
import { checkNewRequest } from '../../../src/modules/requests/validation.js'
import { errorOf, type FormState } from '../../../src/shared/form-state.js'
import type { Wire } from '../../../src/shared/wire.js'
import { api } from '../../client/api.js'
import { showToast } from '../../client/toast.js'
import { describedBy, ErrorSummary, FieldError } from '../FormErrors.js'
import { useHydrated } from '../useHydrated.js'
import { personLabel } from '../Person.js'
import { useSaid, useWords } from '../../runtime/words.js'

export interface RequestFormProps {
  /** The client asked (their page), or null: a client chooser over `clients` (the requests list). */
  userId: number | null
  clients?: Array<{ id: number; username: string; entreprise: string }>
  types: Array<{ id: number; typeName: string }>
  /** The firm's day (Algiers time): the due date's minimum. */
  today: string
  onCreated: (request: Wire<RequestView>) => void
  /** The form's heading level in its page (3 under the client page's section, 2 on the list page). */
  level?: 2 | 3
  /** Where it posts without JavaScript (contract §8); absent, to the page itself. */
  action?: string
  /** Posted without JavaScript and refused: what was typed, and each error under its field. */
  form?: FormState | undefined
}

/** A labelled control of the form, its server error under it and tied to it (aria-describedby). */
function Control({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const described = describedBy(id, false, error)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true } : {}), ...(described.describedBy ? { 'aria-describedby': described.describedBy } : {}) })}
      <FieldError id={described.errorId} message={error} />
    </div>
  )
}

/**
 * « Demander un document »: the shared checks in the form's order, then POST /api/requests. Without
 * JavaScript (or before hydration) a plain post to `action`, answered again with `form` when refused.
 */
export function RequestForm({ userId, clients = [], types, today, onCreated, level = 3, action, form }: RequestFormProps) {
  const said = useSaid(formWords)
  const messages = useWords(formWords)
  const pageTexts = useWords(pageWords)
  const Heading = level === 2 ? 'h2' : 'h3'
  const hydrated = useHydrated()
  const id = useId()
  const [busy, setBusy] = useState(false)
  // The server's answer to a post without JavaScript, until the island sends one itself; a new blank form after each request made.
  const [answered, setAnswered] = useState(form)
  const [version, setVersion] = useState(0)
  const kept = (name: string) => answered?.values[name]
  const error = (name: string) => errorOf(answered, name)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The island answers from here on: the server's errors go (what was typed stays).
    setAnswered((shown) => shown && { values: shown.values, errors: [] })
    const data = Object.fromEntries(new FormData(event.currentTarget))
    const checked = checkNewRequest(userId === null ? data : { ...data, userId }, today)
    if (!checked.ok) return showToast('error', said(checked.message))
    setBusy(true)
    const result = await api<Wire<RequestView>>('/api/requests', { body: checked.value })
    setBusy(false)
    if (!result.ok) return showToast('error', result.message)
    showToast('success', messages.created)
    setAnswered(undefined)
    setVersion((n) => n + 1)
    onCreated(result.data)
  }

  return (
    <form key={version} className="request-form" method="post" action={action} noValidate onSubmit={submit} aria-labelledby={`${id}-title`} data-hydrated={hydrated || undefined}>
      <Heading id={`${id}-title`} className="request-form-title">
        {pageTexts.askTitle}
      </Heading>
      <p className="field-hint">{pageTexts.askLead}</p>
      <ErrorSummary form={answered} />
      {userId === null && (
        <Control id={`${id}-client`} label={pageTexts.clientLabel} error={error('userId')}>
          {(aria) => (
            <select {...aria} name="userId" defaultValue={kept('userId') ?? ''} disabled={busy}>
              <option value="">{pageTexts.clientChoose}</option>
              {clients.map((client) => (
                <option key={client.id} value={client.id}>
                  {personLabel(client)}
                </option>
              ))}
            </select>
          )}
        </Control>
      )}
      <Control id={`${id}-type`} label={pageTexts.typeLabel} error={error('typeId')}>
        {(aria) => (
          <select {...aria} name="typeId" defaultValue={kept('typeId') ?? ''} disabled={busy}>
            <option value="">{pageTexts.typeChoose}</option>
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.typeName}
              </option>
            ))}
          </select>
        )}
      </Control>
      <Control id={`${id}-title-input`} label={pageTexts.titleLabel} error={error('title')}>
        {(aria) => <input {...aria} name="title" maxLength={TITLE_MAX} defaultValue={kept('title')} disabled={busy} />}
      </Control>
      <Control id={`${id}-note`} label={pageTexts.noteLabel} error={error('note')}>
        {(aria) => <textarea {...aria} name="note" rows={3} maxLength={NOTE_MAX} defaultValue={kept('note')} disabled={busy} />}
      </Control>
      <Control id={`${id}-due`} label={pageTexts.dueDateLabel} error={error('dueDate')}>
        {(aria) => <input {...aria} type="date" name="dueDate" min={today} defaultValue={kept('dueDate')} disabled={busy} />}
      </Control>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? pageTexts.sending : pageTexts.submit}
      </button>
    </form>
  )
}
