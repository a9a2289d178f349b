import { checkedBy, firstFailure, hasControlChars, isEmail, PHONE_HINT, PHONE_HINT_AR, PHONE_PATTERN, EMAIL_INVALID, EMAIL_INVALID_AR, nameText, secret, text, type Checked, type Rule } from '../../shared/validation.js'
import { catalogue, type WordsLike } from '../../shared/words.js'

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
  badCredentials: 'Email ou mot de passe incorrect.',
  duplicate: 'Un compte existe déjà avec cette adresse e-mail.',
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

/** The same in Arabic (contract §10), for the islands and the server alike. */
export const messagesAr: WordsLike<typeof messages> = {
  usernameRequired: 'اسم المستخدم مطلوب',
  emailRequired: 'البريد الإلكتروني مطلوب',
  entrepriseRequired: 'اسم الشركة مطلوب',
  telephoneRequired: 'رقم الهاتف مطلوب',
  passwordRequired: 'كلمة المرور مطلوبة',
  confirmRequired: 'تأكيد كلمة المرور مطلوب',
  mismatch: 'كلمتا المرور غير متطابقتين',
  weak: 'كلمة المرور هذه غير مقبولة، يرجى اختيار كلمة مرور أخرى.',
  loginPasswordRequired: 'كلمة المرور مطلوبة',
  badCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  duplicate: 'يوجد حساب مسجَّل بهذا البريد الإلكتروني.',
  resetEmpty: 'يجب ألا تكون كلمتا المرور فارغتين!',
  resetMismatch: 'كلمتا المرور غير متطابقتين!',
  forgotEmailRequired: 'يرجى إدخال بريدكم الإلكتروني',
  changeNewRequired: 'كلمة المرور الجديدة مطلوبة',
  changeOldRequired: 'كلمة المرور القديمة مطلوبة',
  passwordPolicy: 'يجب أن تتكوّن كلمة المرور من 8 أحرف على الأقل، منها حرف صغير وحرف كبير ورقم ورمز.',
  passwordTooLong: 'يجب ألا تتجاوز كلمة المرور 128 حرفًا.',
  usernameTooLong: 'يجب ألا يتجاوز اسم المستخدم 100 حرف.',
  entrepriseTooLong: 'يجب ألا يتجاوز اسم الشركة 200 حرف.',
  usernameInvalid: 'يحتوي اسم المستخدم على أحرف غير مسموح بها.',
  entrepriseInvalid: 'يحتوي اسم الشركة على أحرف غير مسموح بها.',
  emailInvalid: EMAIL_INVALID_AR,
  phoneInvalid: PHONE_HINT_AR,
}

/** The forms' messages, a catalogue of their own: what an island shows (./words.ts's accountWords holds them too). */
export const formWords = /* @__PURE__ */ catalogue({ fr: messages, ar: messagesAr })

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

/** The new password's own rules after the form's: the policy, then (server-side) the weak list. */
function newPasswordRules(password: string, field: string, isWeak?: IsWeak): Rule[] {
  const policy = passwordPolicyFailure(password)
  return [
    [policy !== null, policy ?? '', field],
    [policy === null && isWeak?.(password) === true, messages.weak, field],
  ]
}

export function checkRegistration(input: Record<string, unknown>, isWeak?: IsWeak): Checked<Registration> {
  const username = nameText(input.username)
  const email = text(input.email).toLowerCase()
  const entreprise = nameText(input.entreprise)
  const telephone = text(input.telephone)
  const password = secret(input.password)
  const confirmPassword = secret(input.confirmPassword)
  return checkedBy(
    [
      [!username, messages.usernameRequired, 'username'],
      [!email, messages.emailRequired, 'email'],
      [!entreprise, messages.entrepriseRequired, 'entreprise'],
      [!telephone, messages.telephoneRequired, 'telephone'],
      [!password, messages.passwordRequired, 'password'],
      [!confirmPassword, messages.confirmRequired, 'confirmPassword'],
      [password !== confirmPassword, messages.mismatch, 'confirmPassword'],
      [username.length > 100, messages.usernameTooLong, 'username'],
      [hasControlChars(username), messages.usernameInvalid, 'username'],
      [!isEmail(email), messages.emailInvalid, 'email'],
      [entreprise.length > 200, messages.entrepriseTooLong, 'entreprise'],
      [hasControlChars(entreprise), messages.entrepriseInvalid, 'entreprise'],
      [!PHONE_PATTERN.test(telephone), messages.phoneInvalid, 'telephone'],
      ...newPasswordRules(password, 'password', isWeak),
    ],
    () => ({ username, email, entreprise, telephone, password }),
  )
}

