import { page } from '../../../src/render/page.js'
import type { FormProps, FormState } from '../../../src/shared/form-state.js'
import type { TwoFactorPageProps } from '../../../src/modules/identity/views.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'
import { twoFactorPageWords } from '../../../src/modules/identity/two-factor-words.js'
import { wordsOf } from '../../../src/shared/words.js'

/** /login/2fa: the second step of a login whose password was right (contract §6). */
export const TwoFactorLoginPage = page<FormProps & { recovery?: boolean }>((_props, language) => ({ title: wordsOf(twoFactorPageWords, language).loginTitle, description: wordsOf(twoFactorPageWords, language).loginDescription, area: 'guest' }), function TwoFactorLoginPage({ form, recovery }) {
  const words = useWords(twoFactorPageWords)
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{words.loginTitle}</h1>
        <p className="auth-lead">{words.loginLead}</p>
        <Island name="TwoFactorLoginForm" props={{ form, recovery }} />
      </div>
    </section>
  )
})

/**
 * /users/profile/two-factor: enrolment (QR code drawn on the server, the secret as text, the code
 * that confirms it), or, when two-factor is on, turning it off.
 */
export const TwoFactorPage = page<TwoFactorPageProps>((_props, language) => ({ title: wordsOf(twoFactorPageWords, language).title, description: wordsOf(twoFactorPageWords, language).description }), function TwoFactorPage(props) {
  const words = useWords(twoFactorPageWords)
  return (
    <section className="auth-page">
      <div className="auth-card auth-card-wide twofactor">
        <h1 className="auth-title">{words.title}</h1>
        {props.required && (
          <p className="twofactor-required" role="alert">
            {words.required}
          </p>
        )}
        {props.recoveryCodes ? (
          <>
            <p className="auth-lead" role="status">
              {words.enabledNow}
            </p>
            <Island name="TwoFactorSetup" props={{ profileUrl: props.profileUrl, codes: props.recoveryCodes }} />
          </>
        ) : props.setup ? (
          <SetupSteps setup={props.setup} profileUrl={props.profileUrl} form={props.form} />
        ) : (
          <Enabled profileUrl={props.profileUrl} form={props.form} />
        )}
      </div>
    </section>
  )
})

function SetupSteps({ setup, profileUrl, form }: { setup: NonNullable<TwoFactorPageProps['setup']>; profileUrl: string; form: FormState | undefined }) {
  const words = useWords(twoFactorPageWords)
  return (
    <>
      <p className="auth-lead">
        {words.setupLead}
      </p>
      <ol className="twofactor-steps">
        <li>
          <h2 className="twofactor-step-title">{words.installTitle}</h2>
          <p>{words.installText}</p>
        </li>
        <li>
          <h2 className="twofactor-step-title">{words.scanTitle}</h2>
          {/* Drawn on the server by qrcode from the otpauth:// address only: no text of the user's in it. */}
          <div className="twofactor-qr" role="img" aria-label={words.qrLabel} dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <p>{words.orKey}</p>
          <p>
            <code className="twofactor-secret" data-secret={setup.secret}>
              {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </p>
        </li>
        <li>
          <h2 className="twofactor-step-title">{words.codeTitle}</h2>
          <Island name="TwoFactorSetup" props={{ profileUrl, form }} />
        </li>
      </ol>
    </>
  )
}

function Enabled({ profileUrl, form }: { profileUrl: string; form: FormState | undefined }) {
  const words = useWords(twoFactorPageWords)
  return (
    <>
      <p className="auth-lead">{words.enabled}</p>
      <h2 className="twofactor-step-title">{words.disableTitle}</h2>
      <p>{words.disableLead}</p>
      <Island name="TwoFactorDisable" props={{ profileUrl, form }} />
      <p className="auth-switch">
        <a href={profileUrl}>{words.back}</a>
      </p>
    </>
  )
}
