import { catalogue, type WordsLike } from '../../shared/words.js'

/** The clients module's words (issue 30): the API's answers about accounts and profiles, in French; another language is typed after them. */
export const texts = {
  accepted: 'Utilisateur accepté avec succès.',
  alreadyAccepted: 'Cet utilisateur est déjà accepté.',
  unverified: 'Cet utilisateur n’a pas encore vérifié son adresse e-mail : il ne peut pas être accepté.',
  notFound: 'Utilisateur introuvable.',
  adminUntouchable: 'Un compte administrateur ne peut pas être accepté ni supprimé ici.',
  deleted: 'Compte supprimé avec succès.',
  notOwnProfile: 'Vous ne pouvez consulter que votre propre profil.',
  notOwnAccount: 'Vous ne pouvez supprimer que votre propre compte.',
  memberAccount: 'Votre compte fait partie de l’équipe de votre entreprise : seul son propriétaire peut vous en retirer.',
  adminOnly: 'Accès réservé aux administrateurs.',
  profileNotFound: 'Profil introuvable.',
} as const

const textsAr: WordsLike<typeof texts> = {
  accepted: 'تم قبول المستخدم بنجاح.',
  alreadyAccepted: 'هذا المستخدم مقبول من قبل.',
  unverified: 'لم يتحقق هذا المستخدم من بريده الإلكتروني بعد: لا يمكن قبوله.',
  notFound: 'المستخدم غير موجود.',
  adminUntouchable: 'لا يمكن قبول حساب مسؤول ولا حذفه من هنا.',
  deleted: 'تم حذف الحساب بنجاح.',
  notOwnProfile: 'لا يمكنكم الاطلاع إلا على ملفكم الشخصي.',
  notOwnAccount: 'لا يمكنكم حذف حساب غير حسابكم.',
  memberAccount: 'حسابكم جزء من فريق شركتكم: وحده مالك الفضاء يمكنه إخراجكم منه.',
  adminOnly: 'الدخول مخصَّص للمسؤولين.',
  profileNotFound: 'الملف الشخصي غير موجود.',
}

/** The module's catalogue: what its service refuses with, said at the HTTP edge in the request's language. */
export const words = /* @__PURE__ */ catalogue({ fr: texts, ar: textsAr })

/** The mail telling a client that the firm accepted them (contract §4), in the client's language (contract §10). */
export const mailWords = /* @__PURE__ */ catalogue({
  fr: {
    subject: 'Votre espace client est ouvert',
    greeting: 'Bonjour,',
    lines: ['Le cabinet a accepté votre inscription : votre espace client est maintenant ouvert.', 'Vous pouvez vous connecter et nous transmettre vos documents.'],
    action: 'Se connecter',
    footer: 'Message automatique du portail client du cabinet.',
  },
  ar: {
    subject: 'تم فتح فضاء العميل الخاص بكم',
    greeting: 'تحية طيبة،',
    lines: ['وافق المكتب على تسجيلكم: أصبح فضاء العميل الخاص بكم مفتوحًا الآن.', 'يمكنكم الآن تسجيل الدخول وإرسال وثائقكم إلينا.'],
    action: 'تسجيل الدخول',
    footer: 'رسالة آلية من بوابة العملاء الخاصة بالمكتب.',
  },
})
