import type { ChangePasswordPageProps } from '../../src/modules/identity/views.js'
import { formWords } from '../../src/modules/identity/validation.js'
import { pageWords } from '../../src/modules/identity/page-words.js'
import { useWords } from '../runtime/words.js'
import { CHANGE_PASSWORD_PAGE, errorOf } from '../../src/shared/form-state.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { PasswordField } from '../components/PasswordField.js'

/**
 * The change of password as a page (contract §8), where the profile's button leads a browser
 * without JavaScript: a plain post to the page itself. An island only for the fields' show/hide toggles.
 */
export default function ChangePasswordForm({ form, profileUrl }: ChangePasswordPageProps) {
  const words = useWords(pageWords)
  const messages = useWords(formWords)
  return (
    <form className="auth-form" method="post" action={CHANGE_PASSWORD_PAGE}>
      <ErrorSummary form={form} />
      <PasswordField label={words.oldPassword} name="oldPassword" autoComplete="current-password" error={errorOf(form, 'oldPassword')} />
      <PasswordField label={words.newPasswordLabel} name="newPassword" autoComplete="new-password" hint={messages.passwordPolicy} error={errorOf(form, 'newPassword')} />
      <button type="submit" className="button button-primary auth-submit">
        {words.save}
      </button>
      <p className="auth-switch">
        <a href={profileUrl}>{words.backToProfile}</a>
      </p>
    </form>
  )
}
