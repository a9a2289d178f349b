import { useState, type FormEvent } from 'react'
import { checkEnable } from '../../src/modules/identity/two-factor-validation.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { Field } from '../components/Field.js'
import { PasswordField } from '../components/PasswordField.js'
import { useFormats } from '../components/When.js'
import { formValues, useHydrated } from '../components/useHydrated.js'
import { ErrorSummary, refusalOf, useToastedFormErrors } from '../components/FormErrors.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'

/**
 * Confirms the secret shown on the page with the password and a code (issue 34: as turning it off asks), then shows the recovery codes once, with a
 * download. Without JavaScript (contract §8) the form posts to the page, answered with the codes
 * (`codes`) or the error under the code (`form`); once hydrated (`data-hydrated`), the API.
 */
export default function TwoFactorSetup({ profileUrl, form: answered, codes: shownOnce }: { profileUrl: string; form?: FormState | undefined; codes?: string[] | undefined }) {
  const hydrated = useHydrated()
  const [busy, setBusy] = useState(false)
  const [codes, setCodes] = useState<string[] | null>(shownOnce ?? null)
  const errors = useToastedFormErrors(answered)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = checkEnable(formValues(event.currentTarget), { passwordRequired: true })
    if (!checked.ok) return errors.fail(refusalOf(checked))
    errors.clear()
    setBusy(true)
    const result = await api<{ recoveryCodes: string[] }>('/api/auth/2fa/enable', { body: checked.value })
    setBusy(false)
    if (!result.ok) {
      // The refusal stays under the code (the server names the field).
      return errors.fail([formErrorOf(result)])
    }
    setCodes(result.data.recoveryCodes)
    showToast('success', 'Double authentification activée.')
  }

  if (codes) return <RecoveryCodes codes={codes} profileUrl={profileUrl} hydrated={hydrated} />
  return (
    <form className="auth-form" method="post" action="/users/profile/two-factor" noValidate onSubmit={hydrated ? submit : undefined} aria-busy={busy} data-hydrated={hydrated || undefined}>
      <ErrorSummary form={errors.form} attempt={errors.attempt} toasted={errors.attempt > 0} />
      <PasswordField label="Mot de passe" name="password" autoComplete="current-password" error={errorOf(errors.form, 'password')} />
      <Field label="Code à 6 chiffres" name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={7} error={errorOf(errors.form, 'code')} />
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? 'Activation…' : 'Activer la double authentification'}
      </button>
    </form>
  )
}

/** Shown once: the page never shows them again (only their hashes are kept). */
function RecoveryCodes({ codes, profileUrl, hydrated }: { codes: string[]; profileUrl: string; hydrated: boolean }) {
  const formats = useFormats()
  function download() {
    const text = ['Codes de secours du portail client', `Créés le ${formats.instant(new Date())}`, 'Chaque code ne sert qu’une fois.', '', ...codes, ''].join('\n')
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'codes-de-secours.txt'
    document.body.append(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)
  }
  return (
    <div className="twofactor-codes" role="region" aria-labelledby="twofactor-codes-title">
      <h3 id="twofactor-codes-title" className="twofactor-step-title">
        Vos codes de secours
      </h3>
      <p>
        Gardez-les en lieu sûr : si vous perdez votre téléphone, chacun permet <strong>une</strong> connexion. Ils ne seront plus affichés.
      </p>
      <ul className="twofactor-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="twofactor-actions">
        {/* The download is made by a script: without one, the codes are copied from the page. */}
        {hydrated && (
          <button type="button" className="button button-secondary" onClick={download}>
            Télécharger les codes (.txt)
          </button>
        )}
        <a className="button button-primary" href={profileUrl}>
          J’ai noté mes codes
        </a>
      </div>
    </div>
  )
}
