import { formatsFor } from '../../shared/formats.js'
import { arabicCharacters, catalogue, joined, type WordsLike } from '../../shared/words.js'

/** A client's room in each language's megabytes (the refusals take bytes: the words write them). */
const mo = (bytes: number) => formatsFor('fr').megabytes(bytes)
const mb = (bytes: number) => formatsFor('ar').megabytes(bytes)

/**
 * The documents module's words (issue 30): French, the specification's where it has them (§5), word
 * for word; another language is typed after them (`catalogue`). Also the figures they quote, which
 * ./validation.ts's rules re-export.
 */
export const TYPE_NAME_MAX = 100
export const DESCRIPTION_MAX = 2000
/** A document's name (the column's size). */
export const DOCUMENT_NAME_MAX = 255

/** Spec §9: the extensions the picker and the server accept (content is checked too, on the server). */
export const ACCEPTED_EXTENSIONS = ['pdf', 'xls', 'xlsx', 'docx', 'jpeg', 'jpg', 'png'] as const

/** The words the API, the pages and the islands share (./validation.ts hands them to the islands). */
export const messages = {
  typeRequired: 'Type de document requis',
  fileRequired: 'Veuillez sélectionner un fichier',
  typeNameRequired: 'Nom de Type requis',
  typeNameTooLong: `Le nom du type ne doit pas dépasser ${TYPE_NAME_MAX} caractères.`,
  typeNameInvalid: 'Le nom du type contient des caractères non autorisés.',
  descriptionTooLong: `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères.`,
  extensionRefused: `Type de fichier non accepté. Formats acceptés : ${ACCEPTED_EXTENSIONS.join(', ')}.`,
  contentRefused: 'Le contenu du fichier ne correspond pas à son extension : fichier refusé.',
  tooLarge: (maxMb: number) => `Fichier trop volumineux : ${maxMb} Mo au maximum.`,
  clientSpaceFull: (left: number, quota: number) => `Espace de stockage du client insuffisant : il lui reste ${mo(left)} sur ${mo(quota)}. Demandez-lui de faire de la place, ou augmentez CLIENT_QUOTA_MB.`,
  quotaExceeded: (left: number, quota: number) => `Espace de stockage insuffisant : il vous reste ${mo(left)} sur ${mo(quota)}. Supprimez des documents que le cabinet n’a pas encore consultés, ou contactez le cabinet.`,
  notOwnUpload: 'Vous ne pouvez déposer des documents que pour votre propre compte.',
  notAccepted: 'Votre compte doit être accepté par le cabinet avant de déposer des documents.',
  unknownType: 'Type de document inconnu.',
  uploaded: 'Document envoyé avec succès.',
  typeAdded: 'Type ajouté avec succès !',
  typeAddFailed: "Erreur lors de l'ajout du type",
  typeExists: 'Ce type de document existe déjà.',
  typeDeleted: 'Type supprimé avec succès.',
  typeDeleteFailed: 'Erreur lors de la suppression du type',
  typeNotFound: 'Type de document introuvable.',
  /** Contract §8: a type is editable (renamed); its documents and requests keep it. */
  typeRenamed: 'Type renommé avec succès.',
  notFound: 'Document introuvable.',
  descriptionInvalid: 'La description contient des caractères non autorisés.',
  ownerGone: 'Compte introuvable.',
  deleted: 'Document supprimé avec succès.',
  archived: 'Document archivé avec succès.',
  /** « Voir » posted without JavaScript (contract §8): the API answers the document itself, the page says this. */
  markedViewed: 'Document marqué comme consulté.',
  notViewedYet: 'Seul un document déjà consulté peut être archivé.',
  alreadyViewed: 'Ce document a déjà été consulté par le cabinet : il ne peut plus être supprimé.',
  notOwner: 'Ce document ne vous appartient pas.',
  // The firm sends documents (contract §7, issue 16) and restores archived ones.
  nameTooLong: `Le nom du document ne doit pas dépasser ${DOCUMENT_NAME_MAX} caractères.`,
  nameInvalid: 'Le nom du document contient des caractères non autorisés.',
  recipientMissing: 'Client introuvable.',
  recipientIsAdmin: 'Ce compte est celui d’un administrateur : seuls les clients reçoivent des documents du cabinet.',
  recipientNotAccepted: 'Ce client n’est pas encore accepté : son espace n’est pas ouvert.',
  sent: 'Document envoyé au client.',
  fromFirm: 'Ce document vous a été envoyé par le cabinet : vous ne pouvez ni le supprimer ni l’archiver.',
  firmSentNotArchived: 'Un document envoyé par le cabinet ne s’archive pas.',
  restored: 'Document restauré avec succès.',
  notArchived: 'Seul un document archivé peut être restauré.',
  // Legal holds (contract §12).
  held: 'Document placé sous conservation légale.',
  holdReleased: 'Conservation légale levée.',
  notHeld: 'Ce document n’est pas sous conservation légale.',
  heldNotDeleted: 'Ce document est sous conservation légale : personne ne peut le supprimer tant qu’elle n’est pas levée.',
  heldType: 'Des documents de ce type sont sous conservation légale : le type ne peut pas être supprimé tant qu’elle n’est pas levée.',
  heldAccount: 'Ce compte détient des documents sous conservation légale : il ne peut pas être supprimé tant qu’elle n’est pas levée.',
  companyHeld: (count: number) => `Documents de l’entreprise placés sous conservation légale : ${count}.`,
  companyReleased: (count: number) => `Conservation légale levée pour les documents de l’entreprise : ${count}.`,
  companyMissing: 'Entreprise introuvable.',
  holdAction: 'Conserver',
  releaseAction: 'Lever la conservation',
  onHold: 'Conservation légale',
} as const

