import { useState, type FormEvent } from 'react'
import { checkDisable } from '../../src/modules/identity/two-factor-validation.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { Field } from '../components/Field.js'
import { PasswordField } from '../components/PasswordField.js'
import { formValues, useHydrated } from '../components/useHydrated.js'
import { ErrorSummary, refusalOf, useToastedFormErrors } from '../components/FormErrors.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { twoFactorFormWords } from '../../src/modules/identity/two-factor-words.js'
import { useWords } from '../runtime/words.js'

/**
 * Turning two-factor off: the password and a current code, then back to the profile. Without
 * JavaScript (contract §8) the form posts to /users/profile/two-factor/disable, answered by a 303 to
 * the profile or this page with the errors in place (`form`); once hydrated (`data-hydrated`), the API.
 */
export default function TwoFactorDisable({ profileUrl, form: answered }: { profileUrl: string; form?: FormState | undefined }) {
  const words = useWords(twoFactorFormWords)
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const errors = useToastedFormErrors(answered)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkDisable(formValues(event.currentTarget))
    if (!checked.ok) return errors.fail(refusalOf(checked))
    errors.clear()
    setBusy(true)
    const result = await api('/api/auth/2fa/disable', { body: checked.value })
    setBusy(false)
    if (!result.ok) {
      // The refusal stays where it belongs (a wrong password, a wrong code: the server names the field).
      return errors.fail([formErrorOf(result)])
    }
    setDone(true)
    showToast('success', result.data.message ?? words.disabled)
  }

  if (done) {
    return (
      <div className="auth-notice" role="status">
        <p>{words.disabledDone}</p>
        <a className="button button-primary" href={profileUrl}>
          {words.back}
        </a>
      </div>
    )
  }
  return (
    <form className="auth-form" method="post" action="/users/profile/two-factor/disable" noValidate onSubmit={hydrated ? submit : undefined} aria-busy={busy} data-hydrated={hydrated || undefined}>
      <ErrorSummary form={errors.form} attempt={errors.attempt} toasted={errors.attempt > 0} />
      <PasswordField label={words.password} name="password" autoComplete="current-password" error={errorOf(errors.form, 'password')} />
      <Field label={words.code} name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={7} error={errorOf(errors.form, 'code')} />
      <button type="submit" className="button button-danger auth-submit" disabled={busy}>
        {busy ? words.disabling : words.disable}
      </button>
    </form>
  )
}
