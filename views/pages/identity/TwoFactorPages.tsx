import { page } from '../../../src/render/page.js'
import type { FormProps, FormState } from '../../../src/shared/form-state.js'
import type { TwoFactorPageProps } from '../../../src/modules/identity/views.js'
import { Island } from '../../runtime/Island.js'

/** /login/2fa: the second step of a login whose password was right (contract §6). */
export const TwoFactorLoginPage = page({ title: 'Vérification en deux étapes', description: 'Saisissez le code de votre application d’authentification.', area: 'guest' }, function TwoFactorLoginPage({ form, recovery }: FormProps & { recovery?: boolean }) {
  return (
    <section className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Vérification en deux étapes</h1>
        <p className="auth-lead">Saisissez le code à 6 chiffres affiché par votre application d’authentification.</p>
        <Island name="TwoFactorLoginForm" props={{ form, recovery }} />
      </div>
    </section>
  )
})

/**
 * /users/profile/two-factor: enrolment (QR code drawn on the server, the secret as text, the code
 * that confirms it), or, when two-factor is on, turning it off.
 */
export const TwoFactorPage = page<TwoFactorPageProps>({ title: 'Double authentification', description: 'Protégez votre compte avec un code à usage unique.' }, function TwoFactorPage(props) {
  return (
    <section className="auth-page">
      <div className="auth-card auth-card-wide twofactor">
        <h1 className="auth-title">Double authentification</h1>
        {props.required && (
          <p className="twofactor-required" role="alert">
            La double authentification est obligatoire pour les administrateurs : activez-la pour accéder à l’espace d’administration.
          </p>
        )}
        {props.recoveryCodes ? (
          <>
            <p className="auth-lead" role="status">
              Double authentification activée.
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
  return (
    <>
      <p className="auth-lead">
        À chaque connexion, en plus de votre mot de passe, un code à 6 chiffres de votre téléphone vous sera demandé. Une fois activée, vos autres appareils seront déconnectés et vos jetons d’accès créés sans ce code révoqués.
      </p>
      <ol className="twofactor-steps">
        <li>
          <h2 className="twofactor-step-title">Installez une application d’authentification</h2>
          <p>Par exemple Google Authenticator, Microsoft Authenticator, FreeOTP ou le gestionnaire de mots de passe que vous utilisez déjà.</p>
        </li>
        <li>
          <h2 className="twofactor-step-title">Scannez ce QR code</h2>
          {/* Drawn on the server by qrcode from the otpauth:// address only: no text of the user's in it. */}
          <div className="twofactor-qr" role="img" aria-label="QR code à scanner avec votre application d’authentification" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <p>Ou saisissez cette clé dans l’application :</p>
          <p>
            <code className="twofactor-secret" data-secret={setup.secret}>
              {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </p>
        </li>
        <li>
          <h2 className="twofactor-step-title">Saisissez le code affiché</h2>
          <Island name="TwoFactorSetup" props={{ profileUrl, form }} />
        </li>
      </ol>
    </>
  )
}

function Enabled({ profileUrl, form }: { profileUrl: string; form: FormState | undefined }) {
  return (
    <>
      <p className="auth-lead">La double authentification est activée sur votre compte.</p>
      <h2 className="twofactor-step-title">Désactiver la double authentification</h2>
      <p>Saisissez votre mot de passe et un code de votre application. Un e-mail vous confirmera la désactivation.</p>
      <Island name="TwoFactorDisable" props={{ profileUrl, form }} />
      <p className="auth-switch">
        <a href={profileUrl}>Retour au profil</a>
      </p>
    </>
  )
}
