import { checkLogin } from '../../src/modules/identity/validation.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { Field } from '../components/Field.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { PasswordField } from '../components/PasswordField.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'

/**
 * Login (spec §2, §4): success goes home; any message in the answer is an error (spec §8), shown in
 * the form as the page answered again shows it: under its field, in the summary (an alert), until the
 * next submit (issue 17). Before hydration, or without JavaScript, the form posts to /login itself (contract §8).
 */
export default function LoginForm({ form: answered }: FormProps) {
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
  })

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action="/login" onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
      <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} defaultValue={answered?.values.email} error={errorOf(form, 'email')} />
      <PasswordField label="Mot de passe" name="password" autoComplete="current-password" error={errorOf(form, 'password')} />
      <p className="auth-aside">
        <a href="/forget-password">Mot de passe oublié ?</a>
      </p>
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? 'Connexion…' : 'Se connecter'}
      </button>
      <p className="auth-switch">
        Pas encore de compte ? <a href="/registration">Créer un compte</a>
      </p>
    </form>
  )
}
