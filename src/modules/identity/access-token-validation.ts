import { checkedBy, hasControlChars, nameText, type Checked } from '../../shared/validation.js'
import { catalogue, type WordsLike } from '../../shared/words.js'

/** Personal access tokens' French words (issue 17), shared by their routes, their service and the profile's island. */
export const accessTokenTexts = {
  nameRequired: 'Donnez un nom au jeton (par exemple « Script de sauvegarde »).',
  nameTooLong: 'Le nom du jeton ne doit pas dépasser 100 caractères.',
  nameInvalid: 'Le nom du jeton ne doit pas contenir de caractères de contrôle.',
  expiryInvalid: 'La durée de validité doit être un nombre entier de jours, entre 1 et 365.',
  revoked: 'Jeton révoqué.',
  revokeWarning: 'Les scripts qui l’utilisent ne pourront plus accéder au portail. Cette action est irréversible.',
  notFound: 'Jeton introuvable.',
  invalidToken: 'Jeton d’accès invalide, expiré ou révoqué.',
  accountManagement: 'Un jeton d’accès ne permet pas de gérer le compte (mot de passe, e-mail, suppression, double authentification, sessions, jetons) : connectez-vous sur le portail.',
  fromSessionOnly: 'Un jeton d’accès se crée depuis le portail, connecté avec votre mot de passe.',
} as const

export const accessTokenTextsAr: WordsLike<typeof accessTokenTexts> = {
  nameRequired: 'أعطوا رمز الوصول اسمًا (مثلًا « سكربت النسخ الاحتياطي »).',
  nameTooLong: 'يجب ألا يتجاوز اسم رمز الوصول 100 حرف.',
  nameInvalid: 'يجب ألا يحتوي اسم رمز الوصول على أحرف تحكُّم.',
  expiryInvalid: 'يجب أن تكون مدة الصلاحية عددًا صحيحًا من الأيام، بين 1 و365.',
  revoked: 'تم إلغاء رمز الوصول.',
  revokeWarning: 'لن تتمكن السكربتات التي تستعمله من الوصول إلى البوابة بعد الآن. لا يمكن التراجع عن هذا الإجراء.',
  notFound: 'رمز الوصول غير موجود.',
  invalidToken: 'رمز الوصول غير صالح أو منتهي الصلاحية أو ملغى.',
  accountManagement: 'لا يسمح رمز الوصول بإدارة الحساب (كلمة المرور، البريد الإلكتروني، الحذف، المصادقة الثنائية، الجلسات، رموز الوصول): سجّلوا الدخول إلى البوابة.',
  fromSessionOnly: 'يُنشأ رمز الوصول من البوابة، بعد تسجيل الدخول بكلمة المرور.',
}

/** Both languages (the routes' refusals, the island's toasts and dialog). */
export const accessTokenWords = /* @__PURE__ */ catalogue({ fr: accessTokenTexts, ar: accessTokenTextsAr })

export const TOKEN_NAME_MAX = 100
export const TOKEN_DAYS_MIN = 1
export const TOKEN_DAYS_MAX = 365

/** Days as typed in a form ("30") or sent in JSON (30): a whole number, nothing else. */
function daysOf(value: unknown): number | undefined {
  const days = typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value
  return typeof days === 'number' && Number.isInteger(days) ? days : undefined
}

/** `{name, expiresInDays}`: a name of 1–100 characters (format characters removed), 1–365 days; each refusal names its field. */
export function checkNewAccessToken(body: { name?: unknown; expiresInDays?: unknown }): Checked<{ name: string; expiresInDays: number }> {
  const name = nameText(body.name)
  const days = daysOf(body.expiresInDays)
  return checkedBy(
    [
      [!name, accessTokenTexts.nameRequired, 'name'],
      [Array.from(name).length > TOKEN_NAME_MAX, accessTokenTexts.nameTooLong, 'name'],
      [hasControlChars(name), accessTokenTexts.nameInvalid, 'name'],
      [days === undefined || days < TOKEN_DAYS_MIN || days > TOKEN_DAYS_MAX, accessTokenTexts.expiryInvalid, 'expiresInDays'],
    ],
    () => ({ name, expiresInDays: days! }),
  )
}
