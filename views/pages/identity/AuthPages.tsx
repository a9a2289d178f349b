import type { ReactNode } from 'react'
import { page } from '../../../src/render/page.js'
import { Island } from '../../runtime/Island.js'
import type { ChangePasswordPageProps, InvitationPageProps, ResetPageProps, VerifyPageProps } from '../../../src/modules/identity/views.js'
import type { FormProps } from '../../../src/shared/form-state.js'
import { authPageWords } from '../../../src/modules/identity/page-words.js'
import { useWords } from '../../runtime/words.js'

/** A page's title and description in the render's language. */
const metaOf = (part: keyof (typeof authPageWords)['fr']) => (_props: object, language: 'fr' | 'ar') => ({ title: authPageWords[language][part].title, description: authPageWords[language][part].description })

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

export const RegistrationPage = page<FormProps>((props, language) => ({ ...metaOf('registration')(props, language), shared: true, area: 'guest' }), function RegistrationPage({ form }: FormProps) {
  const words = useWords(authPageWords).registration
  return (
    <AuthCard title={words.heading} lead={words.lead} wide>
      <Island name="RegistrationForm" props={{ form }} />
    </AuthCard>
  )
})

export const LoginPage = page<FormProps>((props, language) => ({ ...metaOf('login')(props, language), shared: true, area: 'guest' }), function LoginPage({ form }: FormProps) {
  const words = useWords(authPageWords).login
  return (
    <AuthCard title={words.heading} lead={words.lead}>
      <Island name="LoginForm" props={{ form }} />
    </AuthCard>
  )
})

export const ForgotPasswordPage = page<FormProps>((props, language) => ({ ...metaOf('forgot')(props, language), shared: true, area: 'guest' }), function ForgotPasswordPage({ form }: FormProps) {
  const words = useWords(authPageWords).forgot
  return (
    <AuthCard title={words.heading} lead={words.lead}>
      <Island name="ForgotPasswordForm" props={{ form }} />
    </AuthCard>
  )
})


export const ResetPasswordPage = page<ResetPageProps>((props, language) => ({ ...metaOf('reset')(props, language), area: 'guest' }), function ResetPasswordPage(props) {
  return (
    <AuthCard title={useWords(authPageWords).reset.heading}>
      <Island name="ResetPasswordForm" props={props} />
    </AuthCard>
  )
})

export const VerifyEmailPage = page<VerifyPageProps>((props, language) => ({ ...metaOf('verify')(props, language), area: 'guest' }), function VerifyEmailPage(props) {
  return (
    <AuthCard title={useWords(authPageWords).verify.heading}>
      <Island name="VerifyEmail" props={props} />
    </AuthCard>
  )
})

export const ChangePasswordPage = page<ChangePasswordPageProps>(metaOf('change'), function ChangePasswordPage(props) {
  return (
    <AuthCard title={useWords(authPageWords).change.heading}>
      <Island name="ChangePasswordForm" props={props} />
    </AuthCard>
  )
})

export const InvitationPage = page<InvitationPageProps>((props, language) => ({ ...metaOf('invitation')(props, language), area: 'guest' }), function InvitationPage(props) {
  return (
    <AuthCard title={useWords(authPageWords).invitation.heading}>
      <Island name="InvitationForm" props={props} />
    </AuthCard>
  )
})
