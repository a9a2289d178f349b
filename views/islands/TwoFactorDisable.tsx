import { useState, type FormEvent } from 'react'
import { checkDisable } from '../../src/modules/identity/two-factor-validation.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { Field } from '../components/Field.js'
import { PasswordField } from '../components/PasswordField.js'
import { formValues, useHydrated } from '../components/useHydrated.js'

/** Turning two-factor off: the password and a current code, then back to the profile. */
export default function TwoFactorDisable({ profileUrl }: { profileUrl: string }) {
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkDisable(formValues(event.currentTarget))
    if (!checked.ok) return showToast('error', checked.message)
    setBusy(true)
    const result = await api('/api/auth/2fa/disable', { body: checked.value })
    setBusy(false)
    if (!result.ok) return showToast('error', result.message)
    setDone(true)
    showToast('success', result.data.message ?? 'Double authentification désactivée.')
  }

  if (done) {
    return (
      <div className="auth-notice" role="status">
        <p>La double authentification est désactivée. Un e-mail vous le confirme.</p>
        <a className="button button-primary" href={profileUrl}>
          Retour au profil
        </a>
      </div>
    )
  }
  return (
    <form className="auth-form" method="post" onSubmit={submit} aria-busy={busy}>
      <PasswordField label="Mot de passe" name="password" autoComplete="current-password" />
      <Field label="Code à 6 chiffres" name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={7} />
      <button type="submit" className="button button-danger auth-submit" disabled={!hydrated || busy}>
        {busy ? 'Désactivation…' : 'Désactiver'}
      </button>
    </form>
  )
}