export const messagesAr: WordsLike<typeof messages> = {
  typeRequired: 'نوع الوثيقة مطلوب',
  fileRequired: 'يرجى اختيار ملف',
  typeNameRequired: 'اسم النوع مطلوب',
  typeNameTooLong: `يجب ألا يتجاوز اسم النوع ${arabicCharacters(TYPE_NAME_MAX)}.`,
  typeNameInvalid: 'يحتوي اسم النوع على أحرف غير مسموح بها.',
  descriptionTooLong: `يجب ألا يتجاوز الوصف ${arabicCharacters(DESCRIPTION_MAX)}.`,
  extensionRefused: `نوع الملف غير مقبول. الصيغ المقبولة: ${ACCEPTED_EXTENSIONS.join('، ')}.`,
  contentRefused: 'محتوى الملف لا يطابق امتداده: تم رفض الملف.',
  tooLarge: (maxMb: number) => `الملف كبير جدًا: ${maxMb} ميغابايت على الأكثر.`,
  clientSpaceFull: (left: number, quota: number) => `مساحة تخزين العميل غير كافية: بقي له ${mb(left)} من أصل ${mb(quota)}. اطلبوا منه إفراغ بعض المساحة، أو زيدوا قيمة CLIENT_QUOTA_MB.`,
  quotaExceeded: (left: number, quota: number) => `مساحة التخزين غير كافية: بقي لكم ${mb(left)} من أصل ${mb(quota)}. احذفوا وثائق لم يطّلع عليها المكتب بعد، أو اتصلوا بالمكتب.`,
  notOwnUpload: 'لا يمكنكم إيداع وثائق إلا لحسابكم الخاص.',
  notAccepted: 'يجب أن يقبل المكتب حسابكم قبل إيداع الوثائق.',
  unknownType: 'نوع الوثيقة غير معروف.',
  uploaded: 'تم إرسال الوثيقة بنجاح.',
  typeAdded: 'تمت إضافة النوع بنجاح!',
  typeAddFailed: 'حدث خطأ أثناء إضافة النوع',
  typeExists: 'نوع الوثيقة هذا موجود من قبل.',
  typeDeleted: 'تم حذف النوع بنجاح.',
  typeDeleteFailed: 'حدث خطأ أثناء حذف النوع',
  typeNotFound: 'نوع الوثيقة غير موجود.',
  typeRenamed: 'تمت إعادة تسمية النوع بنجاح.',
  notFound: 'الوثيقة غير موجودة.',
  descriptionInvalid: 'يحتوي الوصف على أحرف غير مسموح بها.',
  ownerGone: 'الحساب غير موجود.',
  deleted: 'تم حذف الوثيقة بنجاح.',
  archived: 'تمت أرشفة الوثيقة بنجاح.',
  markedViewed: 'تم تعليم الوثيقة كوثيقة مُطَّلع عليها.',
  notViewedYet: 'لا تُؤرشف إلا وثيقة سبق الاطلاع عليها.',
  alreadyViewed: 'سبق أن اطّلع المكتب على هذه الوثيقة: لم يعد بالإمكان حذفها.',
  notOwner: 'هذه الوثيقة لا تخصّكم.',
  nameTooLong: `يجب ألا يتجاوز اسم الوثيقة ${arabicCharacters(DOCUMENT_NAME_MAX)}.`,
  nameInvalid: 'يحتوي اسم الوثيقة على أحرف غير مسموح بها.',
  recipientMissing: 'العميل غير موجود.',
  recipientIsAdmin: 'هذا الحساب حساب مسؤول: العملاء وحدهم يتلقّون وثائق المكتب.',
  recipientNotAccepted: 'لم يُقبل هذا العميل بعد: فضاؤه غير مفتوح.',
  sent: 'تم إرسال الوثيقة إلى العميل.',
  fromFirm: 'أرسل إليكم المكتب هذه الوثيقة: لا يمكنكم حذفها ولا أرشفتها.',
  firmSentNotArchived: 'لا تُؤرشف وثيقة أرسلها المكتب.',
  restored: 'تمت استعادة الوثيقة بنجاح.',
  notArchived: 'لا تُستعاد إلا وثيقة مؤرشفة.',
  held: 'وُضعت الوثيقة تحت الحفظ القانوني.',
  holdReleased: 'رُفع الحفظ القانوني.',
  notHeld: 'هذه الوثيقة ليست تحت الحفظ القانوني.',
  heldNotDeleted: 'هذه الوثيقة تحت الحفظ القانوني: لا يمكن لأحد حذفها ما لم يُرفع الحفظ.',
  heldType: 'توجد وثائق من هذا النوع تحت الحفظ القانوني: لا يمكن حذف النوع ما لم يُرفع الحفظ.',
  heldAccount: 'يملك هذا الحساب وثائق تحت الحفظ القانوني: لا يمكن حذفه ما لم يُرفع الحفظ.',
  companyHeld: (count: number) => `وثائق المؤسسة التي وُضعت تحت الحفظ القانوني: ${count}.`,
  companyReleased: (count: number) => `وثائق المؤسسة التي رُفع عنها الحفظ القانوني: ${count}.`,
  companyMissing: 'المؤسسة غير موجودة.',
  holdAction: 'وضع تحت الحفظ',
  releaseAction: 'رفع الحفظ',
  onHold: 'حفظ قانوني',
}

