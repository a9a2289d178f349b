import { useId, useRef, useState, type FormEvent } from 'react'
import { checkChangePassword, formWords } from '../../src/modules/identity/validation.js'
import { CHANGE_PASSWORD_PAGE, errorOf } from '../../src/shared/form-state.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ErrorSummary, refusalOf, useFocusOnRefusal, useToastedFormErrors } from '../components/FormErrors.js'
import { PasswordField } from '../components/PasswordField.js'
import { formValues, useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'

/**
 * The owner's change-password button and its modal (native <dialog>: focus kept inside, Escape
 * closes, focus back on the button). Checks in spec §5 order, then POST /api/password/changepassword/:userId.
 * The reason of a refusal stays in the dialog under its field (a wrong old password, a common new
 * one) until the next submit, and the first field refused takes the focus, so a screen reader reads
 * it with its error; the toast says what spec §8 says.
 */
export default function ChangePasswordDialog({ userId }: { userId: number }) {
  const id = useId()
  const words = useWords(pageWords)
  const hydrated = useHydrated()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLAnchorElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const [busy, setBusy] = useState(false)
  const errors = useToastedFormErrors(undefined)

  useFocusOnRefusal(form, errors.attempt)

  function open() {
    errors.clear()
    dialog.current?.showModal()
  }

  function close() {
    dialog.current?.close()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkChangePassword(formValues(event.currentTarget))
    if (!checked.ok) {
      return errors.fail(refusalOf(checked), checked.message)
    }
    errors.clear()
    setBusy(true)
    const result = await api(`/api/password/changepassword/${userId}`, { body: checked.value })
    setBusy(false)
    if (!result.ok) {
      // Spec §8: what a failed change says, whatever the reason (the reason is shown in the dialog).
      return errors.fail([formErrorOf(result)], words.changeFailed)
    }
    close()
    showToast('success', result.data.message ?? words.changedDefault)
  }

  return (
    <>
      {/* A link to the page of the same form until the island takes over; then it opens the dialog. */}
      <a
        ref={opener}
        href={CHANGE_PASSWORD_PAGE}
        role={hydrated ? 'button' : undefined}
        className="button button-secondary"
        data-hydrated={hydrated || undefined}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onClick={(event) => {
          event.preventDefault()
          open()
        }}
        onKeyDown={(event) => {
          // A button opens on Space too.
          if (event.key !== ' ') return
          event.preventDefault()
          open()
        }}
      >
        {words.changePassword}
      </a>
      <dialog
        ref={dialog}
        className="dialog profile-dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => {
          // Typed passwords never outlive the dialog.
          form.current?.reset()
          errors.clear()
          opener.current?.focus()
        }}
      >
        <h2 id={`${id}-title`} className="dialog-title">
          {words.changePassword}
        </h2>
        <form ref={form} className="profile-dialog-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
          <ErrorSummary form={errors.form} several={false} fields={['oldPassword', 'newPassword']} attempt={errors.attempt} />
          <PasswordField label={words.oldPassword} name="oldPassword" autoComplete="current-password" error={errorOf(errors.form, 'oldPassword')} />
          <PasswordField label={words.newPassword} name="newPassword" autoComplete="new-password" hint={useWords(formWords).passwordPolicy} error={errorOf(errors.form, 'newPassword')} />
          <div className="dialog-actions profile-dialog-actions">
            <button type="button" className="button button-secondary" onClick={close}>
              {words.cancel}
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? words.saving : words.save}
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}
