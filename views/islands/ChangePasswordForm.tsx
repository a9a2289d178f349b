import type { ChangePasswordPageProps } from '../../src/modules/identity/views.js'
import { messages } from '../../src/modules/identity/validation.js'
import { CHANGE_PASSWORD_PAGE, errorOf } from '../../src/shared/form-state.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { PasswordField } from '../components/PasswordField.js'

/**
 * The change of password as a page (contract §8), where the profile's button leads a browser
 * without JavaScript: a plain post to the page itself. An island only for the fields' show/hide toggles.
 */
export default function ChangePasswordForm({ form, profileUrl }: ChangePasswordPageProps) {
  return (
    <form className="auth-form" method="post" action={CHANGE_PASSWORD_PAGE}>
      <ErrorSummary form={form} />
      <PasswordField label="Ancien mot de passe" name="oldPassword" autoComplete="current-password" error={errorOf(form, 'oldPassword')} />
      <PasswordField label="Nouveau mot de passe" name="newPassword" autoComplete="new-password" hint={messages.passwordPolicy} error={errorOf(form, 'newPassword')} />
      <button type="submit" className="button button-primary auth-submit">
        Enregistrer
      </button>
      <p className="auth-switch">
        <a href={profileUrl}>Retour au profil</a>
      </p>
    </form>
  )
}
