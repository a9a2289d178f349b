import { failedAt, secret, text, type Checked } from '../../shared/validation.js'
import type { WordsLike } from '../../shared/words.js'

/** Two-factor sign-in's French words (issue 15), shared by its routes, its service and its islands. */
export const twoFactorTexts = {
  codeRequired: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  codeFormat: 'Le code doit comporter 6 chiffres.',
  codeWrong: 'Code incorrect ou déjà utilisé.',
  recoveryRequired: 'Saisissez un de vos codes de secours.',
  recoveryFormat: 'Un code de secours comporte 10 lettres et chiffres (par exemple ABCDE-23456).',
  recoveryWrong: 'Code de secours incorrect ou déjà utilisé.',
  passwordRequired: 'Mot de passe requis',
  passwordWrong: 'Mot de passe incorrect.',
  setupFirst: 'Commencez par configurer la double authentification : la clé à scanner a changé ou n’existe pas.',
  alreadyEnabled: 'La double authentification est déjà activée.',
  notEnabled: 'La double authentification n’est pas activée.',
  loginExpired: 'Votre connexion a expiré : saisissez de nouveau votre e-mail et votre mot de passe.',
  tooManyCodes: 'Trop de codes incorrects : saisissez de nouveau votre e-mail et votre mot de passe.',
  loginRequired: 'Veuillez vous connecter.',
  disabled: 'Double authentification désactivée.',
  resetByAdmin: 'La double authentification de cet utilisateur a été désactivée ; il en est informé par e-mail.',
  userNotFound: 'Utilisateur introuvable.',
  adminUntouchable: 'La double authentification d’un administrateur ne se réinitialise pas ici : il la désactive lui-même depuis son profil.',
  notEnabledForUser: 'La double authentification n’est pas activée pour cet utilisateur.',
  proofRequired: 'Confirmez votre connexion avec le code de votre application d’authentification : déconnectez-vous puis reconnectez-vous.',
  adminRequired: 'La double authentification est obligatoire pour les administrateurs : activez-la depuis votre profil avant d’utiliser l’espace d’administration.',
} as const

export const twoFactorTextsAr: WordsLike<typeof twoFactorTexts> = {
  codeRequired: 'أدخلوا الرمز المكوَّن من 6 أرقام من تطبيق المصادقة.',
  codeFormat: 'يجب أن يتكوّن الرمز من 6 أرقام.',
  codeWrong: 'الرمز غير صحيح أو سبق استعماله.',
  recoveryRequired: 'أدخلوا أحد رموز الاسترداد الخاصة بكم.',
  recoveryFormat: 'يتكوّن رمز الاسترداد من 10 أحرف وأرقام (مثلًا ABCDE-23456).',
  recoveryWrong: 'رمز الاسترداد غير صحيح أو سبق استعماله.',
  passwordRequired: 'كلمة المرور مطلوبة',
  passwordWrong: 'كلمة المرور غير صحيحة.',
  setupFirst: 'ابدؤوا بإعداد المصادقة الثنائية: المفتاح المراد مسحه تغيّر أو لم يعد موجودًا.',
  alreadyEnabled: 'المصادقة الثنائية مفعَّلة من قبل.',
  notEnabled: 'المصادقة الثنائية غير مفعَّلة.',
  loginExpired: 'انتهت صلاحية تسجيل دخولكم: أدخلوا من جديد بريدكم الإلكتروني وكلمة المرور.',
  tooManyCodes: 'رموز غير صحيحة كثيرة جدًا: أدخلوا من جديد بريدكم الإلكتروني وكلمة المرور.',
  loginRequired: 'يرجى تسجيل الدخول.',
  disabled: 'تم تعطيل المصادقة الثنائية.',
  resetByAdmin: 'تم تعطيل المصادقة الثنائية لهذا المستخدم، وقد أُعلِم بذلك عبر البريد الإلكتروني.',
  userNotFound: 'المستخدم غير موجود.',
  adminUntouchable: 'لا تُعاد تهيئة المصادقة الثنائية لمسؤول من هنا: يعطّلها بنفسه من ملفه الشخصي.',
  notEnabledForUser: 'المصادقة الثنائية غير مفعَّلة لهذا المستخدم.',
  proofRequired: 'أكّدوا تسجيل دخولكم بالرمز من تطبيق المصادقة: سجّلوا الخروج ثم سجّلوا الدخول من جديد.',
  adminRequired: 'المصادقة الثنائية إلزامية للمسؤولين: فعّلوها من ملفكم الشخصي قبل استعمال فضاء الإدارة.',
}

