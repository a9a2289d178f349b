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
}
