import { checkLogin, formWords } from '../../src/modules/identity/validation.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { Field } from '../components/Field.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { PasswordField } from '../components/PasswordField.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'

/**
 * Login (spec §2, §4): success goes home; any message in the answer is an error (spec §8), shown in
 * the form as the page answered again shows it: under its field, in the summary (an alert), until the
 * next submit (issue 17). Before hydration, or without JavaScript, the form posts to /login itself (contract §8).
 */
export default function LoginForm({ form: answered }: FormProps) {
  const words = useWords(pageWords)
  const hydrated = useHydrated()
  // Spec §5, §8: a refusal is an error toast (it stays until dismissed); issue 17: and under its field.
  const { form, attempt, busy, submit } = useCheckedSubmit(answered, checkLogin, async (checked) => {
    const result = await api<{ id?: number; message?: string; twoFactorRequired?: boolean }>('/api/auth/login', { body: checked })
    if (result.ok && result.data.twoFactorRequired) {
      window.location.assign('/login/2fa')
      return 'leaving'
    }
    if (result.ok && result.data.message === undefined) {
      // Home, or the protected address that sent the visitor here (kept by the server).
      window.location.assign('/login/continue')
      return 'leaving'
    }
    // The server names the field a refusal belongs to (a wrong pair: the password); none, the form's.
    if (!result.ok) return refused(result)
    return [{ message: result.data.message ?? '' }]
  }, formWords)

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action="/login" onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
      <Field label={words.email} name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} defaultValue={answered?.values.email} error={errorOf(form, 'email')} />
      <PasswordField label={words.password} name="password" autoComplete="current-password" error={errorOf(form, 'password')} />
      <p className="auth-aside">
        <a href="/forget-password">{words.forgotLink}</a>
      </p>
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? words.loggingIn : words.login}
      </button>
      <p className="auth-switch">
        {words.noAccount} <a href="/registration">{words.createAccount}</a>
      </p>
    </form>
  )
}
