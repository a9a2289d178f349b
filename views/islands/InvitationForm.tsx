import type { InvitationPageProps } from '../../src/modules/identity/views.js'
import { checkInvitationAnswer } from '../../src/modules/identity/validation.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { Field } from '../components/Field.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { NewPasswordFields } from '../components/PasswordField.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'

/** Long enough to read the welcome toast before the space replaces this page. */
const REDIRECT_DELAY_MS = 1200

/**
 * The invitation's page (contract §9): the name and password to choose, or a link that no longer
 * works. The server found the invitation before rendering, so the form posts to the page without JavaScript.
 */
export default function InvitationForm({ token, invitation, form }: InvitationPageProps) {
  const words = useWords(pageWords)
  if (!invitation) {
    return (
      <AuthNotice tone="error" title={words.invitationInvalidTitle} href="/login" action={words.login}>
        {words.invitationInvalidText}
      </AuthNotice>
    )
  }
  return <AnswerForm token={token} invitation={invitation} form={form} />
}

function AnswerForm({ token, invitation, form: answered }: { token: string; invitation: NonNullable<InvitationPageProps['invitation']>; form: FormState | undefined }) {
  const words = useWords(pageWords)
  const hydrated = useHydrated()
  const { form, attempt, busy, submit } = useCheckedSubmit(answered, checkInvitationAnswer, async (checked, values) => {
    const result = await api<{ isAdmin: boolean }>(`/api/invitations/${encodeURIComponent(token)}`, { body: { username: checked.username, password: checked.password, confirmPassword: values.confirmPassword } })
    if (!result.ok) return refused(result)
    showToast('success', words.welcome)
    window.setTimeout(() => window.location.assign(result.data.isAdmin ? '/admin-dashboard' : '/files'), REDIRECT_DELAY_MS)
    return 'leaving'
  })

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action={`/invitations/${encodeURIComponent(token)}`} onSubmit={submit} aria-busy={busy}>
      <p className="auth-lead">
        {words.joining}
        <strong>{invitation.team}</strong>
        {words.withAddress}
        <strong>{invitation.email}</strong>.
      </p>
      <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
      <Field label={words.username} name="username" defaultValue={form?.values.username ?? invitation.username} error={errorOf(form, 'username')} autoComplete="name" maxLength={100} />
      <NewPasswordFields label={words.password} name="password" form={form} />
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? words.opening : words.openAccount}
      </button>
    </form>
  )
}
