/**
 * Every French word of the requests module, in one place (a catalogue will take them later): the
 * API's messages, the mails, and the labels the pages and islands show.
 */
import { arabicCharacters, catalogue, type WordsLike } from '../../shared/words.js'

export const TITLE_MAX = 200
export const NOTE_MAX = 2000

export const messages = {
  clientRequired: 'Veuillez choisir un client.',
  notAClient: 'Ce compte n’est pas un client accepté : impossible de lui demander un document.',
  clientNotFound: 'Client introuvable.',
  tooManyForClient: 'Trop de demandes pour ce client : 20 au plus en 24 heures. Réessayez plus tard.',
  typeRequired: 'Type de document requis',
  unknownType: 'Type de document inconnu.',
  titleRequired: 'Titre requis',
  titleTooLong: `Le titre ne doit pas dépasser ${TITLE_MAX} caractères.`,
  titleInvalid: 'Le titre contient des caractères non autorisés.',
  noteTooLong: `La note ne doit pas dépasser ${NOTE_MAX} caractères.`,
  noteInvalid: 'La note contient des caractères non autorisés.',
  dueDateRequired: 'Date limite requise',
  dueDateInvalid: 'Date limite invalide : attendu AAAA-MM-JJ.',
  dueDatePast: 'La date limite doit être aujourd’hui ou plus tard.',
  created: 'Demande envoyée au client.',
  cancelled: 'Demande annulée.',
  notFound: 'Demande introuvable.',
  alreadyFulfilled: 'Cette demande a déjà reçu son document.',
  alreadyCancelled: 'Cette demande a été annulée par le cabinet.',
  otherClient: 'Cette demande a été faite à un autre client : choisissez une demande de ce client.',
  badStatus: 'État de demande inconnu.',
} as const

export const messagesAr: WordsLike<typeof messages> = {
  clientRequired: 'يرجى اختيار عميل.',
  notAClient: 'هذا الحساب ليس حساب عميل مقبول: لا يمكن أن تُطلب منه وثيقة.',
  clientNotFound: 'العميل غير موجود.',
  tooManyForClient: 'طلبات كثيرة جدًا لهذا العميل: 20 طلبًا على الأكثر في 24 ساعة. أعيدوا المحاولة لاحقًا.',
  typeRequired: 'نوع الوثيقة مطلوب',
  unknownType: 'نوع الوثيقة غير معروف.',
  titleRequired: 'العنوان مطلوب',
  titleTooLong: `يجب ألا يتجاوز العنوان ${arabicCharacters(TITLE_MAX)}.`,
  titleInvalid: 'يحتوي العنوان على أحرف غير مسموح بها.',
  noteTooLong: `يجب ألا تتجاوز الملاحظة ${arabicCharacters(NOTE_MAX)}.`,
  noteInvalid: 'تحتوي الملاحظة على أحرف غير مسموح بها.',
  dueDateRequired: 'آخر أجل مطلوب',
  dueDateInvalid: 'آخر أجل غير صالح: الصيغة المنتظرة YYYY-MM-DD.',
  dueDatePast: 'يجب أن يكون آخر أجل اليوم أو بعده.',
  created: 'تم إرسال الطلب إلى العميل.',
  cancelled: 'تم إلغاء الطلب.',
  notFound: 'الطلب غير موجود.',
  alreadyFulfilled: 'تلقّى هذا الطلب وثيقته من قبل.',
  alreadyCancelled: 'ألغى المكتب هذا الطلب.',
  otherClient: 'وُجِّه هذا الطلب إلى عميل آخر: اختاروا طلبًا من طلبات هذا العميل.',
  badStatus: 'حالة الطلب غير معروفة.',
}

/** The form's messages, the island's and the server's alike (./words.ts's catalogue is this one). */
export const formWords = /* @__PURE__ */ catalogue({ fr: messages, ar: messagesAr })

