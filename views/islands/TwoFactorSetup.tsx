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
import { twoFactorFormWords } from '../../src/modules/identity/two-factor-words.js'
import { useWords } from '../runtime/words.js'

/**
 * Confirms the secret shown on the page with the password and a code (issue 34: as turning it off asks), then shows the recovery codes once, with a
 * download. Without JavaScript (contract §8) the form posts to the page, answered with the codes
 * (`codes`) or the error under the code (`form`); once hydrated (`data-hydrated`), the API.
 */
export default function TwoFactorSetup({ profileUrl, form: answered, codes: shownOnce }: { profileUrl: string; form?: FormState | undefined; codes?: string[] | undefined }) {
  const words = useWords(twoFactorFormWords)
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
    showToast('success', words.enabled)
  }

  if (codes) return <RecoveryCodes codes={codes} profileUrl={profileUrl} hydrated={hydrated} />
  return (
    <form className="auth-form" method="post" action="/users/profile/two-factor" noValidate onSubmit={hydrated ? submit : undefined} aria-busy={busy} data-hydrated={hydrated || undefined}>
      <ErrorSummary form={errors.form} attempt={errors.attempt} toasted={errors.attempt > 0} />
      <PasswordField label={words.password} name="password" autoComplete="current-password" error={errorOf(errors.form, 'password')} />
      <Field label={words.code} name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={7} error={errorOf(errors.form, 'code')} />
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? words.enabling : words.enable}
      </button>
    </form>
  )
}

/** Shown once: the page never shows them again (only their hashes are kept). */
function RecoveryCodes({ codes, profileUrl, hydrated }: { codes: string[]; profileUrl: string; hydrated: boolean }) {
  const formats = useFormats()
  const words = useWords(twoFactorFormWords)
  function download() {
    const text = [words.fileTitle, words.fileMade(formats.instant(new Date())), words.fileOnce, '', ...codes, ''].join('\n')
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = words.fileName
    document.body.append(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)
  }
  return (
    <div className="twofactor-codes" role="region" aria-labelledby="twofactor-codes-title">
      <h3 id="twofactor-codes-title" className="twofactor-step-title">
        {words.codesTitle}
      </h3>
      <p>
        {words.codesKeepBefore}
        <strong>{words.codesKeepOne}</strong>
        {words.codesKeepAfter}
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
            {words.download}
          </button>
        )}
        <a className="button button-primary" href={profileUrl}>
          {words.noted}
        </a>
      </div>
    </div>
  )
}
