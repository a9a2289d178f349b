import { arabicMinutes, catalogue, type WordsLike } from '../../shared/words.js'
import { accessTokenWords } from './access-token-validation.js'
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
export { accessTokenWords }

/** The language switch's words (contract §10): what `PATCH /api/users/language` refuses with. */
export const languageWords = /* @__PURE__ */ catalogue({
  fr: {
    unknownLanguage: 'Langue inconnue : choisissez « fr » (français) ou « ar » (arabe).',
  },
  ar: {
    unknownLanguage: 'لغة غير معروفة: اختر « fr » (الفرنسية) أو « ar » (العربية).',
  },
})

/**
 * Identity's mails (contract §10): each written in its recipient's language when it goes to the
 * outbox; the firm's (a new client to accept) stays French and is not here. Dates and browsers come
 * in already written (src/shared/formats.ts); names are as people typed them.
 */
export const mailWords = /* @__PURE__ */ catalogue({
  fr: {
    greeting: 'Bonjour,',
    greetingTo: (username: string) => `Bonjour ${username},`,
    footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message.',
    securityFooter: 'Message automatique envoyé pour la sécurité de votre compte.',
    newPassword: 'Choisir un nouveau mot de passe',
    verification: {
      subject: 'Vérifiez votre adresse e-mail',
      lines: ['Merci pour votre inscription sur le portail client du cabinet.', 'Pour activer votre compte, confirmez votre adresse e-mail (lien valable 24 heures).'],
      action: 'Vérifier mon adresse e-mail',
    },
    registrationAttempt: {
      subject: 'Tentative d’inscription avec votre adresse e-mail',
      lines: [
        'Quelqu’un vient de demander une inscription sur le portail client du cabinet avec votre adresse e-mail, qui a déjà un compte (ou une invitation en attente) : aucun nouveau compte n’a été créé.',
        'Si c’était vous, connectez-vous avec votre mot de passe, ou choisissez-en un nouveau depuis « Mot de passe oublié ».',
      ],
      action: 'Se connecter',
      footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : votre compte n’a pas changé.',
    },
    reset: {
      subject: 'Réinitialisation de votre mot de passe',
      lines: ['Vous avez demandé à réinitialiser le mot de passe de votre compte.', 'Choisissez un nouveau mot de passe avec le lien ci-dessous (valable 1 heure, utilisable une seule fois).'],
    },
    twoFactor: {
      enabled: {
        subject: 'Double authentification activée sur votre compte',
        what: 'La double authentification vient d’être activée sur votre compte du portail client.',
        advice: 'Si vous n’êtes pas à l’origine de ce changement, quelqu’un utilise votre compte : choisissez sans attendre un nouveau mot de passe avec le lien ci-dessous et prévenez le cabinet, qui pourra désactiver cette double authentification.',
      },
      disabled: {
        subject: 'Double authentification désactivée sur votre compte',
        what: 'La double authentification vient d’être désactivée sur votre compte du portail client.',
        advice: 'Si vous n’êtes pas à l’origine de ce changement, choisissez sans attendre un nouveau mot de passe avec le lien ci-dessous, puis réactivez la double authentification depuis votre profil.',
      },
      reset: {
        subject: 'Double authentification désactivée par le cabinet',
        what: 'Un administrateur du cabinet a désactivé la double authentification de votre compte du portail client ; vos appareils ont été déconnectés et vos jetons d’accès révoqués.',
        advice: 'Vous vous connectez désormais avec votre mot de passe seul : réactivez la double authentification depuis votre profil. Si vous n’avez rien demandé au cabinet, choisissez un nouveau mot de passe avec le lien ci-dessous et prévenez-le.',
      },
      date: (at: string) => `Date : ${at} (heure d’Alger)`,
      browser: (browser: string) => `Navigateur : ${browser}`,
    },
    passwordChanged: {
      subject: (kind: 'changed' | 'reset') => `Votre mot de passe a été ${kind === 'changed' ? 'modifié' : 'réinitialisé'}`,
      when: (kind: 'changed' | 'reset', at: string) => `Le mot de passe de votre compte sur le portail client a été ${kind === 'changed' ? 'modifié' : 'réinitialisé'} le ${at} (heure d’Alger).`,
      from: (browser: string, ip: string | null) => `Navigateur : ${browser}${ip ? `\nAdresse IP : ${ip}` : ''}`,
      devices: (kind: 'changed' | 'reset'): string => (kind === 'changed' ? 'Vos autres appareils ont été déconnectés.' : 'Tous vos appareils ont été déconnectés.'),
      advice: 'Si vous n’êtes pas à l’origine de ce changement, choisissez tout de suite un nouveau mot de passe avec le lien ci-dessous et prévenez le cabinet.',
    },
    invitation: {
      subject: (team: string) => `Invitation au portail client — ${team}`,
      lines: (invitedBy: string, team: string) => [`${invitedBy} vous invite à rejoindre ${team} sur le portail client.`, 'Choisissez votre mot de passe avec le lien ci-dessous (valable 7 jours, utilisable une seule fois).'],
      action: 'Accepter l’invitation',
      footer: 'Si vous ne vous attendiez pas à cette invitation, ignorez simplement ce message.',
      /** The firm's team, as an invitation to it names it (a company is named as the company writes itself). */
      firmTeam: 'l’équipe du cabinet',
    },
  },
  ar: {
    greeting: 'تحية طيبة،',
    greetingTo: (username: string) => `مرحبًا ${username}،`,
    footer: 'إذا لم تكونوا أنتم من قدّم هذا الطلب، يُرجى تجاهل هذه الرسالة.',
    securityFooter: 'رسالة آلية مُرسَلة حفاظًا على أمان حسابكم.',
    newPassword: 'اختيار كلمة مرور جديدة',
    verification: {
      subject: 'تأكيد عنوان بريدكم الإلكتروني',
      lines: ['شكرًا لتسجيلكم في بوابة العملاء الخاصة بالمكتب.', 'لتفعيل حسابكم، يُرجى تأكيد عنوان بريدكم الإلكتروني (الرابط صالح لمدة 24 ساعة).'],
      action: 'تأكيد عنوان بريدي الإلكتروني',
    },
    registrationAttempt: {
      subject: 'محاولة تسجيل باستخدام عنوان بريدكم الإلكتروني',
      lines: [
        'طلب أحدهم للتوّ التسجيل في بوابة العملاء الخاصة بالمكتب باستخدام عنوان بريدكم الإلكتروني، وهو مرتبط بحساب قائم (أو بدعوة قيد الانتظار): لم يُنشأ أي حساب جديد.',
        'إن كنتم أنتم من قام بذلك، فسجّلوا الدخول بكلمة المرور الخاصة بكم، أو اختاروا كلمة مرور جديدة من صفحة « نسيت كلمة المرور ».',
      ],
      action: 'تسجيل الدخول',
      footer: 'إذا لم تكونوا أنتم من قدّم هذا الطلب، يُرجى تجاهل هذه الرسالة: لم يطرأ أي تغيير على حسابكم.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة المرور',
      lines: ['لقد طلبتم إعادة تعيين كلمة المرور الخاصة بحسابكم.', 'اختاروا كلمة مرور جديدة عبر الرابط أدناه (صالح لمدة ساعة واحدة، ولا يُستعمل إلا مرة واحدة).'],
    },
    twoFactor: {
      enabled: {
        subject: 'تم تفعيل المصادقة الثنائية على حسابكم',
        what: 'تم للتوّ تفعيل المصادقة الثنائية على حسابكم في بوابة العملاء.',
        advice: 'إذا لم تكونوا أنتم من أجرى هذا التغيير، فهناك من يستخدم حسابكم: اختاروا دون تأخير كلمة مرور جديدة عبر الرابط أدناه وأبلغوا المكتب، الذي يمكنه إلغاء تفعيل هذه المصادقة الثنائية.',
      },
      disabled: {
        subject: 'تم إلغاء تفعيل المصادقة الثنائية على حسابكم',
        what: 'تم للتوّ إلغاء تفعيل المصادقة الثنائية على حسابكم في بوابة العملاء.',
        advice: 'إذا لم تكونوا أنتم من أجرى هذا التغيير، فاختاروا دون تأخير كلمة مرور جديدة عبر الرابط أدناه، ثم أعيدوا تفعيل المصادقة الثنائية من ملفكم الشخصي.',
      },
      reset: {
        subject: 'ألغى المكتب تفعيل المصادقة الثنائية على حسابكم',
        what: 'ألغى أحد مسؤولي المكتب تفعيل المصادقة الثنائية لحسابكم في بوابة العملاء؛ وقد سُجّل خروج أجهزتكم وأُلغيت رموز الوصول الخاصة بكم.',
        advice: 'أصبح تسجيل دخولكم الآن بكلمة المرور وحدها: أعيدوا تفعيل المصادقة الثنائية من ملفكم الشخصي. وإذا لم تطلبوا شيئًا من المكتب، فاختاروا كلمة مرور جديدة عبر الرابط أدناه وأبلغوه بذلك.',
      },
      date: (at: string) => `التاريخ: ${at} (بتوقيت الجزائر)`,
      browser: (browser: string) => `المتصفح: ${browser}`,
    },
    passwordChanged: {
      subject: (kind: 'changed' | 'reset') => (kind === 'changed' ? 'تم تغيير كلمة المرور الخاصة بكم' : 'تمت إعادة تعيين كلمة المرور الخاصة بكم'),
      when: (kind: 'changed' | 'reset', at: string) => `${kind === 'changed' ? 'تم تغيير' : 'تمت إعادة تعيين'} كلمة مرور حسابكم في بوابة العملاء يوم ${at} (بتوقيت الجزائر).`,
      from: (browser: string, ip: string | null) => `المتصفح: ${browser}${ip ? `\nعنوان IP: ${ip}` : ''}`,
      devices: (kind: 'changed' | 'reset') => (kind === 'changed' ? 'تم تسجيل خروج أجهزتكم الأخرى.' : 'تم تسجيل خروج جميع أجهزتكم.'),
      advice: 'إذا لم تكونوا أنتم من أجرى هذا التغيير، فاختاروا فورًا كلمة مرور جديدة عبر الرابط أدناه وأبلغوا المكتب.',
    },
    invitation: {
      subject: (team: string) => `دعوة إلى بوابة العملاء — ${team}`,
      lines: (invitedBy: string, team: string) => [`يدعوكم ${invitedBy} إلى الانضمام إلى ${team} في بوابة العملاء.`, 'اختاروا كلمة المرور الخاصة بكم عبر الرابط أدناه (صالح لمدة 7 أيام، ولا يُستعمل إلا مرة واحدة).'],
      action: 'قبول الدعوة',
      footer: 'إذا لم تكونوا تنتظرون هذه الدعوة، يُرجى تجاهل هذه الرسالة.',
      firmTeam: 'فريق المكتب',
    },
  },
})
