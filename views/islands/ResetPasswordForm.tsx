import { useState, type FormEvent } from 'react'
import { checkReset, messages } from '../../src/modules/identity/validation.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { PasswordField } from '../components/PasswordField.js'
import { Spinner } from '../components/Spinner.js'
import { formValues } from '../components/useHydrated.js'
import { useLinkCheck } from '../components/useLinkCheck.js'

/** Long enough to read the success toast before the login page replaces this one. */
const REDIRECT_DELAY_MS = 1200

/** Reset page (spec §2, §4): checking, then the new-password form or 'Lien Invalide !'. */
export default function ResetPasswordForm({ userId, token, wellFormed }: { userId: string; token: string; wellFormed: boolean }) {
  const check = useLinkCheck(`/api/password/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`, wellFormed)
  if (check === 'checking') return <Spinner label="Vérification du lien…" />
  if (check === 'malformed' || !check.ok) return <InvalidLink />
  return <NewPasswordForm token={token} />
}

function InvalidLink() {
  return (
    <AuthNotice tone="error" title="Lien Invalide !" href="/forget-password" action="Réessayer">
      Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.
    </AuthNotice>
  )
}

function NewPasswordForm({ token }: { token: string }) {
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = formValues(event.currentTarget)
    const checked = checkReset(values)
    if (!checked.ok) return showToast('error', checked.message)
    setBusy(true)
    const result = await api(`/api/password/reset/${encodeURIComponent(token)}`, { body: { newPassword: checked.value.password, confirmPassword: values.confirmPassword } })
    if (!result.ok) {
      setBusy(false)
      return showToast('error', result.message)
    }
    showToast('success', result.data.message ?? 'Votre mot de passe a été réinitialisé.')
    window.setTimeout(() => window.location.assign('/login'), REDIRECT_DELAY_MS)
  }

  return (
    <form className="auth-form" method="post" onSubmit={submit} aria-busy={busy}>
      <PasswordField label="Nouveau mot de passe" name="newPassword" autoComplete="new-password" hint={messages.passwordPolicy} />
      <PasswordField label="Confirmer le mot de passe" name="confirmPassword" autoComplete="new-password" />
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? 'Enregistrement…' : 'Réinitialiser'}
      </button>
    </form>
  )
}
