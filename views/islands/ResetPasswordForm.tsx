import type { ResetPageProps } from '../../src/modules/identity/views.js'
import { checkReset, formWords } from '../../src/modules/identity/validation.js'
import type { FormState } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { NewPasswordFields } from '../components/PasswordField.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'

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
  const words = useWords(pageWords)
  return (
    <AuthNotice tone="error" title={words.resetInvalidTitle} href="/forget-password" action={words.retry}>
      {words.resetInvalidText}
    </AuthNotice>
  )
}

/** The new password: a refusal, the check's or the server's, stays under its field until the next submit. */
function NewPasswordForm({ userId, token, form: answered }: { userId: string; token: string; form: FormState | undefined }) {
  const words = useWords(pageWords)
  const hydrated = useHydrated()
  const { form, attempt, busy, submit } = useCheckedSubmit(answered, checkReset, async (checked, values) => {
    const result = await api(`/api/password/reset/${encodeURIComponent(token)}`, { body: { newPassword: checked.password, confirmPassword: values.confirmPassword } })
    if (!result.ok) return refused(result)
    showToast('success', result.data.message ?? words.resetDefault)
    window.setTimeout(() => window.location.assign('/login'), REDIRECT_DELAY_MS)
    return 'leaving'
  }, formWords)

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action={`/reset-password/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`} onSubmit={submit} aria-busy={busy}>
      <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
      <NewPasswordFields label={words.newPassword} name="newPassword" form={form} />
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? words.saving : words.reset}
      </button>
    </form>
  )
}