/** The states a list filters on: `overdue` is computed (open, and due before today in Algiers). */
export const STATUS_FILTERS = ['open', 'overdue', 'fulfilled', 'cancelled'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

export const statusLabels: Record<StatusFilter, string> = {
  open: 'Ouverte',
  overdue: 'En retard',
  fulfilled: 'Reçue',
  cancelled: 'Annulée',
}

export const statusLabelsAr: Record<StatusFilter, string> = {
  open: 'مفتوح',
  overdue: 'متأخر',
  fulfilled: 'مُستلَم',
  cancelled: 'ملغى',
}

/** The state filter's choices (admin list), plural. */
export const statusFilterLabels: Record<StatusFilter | '', string> = {
  '': 'Toutes',
  open: 'Ouvertes',
  overdue: 'En retard',
  fulfilled: 'Reçues',
  cancelled: 'Annulées',
}

export const statusFilterLabelsAr: Record<StatusFilter | '', string> = {
  '': 'الكل',
  open: 'المفتوحة',
  overdue: 'المتأخرة',
  fulfilled: 'المُستلَمة',
  cancelled: 'الملغاة',
}

export const pageTexts = {
  listTitle: 'Demandes',
  listLead: 'Les documents demandés aux clients, avec leur date limite. Une demande est en retard quand sa date limite est passée sans document reçu.',
  sidebar: 'Demandes',
  overdueCard: 'Demandes en retard',
  overdueHint: 'Date limite passée',
  askTitle: 'Demander un document',
  askLead: 'Le client reçoit la demande par e-mail, puis des rappels avant et après la date limite.',
  clientLabel: 'Client',
  clientChoose: 'Choisissez un client',
  typeLabel: 'Type de document',
  typeChoose: 'Choisissez le type',
  titleLabel: 'Intitulé',
  noteLabel: 'Note pour le client',
  dueDateLabel: 'Date limite',
  submit: 'Envoyer la demande',
  sending: 'Envoi…',
  cancel: 'Annuler la demande',
  cancelConfirmTitle: 'Annuler cette demande ?',
  cancelConfirmBody: (title: string, username: string) => `La demande « ${title} » adressée à ${username} sera annulée et le client ne recevra plus de rappel.`,
  cancelConfirmAction: 'Annuler la demande',
  clientRequestsTitle: 'Demandes de documents',
  noRequests: 'Aucune demande pour ce client.',
  allOfClient: 'Toutes ses demandes',
  profileLink: 'Voir le profil du client',
  tooManyClients: 'Pour demander un document, ouvrez la fiche du client (liste des clients).',
  spaceTitle: 'Mon espace',
  spaceLead: 'Les documents que le cabinet vous demande, puis vos documents.',
  pendingTitle: 'Documents demandés par le cabinet',
  noPending: 'Le cabinet ne vous demande aucun document pour le moment.',
  dueOn: 'À envoyer avant le',
  overdueSince: 'En retard : attendu le',
  send: 'Envoyer',
  answering: 'Vous répondez à la demande',
  otherUpload: 'Envoyer un autre document',
  waitingLead: 'Votre compte est en attente d’acceptation par le cabinet. Vous pourrez déposer vos documents dès qu’il sera accepté.',
  uploadTitle: 'Choisir Vos Documents et Télécharge',
  uploadLead: 'Choisissez le type de document, décrivez-le si besoin, puis joignez le fichier.',
  answeredTitle: 'Demandes reçues par le cabinet',
  ownTitle: 'Mes documents',
  ownLead: (shown: number, total: number) => (total > shown ? `Vos ${shown} documents les plus récents sur ${total}.` : 'Les documents que vous avez envoyés au cabinet.'),
  ownAll: 'Tous mes documents',
  ownNone: 'Vous n’avez encore envoyé aucun document.',
  fulfilledOn: 'reçue le',
  uploadedBy: (username: string) => `déposé par ${username}`,
  columns: { title: 'Demande', client: 'Client', type: 'Type', dueDate: 'Date limite', status: 'État', createdAt: 'Créée le', documents: 'Documents' },
  search: 'Intitulé, note, client ou entreprise',
  empty: 'Aucune demande.',
  caption: 'Demandes de documents',
} as const

export const pageTextsAr: WordsLike<typeof pageTexts> = {
  listTitle: 'الطلبات',
  listLead: 'الوثائق المطلوبة من العملاء مع آخر أجل لكل منها. يكون الطلب متأخرًا إذا انقضى آخر أجله دون استلام الوثيقة.',
  sidebar: 'الطلبات',
  overdueCard: 'طلبات متأخرة',
  overdueHint: 'انقضى آخر أجل',
  askTitle: 'طلب وثيقة',
  askLead: 'يتلقّى العميل الطلب عبر البريد الإلكتروني، ثم تذكيرات قبل آخر أجل وبعده.',
  clientLabel: 'العميل',
  clientChoose: 'اختاروا عميلًا',
  typeLabel: 'نوع الوثيقة',
  typeChoose: 'اختاروا النوع',
  titleLabel: 'العنوان',
  noteLabel: 'ملاحظة للعميل',
  dueDateLabel: 'آخر أجل',
  submit: 'إرسال الطلب',
  sending: 'جارٍ الإرسال…',
  cancel: 'إلغاء الطلب',
  cancelConfirmTitle: 'إلغاء هذا الطلب؟',
  cancelConfirmBody: (title: string, username: string) => `سيُلغى الطلب « ${title} » الموجَّه إلى ${username} ولن يتلقّى العميل أي تذكير بعد الآن.`,
  cancelConfirmAction: 'إلغاء الطلب',
  clientRequestsTitle: 'طلبات الوثائق',
  noRequests: 'لا يوجد أي طلب لهذا العميل.',
  allOfClient: 'جميع طلباته',
  profileLink: 'عرض الملف الشخصي للعميل',
  tooManyClients: 'لطلب وثيقة، افتحوا بطاقة العميل (قائمة العملاء).',
  spaceTitle: 'فضائي',
  spaceLead: 'الوثائق التي يطلبها منكم المكتب، ثم وثائقكم.',
  pendingTitle: 'الوثائق التي يطلبها المكتب',
  noPending: 'لا يطلب منكم المكتب أي وثيقة في الوقت الحالي.',
  dueOn: 'تُرسَل قبل',
  overdueSince: 'متأخر: كان منتظرًا في',
  send: 'إرسال',
  answering: 'أنتم تردّون على الطلب',
  otherUpload: 'إرسال وثيقة أخرى',
  waitingLead: 'حسابكم في انتظار قبول المكتب. يمكنكم إيداع وثائقكم بمجرد قبوله.',
  uploadTitle: 'اختاروا وثائقكم وأرسلوها',
  uploadLead: 'اختاروا نوع الوثيقة، وصِفوها إن لزم الأمر، ثم أرفقوا الملف.',
  answeredTitle: 'الطلبات التي تلقّاها المكتب',
  ownTitle: 'وثائقي',
  ownLead: (shown: number, total: number) => (total > shown ? `أحدث ${shown} من وثائقكم من أصل ${total}.` : 'الوثائق التي أرسلتموها إلى المكتب.'),
  ownAll: 'جميع وثائقي',
  ownNone: 'لم ترسلوا أي وثيقة بعد.',
  fulfilledOn: 'استُلم في',
  uploadedBy: (username: string) => `أودعها ${username}`,
  columns: { title: 'الطلب', client: 'العميل', type: 'النوع', dueDate: 'آخر أجل', status: 'الحالة', createdAt: 'أُنشئ في', documents: 'الوثائق' },
  search: 'العنوان أو الملاحظة أو العميل أو الشركة',
  empty: 'لا يوجد أي طلب.',
  caption: 'طلبات الوثائق',
}

/** The pages' and islands' words of requests, in each language (their state labels included). */
export const pageWords = /* @__PURE__ */ catalogue({ fr: { ...pageTexts, statusLabels, statusFilterLabels }, ar: { ...pageTextsAr, statusLabels: statusLabelsAr, statusFilterLabels: statusFilterLabelsAr } })

/** The mails' words; `date` is the due date already in French ("12 décembre 2026"). */
export const mailTexts = {
  footer: 'Message automatique du portail client du cabinet.',
  action: 'Envoyer le document',
  created: {
    subject: (title: string) => `Le cabinet vous demande un document : ${title}`,
    lead: 'Le cabinet vous demande le document suivant :',
  },
  soon: {
    subject: (title: string) => `Rappel : ${title} (dans 3 jours)`,
    lead: 'Rappel : le cabinet attend toujours le document suivant, dans 3 jours :',
  },
  due: {
    subject: (title: string) => `Rappel : ${title} (aujourd’hui)`,
    lead: 'Rappel : le document suivant est attendu aujourd’hui :',
  },
  overdue: {
    subject: (title: string) => `Document en retard : ${title}`,
    lead: (days: number) => `Le document suivant est en retard de ${days} jours :`,
  },
  lines: (type: string, date: string, note: string) => [`Type : ${type}`, `Date limite : ${date}`, ...(note ? ['', note] : [])],
  fulfilled: {
    subject: (username: string, title: string) => `Demande reçue — ${username} : ${title}`,
    lines: (username: string, title: string, type: string, fileName: string) => [`Client : ${username}`, `Demande : ${title}`, `Type : ${type}`, `Fichier : ${fileName}`],
    action: 'Voir les demandes reçues',
  },
} as const
