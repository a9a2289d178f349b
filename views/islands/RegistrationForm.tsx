import { useEffect, useRef, useState } from 'react'
import { checkRegistration, formWords } from '../../src/modules/identity/validation.js'
import { PHONE_HTML_PATTERN } from '../../src/shared/validation.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { Field } from '../components/Field.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { NewPasswordFields } from '../components/PasswordField.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useLanguage, useWords } from '../runtime/words.js'
import { privacyLineWords } from '../words.js'

/**
 * Sign-up (spec §2, §5): checks in spec order, then a dialog asks to check the mailbox. Errors, the
 * check's or the server's, show as the page answered again shows them: each under its field and all
 * in the summary (an alert), until the next submit (issue 17).
 */
export default function RegistrationForm({ form: answered }: FormProps) {
  const words = useWords(pageWords)
  const formMessages = useWords(formWords)
  const privacyLine = useWords(privacyLineWords)
  const language = useLanguage()
  const [sentMessage, setSentMessage] = useState('')
  // Spec §5, §8: a refusal is an error toast (it stays until dismissed); issue 17: and under its field.
  const { form, attempt, busy, submit } = useCheckedSubmit(answered, checkRegistration, async (checked, values) => {
    const result = await api('/api/auth/register', { body: { ...checked, confirmPassword: values.confirmPassword } })
    // The server's rule the island does not run (a common password) and its refusals (an address already used), under the field it names.
    if (!result.ok) return refused(result)
    setSentMessage(result.data.message ?? words.registeredDefault)
  }, formWords)
  const kept = (name: string) => ({ name, defaultValue: answered?.values[name], error: errorOf(form, name) })
  const hydrated = useHydrated()

  return (
    <>
      <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action="/registration" onSubmit={submit} aria-busy={busy}>
        <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
        <Field label={words.username} {...kept('username')} autoComplete="username" maxLength={100} />
        <Field label={words.email} {...kept('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} />
        <Field label={words.company} {...kept('entreprise')} autoComplete="organization" maxLength={200} />
        <Field label={words.telephone} {...kept('telephone')} type="tel" autoComplete="tel" inputMode="numeric" pattern={PHONE_HTML_PATTERN} title={formMessages.phoneInvalid} placeholder="0550123456" maxLength={10} />
        <NewPasswordFields label={words.password} name="password" form={form} />
        <button type="submit" className="button button-primary auth-submit" disabled={busy}>
          {busy ? words.registering : words.register}
        </button>
        <p className="form-privacy">
          {privacyLine.line} <a href={language === 'ar' ? '/ar/confidentialite' : '/confidentialite'}>{privacyLine.link}</a>.
        </p>
        <p className="auth-switch">
          {words.alreadyRegistered} <a href="/login">{words.login}</a>
        </p>
      </form>
      {sentMessage && <CheckMailDialog message={sentMessage} />}
    </>
  )
}

/** Modal (native <dialog>: focus kept inside, Escape closes); closing it goes to /login. */
function CheckMailDialog({ message }: { message: string }) {
  const words = useWords(pageWords)
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="check-mail-title" aria-describedby="check-mail-text" onClose={() => window.location.assign('/login')}>
      <h2 id="check-mail-title" className="dialog-title">
        {words.checkMail}
      </h2>
      <p id="check-mail-text">{message}</p>
      <form method="dialog" className="dialog-actions">
        <button type="submit" className="button button-primary" autoFocus>
          {words.ok}
        </button>
      </form>
    </dialog>
  )
}
