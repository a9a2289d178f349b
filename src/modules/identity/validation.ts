import { firstFailure, hasControlChars, isEmail, PHONE_HINT, PHONE_PATTERN, EMAIL_INVALID, nameText, secret, text, type Checked } from '../../shared/validation.js'

/**
 * The identity forms' rules and French messages (spec §5), shared by the API routes and the
 * islands. The weak-password list is server-side; islands pass no `isWeak` and the server
 * answers that message (still the last in the order).
 */
export type IsWeak = (password: string) => boolean

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const messages = {
  usernameRequired: 'Nom d’utilisateur requis',
  emailRequired: 'Email est requis',
  entrepriseRequired: 'Le nom de la société est requis',
  telephoneRequired: 'Le num la télephone est requis',
  passwordRequired: 'Mot de passe est requis',
  confirmRequired: 'Confime Mot de passe requis',
  mismatch: 'Les mots de passe ne correspondent pas',
  weak: "Ce mot de passe n'est pas accepter choisir autre.",
  loginPasswordRequired: 'Mot de passe requis',
  resetEmpty: 'Les mots de passe ne sont pas vides!',
  resetMismatch: 'Les mots de passe ne correspondent pas!',
  forgotEmailRequired: 'Please enter your email address',
  changeNewRequired: 'Mots de pass requis',
  changeOldRequired: 'Ancien mots de pass requis',
  passwordPolicy: 'Le mot de passe doit contenir au moins 8 caractères, dont une minuscule, une majuscule, un chiffre et un symbole.',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 128 caractères.',
  usernameTooLong: 'Le nom d’utilisateur ne doit pas dépasser 100 caractères.',
  entrepriseTooLong: 'Le nom de la société ne doit pas dépasser 200 caractères.',
  usernameInvalid: 'Le nom d’utilisateur contient des caractères non autorisés.',
  entrepriseInvalid: 'Le nom de la société contient des caractères non autorisés.',
  emailInvalid: EMAIL_INVALID,
  phoneInvalid: PHONE_HINT,
} as const

/** Lower, upper, digit and symbol, 8 to 128 characters. Answers the message or null. */
export function passwordPolicyFailure(password: string): string | null {
  return firstFailure([
    [password.length > PASSWORD_MAX, messages.passwordTooLong],
    [
      password.length < PASSWORD_MIN || !/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password) || !/[^A-Za-z0-9]/.test(password),
      messages.passwordPolicy,
    ],
  ])
}

export interface Registration {
  username: string
  email: string
  entreprise: string
  telephone: string
  password: string
}

export function checkRegistration(input: Record<string, unknown>, isWeak?: IsWeak): Checked<Registration> {
  const username = nameText(input.username)
  const email = text(input.email).toLowerCase()
  const entreprise = nameText(input.entreprise)
  const telephone = text(input.telephone)
  const password = secret(input.password)
  const confirmPassword = secret(input.confirmPassword)
  const message = firstFailure([
    [!username, messages.usernameRequired],
    [!email, messages.emailRequired],
    [!entreprise, messages.entrepriseRequired],
    [!telephone, messages.telephoneRequired],
    [!password, messages.passwordRequired],
    [!confirmPassword, messages.confirmRequired],
    [password !== confirmPassword, messages.mismatch],
    [username.length > 100, messages.usernameTooLong],
    [hasControlChars(username), messages.usernameInvalid],
    [!isEmail(email), messages.emailInvalid],
    [entreprise.length > 200, messages.entrepriseTooLong],
    [hasControlChars(entreprise), messages.entrepriseInvalid],
    [!PHONE_PATTERN.test(telephone), messages.phoneInvalid],
  ]) ?? passwordPolicyFailure(password) ?? (isWeak?.(password) ? messages.weak : null)
  return message ? { ok: false, message } : { ok: true, value: { username, email, entreprise, telephone, password } }
}

export function checkLogin(input: Record<string, unknown>): Checked<{ email: string; password: string }> {
  const email = text(input.email).toLowerCase()
  const password = secret(input.password)
  const message = firstFailure([
    [!email, messages.emailRequired],
    [!password, messages.loginPasswordRequired],
  ])
  return message ? { ok: false, message } : { ok: true, value: { email, password } }
}

export function checkForgot(input: Record<string, unknown>): Checked<{ email: string }> {
  const email = text(input.email).toLowerCase()
  const message = firstFailure([
    [!email, messages.forgotEmailRequired],
    [!isEmail(email), messages.emailInvalid],
  ])
  return message ? { ok: false, message } : { ok: true, value: { email } }
}

export function checkReset(input: Record<string, unknown>, isWeak?: IsWeak): Checked<{ password: string }> {
  const password = secret(input.newPassword)
  const confirmPassword = secret(input.confirmPassword)
  const message = firstFailure([
    [!password || !confirmPassword, messages.resetEmpty],
    [password !== confirmPassword, messages.resetMismatch],
  ]) ?? passwordPolicyFailure(password) ?? (isWeak?.(password) ? messages.weak : null)
  return message ? { ok: false, message } : { ok: true, value: { password } }
}

export function checkChangePassword(input: Record<string, unknown>, isWeak?: IsWeak): Checked<{ oldPassword: string; newPassword: string }> {
  const newPassword = secret(input.newPassword)
  const oldPassword = secret(input.oldPassword)
  const message = firstFailure([
    [!newPassword, messages.changeNewRequired],
    [!oldPassword, messages.changeOldRequired],
  ]) ?? passwordPolicyFailure(newPassword) ?? (isWeak?.(newPassword) ? messages.weak : null)
  return message ? { ok: false, message } : { ok: true, value: { oldPassword, newPassword } }
}
