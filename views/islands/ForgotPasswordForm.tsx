import { useState } from 'react'
import { checkForgot, formWords } from '../../src/modules/identity/validation.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { Field } from '../components/Field.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'

/**
 * Asks for a reset e-mail; the server answers the same message whether the address is known or not.
 * A refusal (the check's or the server's, e.g. too many requests) stays under the address and in the
 * summary until the next submit, as on the page answered again without JavaScript.
 */
export default function ForgotPasswordForm({ form: answered }: FormProps) {
  const words = useWords(pageWords)
  const hydrated = useHydrated()
  const [sent, setSent] = useState('')
  const { form, attempt, busy, submit } = useCheckedSubmit(answered, checkForgot, async (checked, _values, element) => {
    const result = await api('/api/password', { body: checked })
    if (!result.ok) return refused(result)
    const message = result.data.message ?? words.forgotDefault
    element.reset()
    setSent(message)
    showToast('success', message)
  }, formWords)

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action="/forget-password" onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} several={false} attempt={attempt} toasted={attempt > 0} />
      <Field label={words.email} name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} defaultValue={answered?.values.email} error={errorOf(form, 'email')} />
      <div className="form-status" role="status" aria-live="polite">
        {sent && <p className="form-notice form-notice-success">{sent}</p>}
      </div>
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? words.sending : words.sendLink}
      </button>
      <p className="auth-switch">
        <a href="/login">{words.backToLogin}</a>
      </p>
    </form>
  )
}
