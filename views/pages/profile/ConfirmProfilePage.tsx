import type { ProfileConfirmation } from '../../../src/modules/identity/index.js'
import { page } from '../../../src/render/page.js'
import { ErrorSummary } from '../../components/FormErrors.js'
import { Confirmation } from '../../components/Confirmation.js'

export type ConfirmProfilePageProps = ProfileConfirmation & { profileUrl: string }

/**
 * A profile dialog as a page (contract §8, without JavaScript): what the action is about, the
 * dialog's question in its words, « Confirmer » posting to this very address, « Annuler » back to the profile.
 */
export const ConfirmProfilePage = page<ConfirmProfilePageProps>(
  ({ title, text }) => ({ title, description: text }),
  function ConfirmProfilePage({ title, text, facts, action, confirmLabel, back, form }) {
    return (
      <section className="auth-page">
        <div className="auth-card auth-card-wide">
          <h1 className="auth-title">{title}</h1>
          <p className="auth-lead">{text}</p>
          <ErrorSummary form={form} several={false} />
          <Confirmation facts={facts} action={action} confirmLabel={confirmLabel} tone="danger" back={back} className="profile-confirm-form" />
        </div>
      </section>
    )
  },
)
