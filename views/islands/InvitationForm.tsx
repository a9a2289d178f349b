import { useState, type FormEvent } from 'react'
import type { InvitationPageProps } from '../../src/modules/identity/views.js'
import { checkInvitationAnswer, messages } from '../../src/modules/identity/validation.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { AuthNotice } from '../components/AuthNotice.js'
import { Field } from '../components/Field.js'
import { ErrorSummary, refusalOf, useToastedFormErrors } from '../components/FormErrors.js'
import { PasswordField } from '../components/PasswordField.js'
import { formValues, useHydrated } from '../components/useHydrated.js'

/** Long enough to read the welcome toast before the space replaces this page. */
const REDIRECT_DELAY_MS = 1200

/**
 * The invitation's page (contract §9): the name and password to choose, or a link that no longer
 * works. The server found the invitation before rendering, so the form posts to the page without JavaScript.
 */
export default function InvitationForm({ token, invitation, form }: InvitationPageProps) {
  if (!invitation) {
    return (
      <AuthNotice tone="error" title="Lien Invalide !" href="/login" action="Se connecter">
        Ce lien d’invitation est invalide ou a expiré. Demandez une nouvelle invitation à la personne qui vous a invité.
      </AuthNotice>
    )
  }
  return <AnswerForm token={token} invitation={invitation} form={form} />
}

function AnswerForm({ token, invitation, form: answered }: { token: string; invitation: NonNullable<InvitationPageProps['invitation']>; form: FormState | undefined }) {
  const hydrated = useHydrated()
  const { form, attempt, fail, clear } = useToastedFormErrors(answered)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = formValues(event.currentTarget)
    const checked = checkInvitationAnswer(values)
    if (!checked.ok) return fail(refusalOf(checked))
    clear()
    setBusy(true)
    const result = await api<{ isAdmin: boolean }>(`/api/invitations/${encodeURIComponent(token)}`, { body: { username: checked.value.username, password: checked.value.password, confirmPassword: values.confirmPassword } })
    if (!result.ok) {
      setBusy(false)
      return fail([formErrorOf(result)])
    }
    showToast('success', 'Bienvenue ! Votre compte est ouvert.')
    window.setTimeout(() => window.location.assign(result.data.isAdmin ? '/admin-dashboard' : '/files'), REDIRECT_DELAY_MS)
  }

  return (
    <form className="auth-form" noValidate data-hydrated={hydrated || undefined} method="post" action={`/invitations/${encodeURIComponent(token)}`} onSubmit={submit} aria-busy={busy}>
      <p className="auth-lead">
        Vous rejoignez <strong>{invitation.team}</strong> avec l’adresse <strong>{invitation.email}</strong>.
      </p>
      <ErrorSummary form={form} attempt={attempt} toasted={attempt > 0} />
      <Field label="Nom d’utilisateur" name="username" defaultValue={form?.values.username ?? invitation.username} error={errorOf(form, 'username')} autoComplete="name" maxLength={100} />
      <PasswordField label="Mot de passe" name="password" autoComplete="new-password" hint={messages.passwordPolicy} error={errorOf(form, 'password')} />
      <PasswordField label="Confirmer le mot de passe" name="confirmPassword" autoComplete="new-password" error={errorOf(form, 'confirmPassword')} />
      <button type="submit" className="button button-primary auth-submit" disabled={busy}>
        {busy ? 'Ouverture…' : 'Ouvrir mon compte'}
      </button>
    </form>
  )
}
