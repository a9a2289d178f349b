import { useState } from 'react'
import { checkSecondStep } from '../../src/modules/identity/two-factor-validation.js'
import { errorOf, type FormProps } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { Field } from '../components/Field.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'
import { twoFactorFormWords } from '../../src/modules/identity/two-factor-words.js'
import { useWords } from '../runtime/words.js'

/**
 * The login's second step (contract §6): a code from the app, or a recovery code. A pending login
 * that ended (5 minutes, 5 wrong codes) sends the browser back to the password. A wrong code stays
 * under its field (and is toasted) until the next submit, as on the page answered without JavaScript.
 */
export default function TwoFactorLoginForm({ form: answered, recovery: asked = false }: FormProps & { recovery?: boolean }) {
  const words = useWords(twoFactorFormWords)
  const hydrated = useHydrated()
  // Asked for by the page's address (the switch without JavaScript), or answered again for a recovery code: its field shows.
  const [recovery, setRecovery] = useState(asked || errorOf(answered, 'recoveryCode') !== undefined)
  const [over, setOver] = useState(false)
  const { form, attempt, busy, submit, clear } = useCheckedSubmit(answered, checkSecondStep, async (checked) => {
    const result = await api<{ id?: number }>('/api/auth/login/2fa', { body: checked })
    if (result.ok) {
      window.location.assign('/login/continue')
      return 'leaving'
    }
    if (result.status === 401 || result.status === 429) setOver(true)
    return refused(result)
  })

  if (over) {
    return (
      <div className="auth-notice" role="status">
        <p>{words.loginExpired}</p>
        <a className="button button-primary" href="/login">
          {words.backToLogin}
        </a>
      </div>
    )
  }

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action="/login/2fa" onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} several={false} fields={[recovery ? 'recoveryCode' : 'code']} attempt={attempt} toasted={attempt > 0} />
      {recovery ? (
        <Field key="recovery" label={words.recoveryCode} name="recoveryCode" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} hint={words.recoveryHint} error={errorOf(form, 'recoveryCode')} />
      ) : (
        <Field key="code" label={words.code} name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={7} autoFocus error={errorOf(form, 'code')} />
      )}
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? words.verifying : words.verify}
      </button>
      <p className="auth-switch">
        {/* A link to the page with the other field (contract §8); with JavaScript it switches in place. */}
        <a
          href={recovery ? '/login/2fa' : '/login/2fa?secours=1'}
          onClick={(event) => {
            event.preventDefault()
            setRecovery((shown) => !shown)
            // The other field shows: the errors of the one that goes, go with it.
            clear()
          }}
        >
          {recovery ? words.useApp : words.useRecovery}
        </a>
      </p>
    </form>
  )
}