/** An administrator's reset of a client's two-factor asks this first: in the island's dialog, or on its page without JavaScript (contract §8). */
export const twoFactorResetTexts = {
  title: 'Désactiver la double authentification ?',
  text: (username: string) =>
    `${username} se connectera de nouveau avec son seul mot de passe et sera déconnecté de tous ses appareils, ses jetons d’accès révoqués ; un e-mail l’en informe. À faire seulement après avoir vérifié son identité (téléphone perdu, application installée par quelqu’un d’autre).`,
  confirmLabel: 'Désactiver',
} as const

export const twoFactorResetTextsAr: WordsLike<typeof twoFactorResetTexts> = {
  title: 'تعطيل المصادقة الثنائية؟',
  text: (username: string) =>
    `سيسجّل ${username} الدخول من جديد بكلمة المرور وحدها، وسيُفصَل عن جميع أجهزته وتُلغى رموز الوصول الخاصة به، ويُعلِمه بريد إلكتروني بذلك. لا يُفعل هذا إلا بعد التحقق من هويته (هاتف مفقود، أو تطبيق ثبّته شخص آخر).`,
  confirmLabel: 'تعطيل',
}

/** That page, posting to itself, for the client `userId`. */
export const twoFactorResetPage = (userId: number) => `/users/profile/${userId}/two-factor/reset`

const CODE = /^[0-9]{6}$/
const RECOVERY = /^[A-Z0-9]{10}$/

/** A TOTP code as typed: spaces ignored ("123 456"). */
function codeOf(value: unknown): string {
  return text(value).replace(/\s+/g, '')
}

/** `{code}`: six digits. */
export function checkTwoFactorCode(body: { code?: unknown }): Checked<{ code: string }> {
  const code = codeOf(body.code)
  if (!code) return failedAt('code', twoFactorTexts.codeRequired)
  if (!CODE.test(code)) return failedAt('code', twoFactorTexts.codeFormat)
  return { ok: true, value: { code } }
}

/** The login's second step: `{code}` or `{recoveryCode}` (case, spaces and dashes ignored). */
export function checkSecondStep(body: { code?: unknown; recoveryCode?: unknown }): Checked<{ code: string } | { recoveryCode: string }> {
  if (text(body.recoveryCode) && !codeOf(body.code)) {
    const recoveryCode = text(body.recoveryCode).toUpperCase().replace(/[\s-]+/g, '')
    if (!RECOVERY.test(recoveryCode)) return failedAt('recoveryCode', twoFactorTexts.recoveryFormat)
    return { ok: true, value: { recoveryCode } }
  }
  return checkTwoFactorCode(body)
}

/**
 * Turning two-factor on (issue 34): a current code, and the password as turning it off asks. The pages
 * ask for both (`passwordRequired`); the API of contract §6 takes `{code}` alone from a session opened in
 * the last quarter of an hour (the service's rule), so `password` may be absent there.
 */
export function checkEnable(body: { password?: unknown; code?: unknown }, options: { passwordRequired: boolean }): Checked<{ password: string | undefined; code: string }> {
  const password = secret(body.password)
  if (!password && options.passwordRequired) return failedAt('password', twoFactorTexts.passwordRequired)
  const checked = checkTwoFactorCode(body)
  return checked.ok ? { ok: true, value: { password: password || undefined, code: checked.value.code } } : checked
}

/** Turning two-factor off: the password, then a current code. */
export function checkDisable(body: { password?: unknown; code?: unknown }): Checked<{ password: string; code: string }> {
  const password = secret(body.password)
  if (!password) return failedAt('password', twoFactorTexts.passwordRequired)
  const checked = checkTwoFactorCode(body)
  return checked.ok ? { ok: true, value: { password, code: checked.value.code } } : checked
}
