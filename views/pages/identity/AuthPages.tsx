import type { ReactNode } from 'react'
import { page } from '../../../src/render/page.js'
import { Island } from '../../runtime/Island.js'
import type { ChangePasswordPageProps, InvitationPageProps, ResetPageProps, VerifyPageProps } from '../../../src/modules/identity/views.js'
import type { FormProps } from '../../../src/shared/form-state.js'

/** The card every auth page sits in: heading, one line of lead text, then its island. */
function AuthCard({ title, lead, children, wide = false }: { title: string; lead?: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className="auth-page">
      <div className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <h1 className="auth-title">{title}</h1>
        {lead && <p className="auth-lead">{lead}</p>}
        {children}
      </div>
    </section>
  )
}

export const RegistrationPage = page({ title: 'Inscription', description: 'Créez le compte client de votre entreprise pour transmettre vos documents au cabinet.', shared: true, area: 'guest' }, function RegistrationPage({ form }: FormProps) {
  return (
    <AuthCard title="Créer un compte" lead="Inscrivez votre entreprise pour échanger vos documents avec le cabinet." wide>
      <Island name="RegistrationForm" props={{ form }} />
    </AuthCard>
  )
})

export const LoginPage = page({ title: 'Connexion', description: 'Connectez-vous à votre espace client.', shared: true, area: 'guest' }, function LoginPage({ form }: FormProps) {
  return (
    <AuthCard title="Connexion" lead="Accédez à votre espace client.">
      <Island name="LoginForm" props={{ form }} />
    </AuthCard>
  )
})

export const ForgotPasswordPage = page({ title: 'Mot de passe oublié', description: 'Recevez par e-mail un lien pour choisir un nouveau mot de passe.', shared: true, area: 'guest' }, function ForgotPasswordPage({ form }: FormProps) {
  return (
    <AuthCard title="Mot de passe oublié" lead="Saisissez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.">
      <Island name="ForgotPasswordForm" props={{ form }} />
    </AuthCard>
  )
})


export const ResetPasswordPage = page<ResetPageProps>({ title: 'Nouveau mot de passe', description: 'Choisissez un nouveau mot de passe pour votre compte.', area: 'guest' }, function ResetPasswordPage(props) {
  return (
    <AuthCard title="Nouveau mot de passe">
      <Island name="ResetPasswordForm" props={props} />
    </AuthCard>
  )
})

export const VerifyEmailPage = page<VerifyPageProps>({ title: 'Vérification de l’e-mail', description: 'Confirmation de votre adresse e-mail.', area: 'guest' }, function VerifyEmailPage(props) {
  return (
    <AuthCard title="Vérification de l’e-mail">
      <Island name="VerifyEmail" props={props} />
    </AuthCard>
  )
})

export const ChangePasswordPage = page<ChangePasswordPageProps>({ title: 'Changer le mot de passe', description: 'Choisissez un nouveau mot de passe pour votre compte.' }, function ChangePasswordPage(props) {
  return (
    <AuthCard title="Changer le mot de passe">
      <Island name="ChangePasswordForm" props={props} />
    </AuthCard>
  )
})

export const InvitationPage = page<InvitationPageProps>({ title: 'Invitation', description: 'Choisissez votre mot de passe pour rejoindre le portail client.', area: 'guest' }, function InvitationPage(props) {
  return (
    <AuthCard title="Accepter l’invitation">
      <Island name="InvitationForm" props={props} />
    </AuthCard>
  )
})
