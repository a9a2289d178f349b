import { useState, type FormEvent } from 'react'
import type { ResetPageProps } from '../../src/modules/identity/views.js'
import { checkReset, messages } from '../../src/modules/identity/validation.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { ErrorSummary, refusalOf, useToastedFormErrors } from '../components/FormErrors.js'
import { PasswordField } from '../components/PasswordField.js'
import { formValues, useHydrated } from '../components/useHydrated.js'

/** Long enough to read the success toast before the login page replaces this one. */
const REDIRECT_DELAY_MS = 1200

/**
 * Reset page (spec §2, §4): the new-password form, or 'Lien Invalide !'. The server checked the
 * link before rendering the page, so the form shows (and posts to the page) without JavaScript.
 */
export default function ResetPasswordForm({ userId, token, wellFormed, usable, form }: ResetPageProps) {
  if (!wellFormed || !usable) return <InvalidLink />
  return <NewPasswordForm userId={userId} token={token} form={form} />
}

function InvalidLink() {
  return (
    <AuthNotice tone="error" title="Lien Invalide !" href="/forget-password" action="Réessayer">
      Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.
    </AuthNotice>
  )
}

/** The new password: a refusal, the check's or the server's, stays under its field until the next submit. */
function NewPasswordForm({ userId, token, form: answered }: { userId: string; token: string; form: FormState | undefined }) {
  const hydrated = useHydrated()
  const { form, attempt, fail, clear } = useToastedFormErrors(answered)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = formValues(event.currentTarget)
    const checked = checkReset(values)
    if (!checked.ok) return fail(refusalOf(checked))
    clear()
    setBusy(true)
    const result = await api(`/api/password/reset/${encodeURIComponent(token)}`, { body: { newPassword: checked.value.password, confirmPassword: values.confirmPassword } })
    if (!result.ok) {
      setBusy(false)
      return fail([formErrorOf(result)])
    }
    showToast('success', result.data.message ?? 'Votre mot de passe a été réinitialisé.')
    window.setTimeout(() => window.location.assign('/login'), REDIRECT_DELAY_MS)
  }

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action={`/reset-password/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`} onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
      <PasswordField label="Nouveau mot de passe" name="newPassword" autoComplete="new-password" hint={messages.passwordPolicy} error={errorOf(form, 'newPassword')} />
      <PasswordField label="Confirmer le mot de passe" name="confirmPassword" autoComplete="new-password" error={errorOf(form, 'confirmPassword')} />
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? 'Enregistrement…' : 'Réinitialiser'}
      </button>
    </form>
  )
}
