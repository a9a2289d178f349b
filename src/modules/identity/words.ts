import { arabicMinutes, catalogue, type WordsLike } from '../../shared/words.js'
import { accessTokenTexts, accessTokenTextsAr } from './access-token-validation.js'
import { twoFactorTexts, twoFactorTextsAr } from './two-factor-validation.js'
import { messages, messagesAr } from './validation.js'

/**
 * Identity's words (issue 30): French, the specification's where it has them (§5), word for word;
 * another language is typed after them (`catalogue`). The forms' own messages are ./validation.ts's,
 * two-factor's and the tokens' their validation files' (shared with the islands); the accounts',
 * the sessions' and the invitations' are here.
 */

/** The sessions' French words (identity's `texts` includes them). */
export const sessionTexts = {
  sessionEnded: 'Appareil déconnecté.',
  otherSessionsEnded: 'Les autres appareils ont été déconnectés.',
  sessionNotFound: 'Session introuvable.',
  loginRequired: 'Veuillez vous connecter.',
} as const

const sessionTextsAr: WordsLike<typeof sessionTexts> = {
  sessionEnded: 'تم فصل الجهاز.',
  otherSessionsEnded: 'تم فصل الأجهزة الأخرى.',
  sessionNotFound: 'الجلسة غير موجودة.',
  loginRequired: 'يرجى تسجيل الدخول.',
}

export const invitationTexts = {
  invalid: 'Ce lien d’invitation est invalide ou a expiré. Demandez une nouvelle invitation.',
  accepted: 'Bienvenue ! Votre compte est ouvert.',
  duplicate: messages.duplicate,
} as const

const invitationTextsAr: WordsLike<typeof invitationTexts> = {
  invalid: 'رابط الدعوة هذا غير صالح أو انتهت صلاحيته. اطلبوا دعوة جديدة.',
  accepted: 'مرحبًا بكم! تم فتح حسابكم.',
  duplicate: messagesAr.duplicate,
}

/** The accounts' answers (registration, login, verification, passwords), the sessions' included. */
export const texts = {
  registered: 'Inscription réussie. Un e-mail de vérification vous a été envoyé : veuillez consulter votre boîte de réception.',
  duplicate: messages.duplicate,
  badCredentials: messages.badCredentials,
  unverified: 'Votre adresse e-mail n’est pas encore vérifiée. Un nouveau lien de vérification vous a été envoyé.',
  unverifiedRecentlySent: 'Votre adresse e-mail n’est pas encore vérifiée. Un lien de vérification vous a été envoyé il y a moins de 5 minutes : consultez votre boîte de réception (et les indésirables).',
  sameAsOld: 'Le nouveau mot de passe doit être différent de l’ancien.',
  verified: 'Adresse e-mail vérifiée avec succès. Vous pouvez maintenant vous connecter ; le cabinet ouvrira votre espace documents après avoir accepté votre inscription.',
  alreadyVerified: 'Cette adresse e-mail est déjà vérifiée. Vous pouvez vous connecter.',
  verifyInvalid: 'Lien de vérification invalide ou expiré.',
  forgotSent: 'Si un compte existe pour cette adresse, un lien de réinitialisation vous a été envoyé.',
  resetValid: 'Lien valide.',
  resetInvalid: 'Lien invalide ou expiré.',
  resetDone: 'Mot de passe réinitialisé avec succès.',
  changed: 'Mot de passe modifié avec succès.',
  oldWrong: 'Ancien mot de passe incorrect.',
  notOwn: 'Vous ne pouvez modifier que votre propre mot de passe.',
  loggedOut: 'Déconnexion réussie.',
  loggedIn: 'Vous êtes connecté.',
  ...sessionTexts,
} as const

