import type { Page } from '../../render/page.js'

/** What an e-mailed link's page receives: the pair from its address, or `wellFormed: false`. */
export interface LinkProps {
  userId: string
  token: string
  wellFormed: boolean
}

/** The pages identity renders, handed to it by app.ts (src/ never imports views/). */
export interface IdentityViews {
  RegistrationPage: Page<object>
  LoginPage: Page<object>
  ForgotPasswordPage: Page<object>
  ResetPasswordPage: Page<LinkProps>
  VerifyEmailPage: Page<LinkProps>
  TwoFactorLoginPage: Page<object>
  TwoFactorPage: Page<TwoFactorPageProps>
}

/** The two-factor page: enrolment (a pending secret and its QR code as SVG) or, when on, turning it off. */
export interface TwoFactorPageProps {
  setup: { secret: string; otpauthUrl: string; qrSvg: string } | null
  /** REQUIRE_ADMIN_2FA sent this administrator here: the page says why. */
  required: boolean
  profileUrl: string
}
