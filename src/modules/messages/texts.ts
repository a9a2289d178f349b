/**
 * Every French word the messages module shows (API errors, mails, pages, the thread island), in one
 * place for the catalogue to come. Plain data: the island imports it as it imports validation.
 */
import { arabicCharacters, arabicCount, catalogue, type WordsLike } from '../../shared/words.js'

export const TEXT_MAX = 5000

export const texts = {
  // API
  textRequired: 'Le message est requis.',
  textTooLong: `Le message ne doit pas dépasser ${TEXT_MAX} caractères.`,
  textInvalid: 'Le message contient des caractères non autorisés.',
  noThread: 'Conversation introuvable.',
  notYours: 'Cette conversation ne vous concerne pas.',
  firmWritesInThreads: 'Le cabinet écrit dans la conversation de chaque client, depuis « Messages des clients ».',
  // Navigation
  navLink: 'Messages',
  adminNavLink: 'Messages des clients',
  unread: (n: number) => (n === 1 ? '1 message non lu' : `${n} messages non lus`),
  /** The navigation's badge counts up to 100 and shows « 99+ » past 99. */
  unreadBadge: (n: number) => (n > 99 ? 'plus de 99 messages non lus' : n === 1 ? '1 message non lu' : `${n} messages non lus`),
  // Pages
  clientTitle: 'Messages',
  clientLead: 'Écrivez au cabinet ici : vos messages restent dans votre espace et le cabinet vous répond au même endroit.',
  clientDescription: 'Vos échanges avec le cabinet.',
  adminTitle: (username: string) => `Messages — ${username}`,
  adminLead: 'La conversation avec ce client. Il est prévenu par e-mail de vos nouveaux messages.',
  adminDescription: 'Les échanges du cabinet avec un client.',
  threadsTitle: 'Messages des clients',
  threadsLead: 'Les conversations avec les clients, les plus récentes d’abord.',
  threadsEmpty: 'Aucune conversation pour le moment.',
  threadsClient: 'Client',
  threadsLast: 'Dernier message',
  threadsUnread: 'Non lus',
  threadsSearch: 'Nom, e-mail, entreprise ou dernier message',
  threadsFilter: 'Filtrer les conversations',
  threadsNone: 'Aucune conversation ne correspond à cette recherche.',
  openThread: (username: string) => `Ouvrir la conversation avec ${username}`,
  profileLink: 'Voir le profil',
  profileMessagesLink: 'Messages avec ce client',
  // The thread
  threadLabel: 'Conversation',
  empty: 'Aucun message pour le moment. Écrivez le premier.',
  older: 'Messages précédents',
  loadingOlder: 'Chargement…',
  you: 'Vous',
  firm: 'Le cabinet',
  /** A firm's message as the client reads it: who wrote it, of the firm (contract §9: the admin from the staff). */
  firmPerson: (username: string) => `${username} (cabinet)`,
  read: 'Lu',
  sentAt: 'Envoyé le',
  formLabel: 'Votre message',
  formHint: `Texte seul, ${TEXT_MAX} caractères au plus. Les liens http et https deviennent cliquables.`,
  send: 'Envoyer',
  sending: 'Envoi…',
  sent: 'Message envoyé.',
  // Mails (never the text: messages may be confidential, the mail goes through servers we do not control)
  firmMailSubject: (username: string) => `Nouveau message de ${username}`,
  firmMailLines: (username: string) => [`Le client ${username} vous a écrit sur le portail.`, 'Le message n’est pas repris ici : lisez-le sur le portail.'],
  firmMailAction: 'Lire la conversation',
  clientMailSubject: 'Nouveau message du cabinet',
  clientMailLines: ['Le cabinet vous a écrit dans votre espace client.', 'Pour votre confidentialité, le message n’est pas repris ici : connectez-vous pour le lire.'],
  clientMailAction: 'Lire mes messages',
  mailGreeting: 'Bonjour,',
  mailFooter: 'Message automatique du portail client du cabinet.',
} as const

