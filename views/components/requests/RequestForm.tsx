import { useId, useState, type FormEvent } from 'react'
import type { RequestView } from '../../../src/modules/requests/index.js'
import { messages, NOTE_MAX, pageTexts, TITLE_MAX } from '../../../src/modules/requests/texts.js'
import { checkNewRequest } from '../../../src/modules/requests/validation.js'
import type { Wire } from '../../../src/shared/wire.js'
import { api } from '../../client/api.js'
import { showToast } from '../../client/toast.js'
import { useHydrated } from '../useHydrated.js'
import { personLabel } from '../Person.js'

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
}

/** « Demander un document »: the shared checks in the form's order, then POST /api/requests. */
export function RequestForm({ userId, clients = [], types, today, onCreated, level = 3 }: RequestFormProps) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const hydrated = useHydrated()
  const id = useId()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = Object.fromEntries(new FormData(form))
    const checked = checkNewRequest(userId === null ? data : { ...data, userId }, today)
    if (!checked.ok) return showToast('error', checked.message)
    setBusy(true)
    const result = await api<Wire<RequestView>>('/api/requests', { body: checked.value })
    setBusy(false)
    if (!result.ok) return showToast('error', result.message)
    showToast('success', messages.created)
    form.reset()
    onCreated(result.data)
  }

  return (
    <form className="request-form" method="post" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="request-form-title">
        {pageTexts.askTitle}
      </Heading>
      <p className="field-hint">{pageTexts.askLead}</p>
      {userId === null && (
        <div className="field">
          <label htmlFor={`${id}-client`}>{pageTexts.clientLabel}</label>
          <select id={`${id}-client`} name="userId" defaultValue="" disabled={busy}>
            <option value="">{pageTexts.clientChoose}</option>
            {clients.map((client) => (
              <option key={client.id} value={client.id}>
                {personLabel(client)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-type`}>{pageTexts.typeLabel}</label>
        <select id={`${id}-type`} name="typeId" defaultValue="" disabled={busy}>
          <option value="">{pageTexts.typeChoose}</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.typeName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-title-input`}>{pageTexts.titleLabel}</label>
        <input id={`${id}-title-input`} name="title" maxLength={TITLE_MAX} disabled={busy} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{pageTexts.noteLabel}</label>
        <textarea id={`${id}-note`} name="note" rows={3} maxLength={NOTE_MAX} disabled={busy} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-due`}>{pageTexts.dueDateLabel}</label>
        <input id={`${id}-due`} type="date" name="dueDate" min={today} disabled={busy} />
      </div>
      <button type="submit" className="button button-primary" disabled={!hydrated || busy}>
        {busy ? pageTexts.sending : pageTexts.submit}
      </button>
    </form>
  )
}