/** The words the islands show, in each language (an island takes this catalogue, not `words`). */
export const formWords = /* @__PURE__ */ catalogue({ fr: messages, ar: messagesAr })

/** The server's alone (no island shows them): the multipart body's own refusals, a file opened without a session. */
const serverWords = {
  loginRequired: 'Veuillez vous connecter.',
  tooManyParts: 'Trop de champs ou de fichiers dans l’envoi.',
  uploadBroken: 'Envoi du fichier interrompu ou mal formé.',
} as const

/** The module's catalogue: what its services refuse with, said at the HTTP edge in the request's language. */
const serverWordsAr: WordsLike<typeof serverWords> = {
  loginRequired: 'يرجى تسجيل الدخول.',
  tooManyParts: 'حقول أو ملفات كثيرة جدًا في الإرسال.',
  uploadBroken: 'انقطع إرسال الملف أو وصل بصيغة غير سليمة.',
}

export const words = /* @__PURE__ */ catalogue({ fr: /* @__PURE__ */ joined(messages, serverWords), ar: /* @__PURE__ */ joined(messagesAr, serverWordsAr) })

/**
 * The mail telling a client's people that the firm sent them a document (contract §7), in each
 * person's language (contract §10). The firm's upload notices stay French (./upload-notices.ts).
 */
export const mailWords = /* @__PURE__ */ catalogue({
  fr: {
    subject: 'Le cabinet vous a envoyé un document',
    greeting: 'Bonjour,',
    lead: 'Le cabinet vous a envoyé un document dans votre espace client :',
    answers: (title: string) => `Il répond à la demande « ${title} » : vous n’avez plus rien à envoyer pour elle.`,
    where: 'Vous le trouverez sous « Reçus du cabinet ».',
    action: 'Voir le document',
    footer: 'Message automatique du portail client du cabinet.',
  },
  ar: {
    subject: 'أرسل إليكم المكتب وثيقة',
    greeting: 'تحية طيبة،',
    lead: 'أرسل إليكم المكتب وثيقة في فضاء العميل الخاص بكم:',
    answers: (title: string) => `وهي تستجيب للطلب « ${title} »: لم يعد عليكم إرسال أي شيء بخصوصه.`,
    where: 'ستجدونها في قسم « الوثائق المستلمة من المكتب ».',
    action: 'عرض الوثيقة',
    footer: 'رسالة آلية من بوابة العملاء الخاصة بالمكتب.',
  },
})
