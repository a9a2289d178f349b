import { catalogue, type WordsLike } from '../../shared/words.js'

/** The words of a company's team (contract §9): the API's answers, the /team page and its island. */
export const memberTexts = {
  companyOnly: 'L’équipe d’une entreprise cliente n’est accessible qu’à ses membres.',
  ownerOnly: 'Seul le propriétaire de l’espace peut inviter ou retirer des membres de l’équipe.',
  notAccepted: 'Votre espace doit d’abord être validé par le cabinet : vous pourrez ensuite inviter vos collaborateurs.',
  notFound: 'Membre introuvable.',
  notYourself: 'Vous êtes le propriétaire de l’espace : vous ne pouvez pas vous retirer de l’équipe.',
  invited: (email: string) => `Invitation envoyée à ${email}. Le lien est valable 7 jours.`,
  reinvited: (email: string) => `Une nouvelle invitation a été envoyée à ${email} : le lien précédent ne fonctionne plus.`,
  removed: (username: string) => `${username} ne fait plus partie de l’équipe : son accès au portail est fermé.`,
} as const

export const memberTextsAr: WordsLike<typeof memberTexts> = {
  companyOnly: 'فريق الشركة العميلة متاح لأعضائه فقط.',
  ownerOnly: 'وحده مالك الفضاء يمكنه دعوة أعضاء الفريق أو إخراجهم.',
  notAccepted: 'يجب أن يصادق المكتب أولًا على فضائكم: بعد ذلك يمكنكم دعوة معاونيكم.',
  notFound: 'العضو غير موجود.',
  notYourself: 'أنتم مالك الفضاء: لا يمكنكم إخراج أنفسكم من الفريق.',
  invited: (email: string) => `تم إرسال الدعوة إلى ${email}. الرابط صالح لمدة 7 أيام.`,
  reinvited: (email: string) => `تم إرسال دعوة جديدة إلى ${email}: لم يعد الرابط السابق صالحًا.`,
  removed: (username: string) => `لم يعد ${username} من الفريق: أُغلق وصوله إلى البوابة.`,
}

/** The /team page's words (views/pages/team, views/islands/TeamMembers). */
export const teamPageTexts = {
  navLink: 'Équipe',
  title: 'Équipe',
  description: 'Les personnes de votre entreprise qui ont accès à votre espace sur le portail.',
  lead: 'Les personnes de votre entreprise qui ont accès à votre espace : elles partagent vos documents, les demandes du cabinet et la conversation avec lui, chacune avec son adresse e-mail et son mot de passe.',
  readOnly: 'Seul le propriétaire de l’espace peut inviter ou retirer des membres.',
  listTitle: 'Membres de l’équipe',
  name: 'Nom',
  email: 'E-mail',
  role: 'Rôle',
  status: 'Statut',
  lastSeen: 'Dernière activité',
  never: 'jamais',
  owner: 'Propriétaire',
  member: 'Membre',
  invitedStatus: 'Invité',
  activeStatus: 'Actif',
  you: '(vous)',
  actions: 'Action',
  empty: 'Aucun membre ne correspond à cette recherche.',
  inviteTitle: 'Inviter un collaborateur',
  inviteLead: 'La personne reçoit un e-mail avec un lien, valable 7 jours, pour choisir son mot de passe. Inviter à nouveau une personne déjà invitée lui envoie un nouveau lien.',
  inviteEmail: 'Adresse e-mail',
  inviteName: 'Nom',
  inviteNameHint: 'Le nom affiché au cabinet et à l’équipe ; la personne pourra le corriger en acceptant l’invitation.',
  inviteSubmit: 'Envoyer l’invitation',
  inviting: 'Envoi…',
  remove: 'Retirer',
  removing: 'Retrait…',
  removeLabel: (username: string) => `Retirer ${username} de l’équipe`,
  removeTitle: (username: string) => `Retirer ${username} de l’équipe ?`,
  removeText: 'Cette personne ne pourra plus se connecter : ses sessions et ses jetons d’accès sont fermés immédiatement, et une invitation en attente ne fonctionnera plus. Les documents et les messages de l’entreprise restent dans votre espace.',
  removeConfirm: 'Retirer de l’équipe',
  search: 'Rechercher un nom ou une adresse',
} as const

export const teamPageTextsAr: WordsLike<typeof teamPageTexts> = {
  navLink: 'الفريق',
  title: 'الفريق',
  description: 'الأشخاص من شركتكم الذين يمكنهم الوصول إلى فضائكم على البوابة.',
  lead: 'الأشخاص من شركتكم الذين يمكنهم الوصول إلى فضائكم: يتقاسمون معكم الوثائق وطلبات المكتب والمحادثة معه، ولكلٍّ منهم بريده الإلكتروني وكلمة مروره.',
  readOnly: 'وحده مالك الفضاء يمكنه دعوة الأعضاء أو إخراجهم.',
  listTitle: 'أعضاء الفريق',
  name: 'الاسم',
  email: 'البريد الإلكتروني',
  role: 'الدور',
  status: 'الحالة',
  lastSeen: 'آخر نشاط',
  never: 'أبدًا',
  owner: 'المالك',
  member: 'عضو',
  invitedStatus: 'مدعو',
  activeStatus: 'نشط',
  you: '(أنتم)',
  actions: 'إجراء',
  empty: 'لا يوجد عضو يطابق هذا البحث.',
  inviteTitle: 'دعوة معاون',
  inviteLead: 'يتلقّى الشخص بريدًا إلكترونيًا فيه رابط صالح لمدة 7 أيام لاختيار كلمة مروره. إعادة دعوة شخص سبقت دعوته ترسل إليه رابطًا جديدًا.',
  inviteEmail: 'البريد الإلكتروني',
  inviteName: 'الاسم',
  inviteNameHint: 'الاسم الذي يظهر للمكتب وللفريق؛ ويمكن للشخص تصحيحه عند قبول الدعوة.',
  inviteSubmit: 'إرسال الدعوة',
  inviting: 'جارٍ الإرسال…',
  remove: 'إخراج',
  removing: 'جارٍ الإخراج…',
  removeLabel: (username: string) => `إخراج ${username} من الفريق`,
  removeTitle: (username: string) => `إخراج ${username} من الفريق؟`,
  removeText: 'لن يتمكن هذا الشخص من تسجيل الدخول بعد الآن: تُغلق جلساته ورموز الوصول الخاصة به فورًا، ولن تعمل أي دعوة معلّقة. تبقى وثائق الشركة ورسائلها في فضائكم.',
  removeConfirm: 'إخراج من الفريق',
  search: 'البحث عن اسم أو عنوان',
}

/** The members' API words in each language, the island's and the server's alike (./words.ts's memberWords). */
export const memberWords = /* @__PURE__ */ catalogue({ fr: memberTexts, ar: memberTextsAr })

/** The /team page's and island's words, in each language. */
export const teamPageWords = /* @__PURE__ */ catalogue({ fr: teamPageTexts, ar: teamPageTextsAr })

export const TEAM_PAGE = '/team'
