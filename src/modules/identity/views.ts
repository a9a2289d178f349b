import type { Page } from '../../render/page.js'
import type { FormProps, FormState } from '../../shared/form-state.js'
import type { ProfileConfirmation } from './profile-form-routes.js'

/** What an e-mailed link's page receives: the pair from its address, or `wellFormed: false`. */
export interface LinkProps {
  userId: string
  token: string
  wellFormed: boolean
}

/**
 * The reset page: its link, whether the server found it usable (checked on the page's GET, which
 * spends nothing, so that the form shows without JavaScript), and its form answered again.
 */
export type ResetPageProps = LinkProps & FormProps & { usable: boolean }

/**
 * The verification page: its link and a confirming button (a GET spends nothing, so that mail
 * scanners' prefetches verify nothing); `invalid` once its form was refused as a spent or forged link.
 */
export type VerifyPageProps = LinkProps & FormProps & { invalid?: boolean }

/** /users/profile/password: the change of password as a page, for browsers without JavaScript (the profile's dialog needs it). */
export type ChangePasswordPageProps = FormProps & { profileUrl: string }

/** /invitations/:token (contract §9): the invitation found behind the link (null: unknown, used or expired), and the form answered again. */
export type InvitationPageProps = FormProps & { token: string; invitation: { email: string; username: string; team: string } | null }

/** The pages identity renders, handed to it by app.ts (src/ never imports views/). */
export interface IdentityViews {
  RegistrationPage: Page<FormProps>
  LoginPage: Page<FormProps>
  ForgotPasswordPage: Page<FormProps>
  ResetPasswordPage: Page<ResetPageProps>
  VerifyEmailPage: Page<VerifyPageProps>
  InvitationPage: Page<InvitationPageProps>
  TwoFactorLoginPage: Page<FormProps & { recovery?: boolean }>
  ChangePasswordPage: Page<ChangePasswordPageProps>
  TwoFactorPage: Page<TwoFactorPageProps>
  /** An administrator's reset of a client's two-factor asked on a page, without JavaScript (contract §8). */
  ConfirmProfilePage: Page<ProfileConfirmation & { profileUrl: string }>
}

/** The two-factor page: enrolment (a pending secret and its QR code as SVG) or, when on, turning it off. */
export interface TwoFactorPageProps {
  setup: { secret: string; otpauthUrl: string; qrSvg: string } | null
  /** REQUIRE_ADMIN_2FA sent this administrator here: the page says why. */
  required: boolean
  profileUrl: string
  /** A form posted without JavaScript and answered again (contract §8): the code, or the password and code. */
  form?: FormState | undefined
  /** Just turned on by the form posted without JavaScript: the recovery codes, shown this once (the page is answered no-store). */
  recoveryCodes?: string[] | undefined
}
