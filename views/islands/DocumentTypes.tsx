import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { checkNewType, formWords, NEW_TYPE_PAGE, TYPE_NAME_MAX } from '../../src/modules/documents/validation.js'
import { adminListWords } from '../components/admin-lists/words.js'
import { useWords } from '../runtime/words.js'
import { errorOf } from '../../src/shared/form-state.js'
import { api, formErrorOf } from '../client/api.js'
import { fetchList } from '../client/list.js'
import { showToast } from '../client/toast.js'
import { EMPTY_LIST_STATE, type ListState } from '../components/admin-lists/query.js'
import type { AdminRow } from '../components/admin-lists/types.js'
import { Field } from '../components/Field.js'
import { ErrorSummary, refusalOf, useFocusOnRefusal, useToastedFormErrors } from '../components/FormErrors.js'
import { useHydrated } from '../components/useHydrated.js'
import AdminList from './AdminList.js'

export interface DocumentTypesProps {
  items: AdminRow[]
  total: number
  query: ListState
}

/**
 * Document types (spec §2): the shared admin list, with 'Ajouter un type' above and below it
 * opening the 'Créer Nouveau Type' dialog (without JavaScript, a link to its page). After an
 * addition the list starts again from its first page.
 */
export default function DocumentTypes(props: DocumentTypesProps) {
  const words = useWords(adminListWords).types
  const hydrated = useHydrated()
  const [list, setList] = useState({ ...props, version: 0 })
  const [open, setOpen] = useState(false)

  async function added() {
    setOpen(false)
    const result = await fetchList<AdminRow>('/api/documents/types')
    if (result.ok) setList((current) => ({ items: result.items, total: result.total, query: EMPTY_LIST_STATE, version: current.version + 1 }))
  }

  // Without JavaScript (or before hydration) a link to the page of the same form (contract §8).
  const addButton = hydrated ? (
    <button type="button" className="button button-primary document-types-add" onClick={() => setOpen(true)}>
      {words.add}
    </button>
  ) : (
    <a className="button button-primary document-types-add" href={NEW_TYPE_PAGE}>
      {words.add}
    </a>
  )
  return (
    <div className="document-types" data-hydrated={hydrated || undefined}>
      {addButton}
      <AdminList key={list.version} kind="document-types" items={list.items} total={list.total} query={list.query} />
      {addButton}
      <NewTypeDialog open={open} onClose={() => setOpen(false)} onAdded={added} />
    </div>
  )
}

/**
 * The 'Créer Nouveau Type' modal: the shared check, then the API; its toasts are spec §8's, and a
 * refusal (empty, too long, a name taken) stays under the name, which takes the focus, until the next
 * submit or the dialog closes.
 */
function NewTypeDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const words = useWords(adminListWords).types
  const said = useWords(formWords)
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const [busy, setBusy] = useState(false)
  const errors = useToastedFormErrors(undefined)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  useFocusOnRefusal(form, errors.attempt)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const checked = checkNewType({ typeName: new FormData(form).get('typeName') })
    if (!checked.ok) {
      return errors.fail(refusalOf(checked), checked.message)
    }
    errors.clear()
    setBusy(true)
    const result = await api<{ message?: string }>('/api/documents/types', { body: checked.value })
    setBusy(false)
    // Spec §8 shows the success toast regardless; that is a defect: only on success here.
    if (!result.ok) {
      return errors.fail([formErrorOf(result)], `${said.typeAddFailed} : ${result.message}`)
    }
    showToast('success', said.typeAdded)
    form.reset()
    onAdded()
  }

  return (
    <dialog
      ref={dialog}
      className="dialog document-type-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => {
        form.current?.reset()
        errors.clear()
        onClose()
      }}
    >
      <form ref={form} onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="dialog-title">
          {words.newTitle}
        </h2>
        <ErrorSummary form={errors.form} several={false} fields={['typeName']} attempt={errors.attempt} />
        <Field label={words.typeName} name="typeName" type="text" maxLength={TYPE_NAME_MAX} autoComplete="off" error={errorOf(errors.form, 'typeName')} />
        <div className="dialog-actions document-type-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {words.cancel}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {words.create}
          </button>
        </div>
      </form>
    </dialog>
  )
}