const unreadAr = (n: number) => arabicCount(n, { one: 'رسالة واحدة غير مقروءة', two: 'رسالتان غير مقروءتين', few: 'رسائل غير مقروءة', many: 'رسالة غير مقروءة', other: 'رسالة غير مقروءة' })

export const textsAr: WordsLike<typeof texts> = {
  textRequired: 'الرسالة مطلوبة.',
  textTooLong: `يجب ألا تتجاوز الرسالة ${arabicCharacters(TEXT_MAX)}.`,
  textInvalid: 'تحتوي الرسالة على أحرف غير مسموح بها.',
  noThread: 'المحادثة غير موجودة.',
  notYours: 'هذه المحادثة لا تعنيكم.',
  firmWritesInThreads: 'يكتب المكتب في محادثة كل عميل، من « رسائل العملاء ».',
  navLink: 'الرسائل',
  adminNavLink: 'رسائل العملاء',
  unread: unreadAr,
  unreadBadge: (n: number) => (n > 99 ? 'أكثر من 99 رسالة غير مقروءة' : unreadAr(n)),
  clientTitle: 'الرسائل',
  clientLead: 'راسلوا المكتب من هنا: تبقى رسائلكم في فضائكم، ويردّ عليكم المكتب في المكان نفسه.',
  clientDescription: 'مراسلاتكم مع المكتب.',
  adminTitle: (username: string) => `الرسائل — ${username}`,
  adminLead: 'المحادثة مع هذا العميل. يُعلَم عبر البريد الإلكتروني برسائلكم الجديدة.',
  adminDescription: 'مراسلات المكتب مع أحد العملاء.',
  threadsTitle: 'رسائل العملاء',
  threadsLead: 'المحادثات مع العملاء، الأحدث أولًا.',
  threadsEmpty: 'لا توجد أي محادثة في الوقت الحالي.',
  threadsClient: 'العميل',
  threadsLast: 'آخر رسالة',
  threadsUnread: 'غير مقروءة',
  threadsSearch: 'الاسم أو البريد الإلكتروني أو الشركة أو آخر رسالة',
  threadsFilter: 'تصفية المحادثات',
  threadsNone: 'لا توجد محادثة تطابق هذا البحث.',
  openThread: (username: string) => `فتح المحادثة مع ${username}`,
  profileLink: 'عرض الملف الشخصي',
  profileMessagesLink: 'الرسائل مع هذا العميل',
  threadLabel: 'المحادثة',
  empty: 'لا توجد أي رسالة في الوقت الحالي. اكتبوا الرسالة الأولى.',
  older: 'الرسائل السابقة',
  loadingOlder: 'جارٍ التحميل…',
  you: 'أنتم',
  firm: 'المكتب',
  firmPerson: (username: string) => `${username} (المكتب)`,
  read: 'مقروءة',
  sentAt: 'أُرسلت في',
  formLabel: 'رسالتكم',
  formHint: `نص فقط، ${arabicCharacters(TEXT_MAX)} على الأكثر. تصبح روابط http وhttps قابلة للنقر.`,
  send: 'إرسال',
  sending: 'جارٍ الإرسال…',
  sent: 'تم إرسال الرسالة.',
  firmMailSubject: (username: string) => `رسالة جديدة من ${username}`,
  firmMailLines: (username: string) => [`كتب إليكم العميل ${username} على البوابة.`, 'لا تُنقل الرسالة هنا: اقرؤوها على البوابة.'],
  firmMailAction: 'قراءة المحادثة',
  clientMailSubject: 'رسالة جديدة من المكتب',
  clientMailLines: ['كتب إليكم المكتب في فضائكم.', 'حفاظًا على سرّية معلوماتكم، لا تُنقل الرسالة هنا: سجّلوا الدخول لقراءتها.'],
  clientMailAction: 'قراءة رسائلي',
  mailGreeting: 'تحية طيبة،',
  mailFooter: 'رسالة آلية من بوابة عملاء المكتب.',
}

/** The module's words in each language: the API's, the pages', the thread island's and the mails'. */
export const messageWords = /* @__PURE__ */ catalogue({ fr: texts, ar: textsAr })