export function checkLogin(input: Record<string, unknown>): Checked<{ email: string; password: string }> {
  const email = text(input.email).toLowerCase()
  const password = secret(input.password)
  return checkedBy(
    [
      [!email, messages.emailRequired, 'email'],
      [!password, messages.loginPasswordRequired, 'password'],
    ],
    () => ({ email, password }),
  )
}

export function checkForgot(input: Record<string, unknown>): Checked<{ email: string }> {
  const email = text(input.email).toLowerCase()
  return checkedBy(
    [
      [!email, messages.forgotEmailRequired, 'email'],
      [!isEmail(email), messages.emailInvalid, 'email'],
    ],
    () => ({ email }),
  )
}

export function checkReset(input: Record<string, unknown>, isWeak?: IsWeak): Checked<{ password: string }> {
  const password = secret(input.newPassword)
  const confirmPassword = secret(input.confirmPassword)
  return checkedBy(
    [
      [!password, messages.resetEmpty, 'newPassword'],
      [!confirmPassword, messages.resetEmpty, 'confirmPassword'],
      [password !== confirmPassword, messages.resetMismatch, 'confirmPassword'],
      ...newPasswordRules(password, 'newPassword', isWeak),
    ],
    () => ({ password }),
  )
}

export function checkChangePassword(input: Record<string, unknown>, isWeak?: IsWeak): Checked<{ oldPassword: string; newPassword: string }> {
  const newPassword = secret(input.newPassword)
  const oldPassword = secret(input.oldPassword)
  return checkedBy(
    [
      [!newPassword, messages.changeNewRequired, 'newPassword'],
      [!oldPassword, messages.changeOldRequired, 'oldPassword'],
      ...newPasswordRules(newPassword, 'newPassword', isWeak),
    ],
    () => ({ oldPassword, newPassword }),
  )
}

/** Accepting an invitation (contract §9): the name shown to others and the password, with the registration's rules and words. */
export function checkInvitationAnswer(input: Record<string, unknown>, isWeak?: IsWeak): Checked<{ username: string; password: string }> {
  const username = nameText(input.username)
  const password = secret(input.password)
  const confirmPassword = secret(input.confirmPassword)
  return checkedBy(
    [
      [!username, messages.usernameRequired, 'username'],
      [!password, messages.passwordRequired, 'password'],
      [!confirmPassword, messages.confirmRequired, 'confirmPassword'],
      [password !== confirmPassword, messages.mismatch, 'confirmPassword'],
      [username.length > 100, messages.usernameTooLong, 'username'],
      [hasControlChars(username), messages.usernameInvalid, 'username'],
      ...newPasswordRules(password, 'password', isWeak),
    ],
    () => ({ username, password }),
  )
}

/** Inviting someone (contract §9): an address and a name, checked as the registration checks them. */
export function checkInvitation(input: Record<string, unknown>): Checked<{ email: string; username: string }> {
  const username = nameText(input.username)
  const email = text(input.email).toLowerCase()
  return checkedBy(
    [
      [!username, messages.usernameRequired, 'username'],
      [!email, messages.emailRequired, 'email'],
      [username.length > 100, messages.usernameTooLong, 'username'],
      [hasControlChars(username), messages.usernameInvalid, 'username'],
      [!isEmail(email), messages.emailInvalid, 'email'],
    ],
    () => ({ email, username }),
  )
}
