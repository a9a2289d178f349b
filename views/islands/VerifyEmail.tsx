import { useState, type FormEvent } from 'react'
import type { VerifyPageProps } from '../../src/modules/identity/views.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { ErrorSummary, useToastedFormErrors } from '../components/FormErrors.js'
import { useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'

/** The link's refusal as the API and the page's form answer it (a spent or forged link). */
const INVALID = 400

/**
 * E-mail verification page (spec §2): a confirming button, never a call on load (mail scanners
 * prefetch links and some run scripts). Without JavaScript it posts to the page (303 to /login with
 * the message); with it, the island asks the API on the click and shows the confirmation here.
 */
export default function VerifyEmail({ userId, token, wellFormed, invalid, form: answered }: VerifyPageProps) {
  const words = useWords(pageWords)
  const hydrated = useHydrated()
  const { form, attempt, fail, clear } = useToastedFormErrors(invalid ? undefined : answered)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ verified: string } | 'invalid' | null>(invalid ? 'invalid' : null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    clear()
    setBusy(true)
    const result = await api(`/api/auth/${encodeURIComponent(userId)}/verify/${encodeURIComponent(token)}`)
    setBusy(false)
    if (result.ok) {
      const message = result.data.message ?? words.verifiedDefault
      showToast('success', message)
      return setOutcome({ verified: message })
    }
    if (result.status !== INVALID) return fail([formErrorOf(result)])
    showToast('error', result.message)
    setOutcome('invalid')
  }

  if (!wellFormed || outcome === 'invalid') return <InvalidLink />
  if (outcome) {
    return (
      <AuthNotice tone="success" title={words.verifiedTitle} href="/login" action={words.login}>
        {outcome.verified}
      </AuthNotice>
    )
  }
  return (
    <form className="auth-form" data-hydrated={hydrated || undefined} method="post" action={`/users/${encodeURIComponent(userId)}/verify/${encodeURIComponent(token)}`} onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} several={false} attempt={attempt} toasted={attempt > 0} />
      <p>{words.verifyLead}</p>
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? words.verifying : words.verify}
      </button>
    </form>
  )
}

function InvalidLink() {
  const words = useWords(pageWords)
  return (
    <AuthNotice tone="error" title={words.verifyInvalidTitle} href="/registration" action={words.register}>
      {words.verifyInvalidText}
    </AuthNotice>
  )
}