const textsAr: WordsLike<typeof texts> = {
  registered: 'تم التسجيل بنجاح. أرسلنا إليكم رسالة للتحقق من بريدكم الإلكتروني: يرجى الاطلاع على صندوق الوارد.',
  duplicate: messagesAr.duplicate,
  badCredentials: messagesAr.badCredentials,
  unverified: 'لم يتم التحقق من بريدكم الإلكتروني بعد. أرسلنا إليكم رابط تحقق جديدًا.',
  unverifiedRecentlySent: 'لم يتم التحقق من بريدكم الإلكتروني بعد. أُرسل إليكم رابط تحقق منذ أقل من 5 دقائق: اطّلعوا على صندوق الوارد (وعلى الرسائل غير المرغوب فيها).',
  sameAsOld: 'يجب أن تختلف كلمة المرور الجديدة عن القديمة.',
  verified: 'تم التحقق من بريدكم الإلكتروني بنجاح. يمكنكم الآن تسجيل الدخول، وسيفتح المكتب فضاء وثائقكم بعد قبول تسجيلكم.',
  alreadyVerified: 'تم التحقق من هذا البريد الإلكتروني من قبل. يمكنكم تسجيل الدخول.',
  verifyInvalid: 'رابط التحقق غير صالح أو انتهت صلاحيته.',
  forgotSent: 'إذا كان هناك حساب بهذا العنوان، فقد أُرسل إليه رابط لإعادة تعيين كلمة المرور.',
  resetValid: 'الرابط صالح.',
  resetInvalid: 'الرابط غير صالح أو انتهت صلاحيته.',
  resetDone: 'تمت إعادة تعيين كلمة المرور بنجاح.',
  changed: 'تم تغيير كلمة المرور بنجاح.',
  oldWrong: 'كلمة المرور القديمة غير صحيحة.',
  notOwn: 'لا يمكنكم تغيير كلمة مرور غير كلمة مروركم.',
  loggedOut: 'تم تسجيل الخروج بنجاح.',
  loggedIn: 'لقد سجّلتم الدخول.',
  ...sessionTextsAr,
}

/** Too many attempts (contract §2): what was tried, and the minutes to wait. */
const attemptTexts = {
  tooManyAttempts: (minutes: number) => `Trop de tentatives. Réessayez dans ${minutes} minute(s).`,
  tooManyLogins: (minutes: number) => `Trop de tentatives de connexion pour ce compte. Réessayez dans ${minutes} minute(s).`,
  tooManyOldPasswords: (minutes: number) => `Trop de tentatives pour l’ancien mot de passe. Réessayez dans ${minutes} minute(s).`,
} as const

const attemptTextsAr: WordsLike<typeof attemptTexts> = {
  tooManyAttempts: (minutes: number) => `محاولات كثيرة جدًا. أعيدوا المحاولة بعد ${arabicMinutes(minutes)}.`,
  tooManyLogins: (minutes: number) => `محاولات تسجيل دخول كثيرة جدًا لهذا الحساب. أعيدوا المحاولة بعد ${arabicMinutes(minutes)}.`,
  tooManyOldPasswords: (minutes: number) => `محاولات كثيرة جدًا لكلمة المرور القديمة. أعيدوا المحاولة بعد ${arabicMinutes(minutes)}.`,
}

/**
 * The module's catalogues, one for each part (their keys overlap: `duplicate`, `loginRequired`,
 * `notFound`): what its services refuse with, said at the HTTP edge in the request's language.
 * `accountWords` holds the forms' messages too, so that a form's refusal is said from it.
 */
export const accountWords = /* @__PURE__ */ catalogue({ fr: { ...messages, ...texts, ...attemptTexts }, ar: { ...messagesAr, ...textsAr, ...attemptTextsAr } })
export const invitationWords = /* @__PURE__ */ catalogue({ fr: invitationTexts, ar: invitationTextsAr })
export const twoFactorWords = /* @__PURE__ */ catalogue({ fr: { ...twoFactorTexts, ...attemptTexts }, ar: { ...twoFactorTextsAr, ...attemptTextsAr } })
export const accessTokenWords = /* @__PURE__ */ catalogue({ fr: accessTokenTexts, ar: accessTokenTextsAr })
