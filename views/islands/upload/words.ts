import { arabicCount, catalogue } from '../../../src/shared/words.js'

/** The upload forms' own words, in each language (the checks' messages are in src/modules/documents/validation.ts). */
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`
const files = (n: number) => arabicCount(n, { one: 'ملف واحد', two: 'ملفان', few: 'ملفات', many: 'ملفًا', other: 'ملف' })

export const uploadWords = /* @__PURE__ */ catalogue({
  fr: {
    typeLabel: 'Type de document',
    typePlaceholder: 'Selecte le type',
    descriptionLabel: 'Description',
    descriptionHint: 'La même description accompagne chaque fichier envoyé ensemble.',
    filesLabel: 'Fichiers',
    /** Without JavaScript the form sends one file. */
    fileLabel: 'Fichier',
    filesHint: (maxMb: number) => `PDF, Word (docx), Excel (xls, xlsx), JPEG ou PNG ; ${maxMb} Mo au maximum par fichier.`,
    dropHint: 'Vous pouvez aussi déposer vos fichiers ici.',
    submit: 'Envoyez',
    submitting: 'Envoi…',
    waiting: 'En attente',
    ready: 'Prêt à envoyer',
    sent: 'Envoyé',
    cancelled: 'Envoi annulé.',
    networkError: 'Envoi interrompu : vérifiez votre connexion, puis réessayez.',
    cancel: 'Annuler',
    cancelOf: (name: string) => `Annuler l’envoi de ${name}`,
    remove: 'Retirer',
    removeOf: (name: string) => `Retirer ${name}`,
    retry: 'Réessayer',
    retryOf: (name: string) => `Réessayer l’envoi de ${name}`,
    progressOf: (name: string) => `Progression de l’envoi de ${name}`,
    percent: (n: number) => `${n} %`,
    added: (count: number, refused: number) =>
      `${plural(count, 'fichier ajouté', 'fichiers ajoutés')}${refused > 0 ? `, dont ${plural(refused, 'refusé', 'refusés')} : voir la liste` : ''}.`,
    summary: (sent: number, failed: number, cancelled: number) =>
      `Envoi terminé : ${plural(sent, 'envoyé', 'envoyés')}, ${failed} en erreur${cancelled > 0 ? `, ${plural(cancelled, 'annulé', 'annulés')}` : ''}.`,
  },
  ar: {
    typeLabel: 'نوع الوثيقة',
    typePlaceholder: 'اختاروا النوع',
    descriptionLabel: 'الوصف',
    descriptionHint: 'يرافق الوصف نفسه كل ملف يُرسل معًا.',
    filesLabel: 'الملفات',
    fileLabel: 'الملف',
    filesHint: (maxMb: number) => `PDF أو Word (docx) أو Excel (xls، xlsx) أو JPEG أو PNG؛ ${maxMb} ميغابايت على الأكثر لكل ملف.`,
    dropHint: 'يمكنكم أيضًا إفلات ملفاتكم هنا.',
    submit: 'إرسال',
    submitting: 'جارٍ الإرسال…',
    waiting: 'في الانتظار',
    ready: 'جاهز للإرسال',
    sent: 'أُرسل',
    cancelled: 'أُلغي الإرسال.',
    networkError: 'انقطع الإرسال: تحققوا من اتصالكم ثم أعيدوا المحاولة.',
    cancel: 'إلغاء',
    cancelOf: (name: string) => `إلغاء إرسال ${name}`,
    remove: 'إزالة',
    removeOf: (name: string) => `إزالة ${name}`,
    retry: 'إعادة المحاولة',
    retryOf: (name: string) => `إعادة محاولة إرسال ${name}`,
    progressOf: (name: string) => `تقدُّم إرسال ${name}`,
    percent: (n: number) => `${n} %`,
    added: (count: number, refused: number) => `أُضيف ${files(count)}${refused > 0 ? `، رُفض منها ${files(refused)}: انظروا القائمة` : ''}.`,
    summary: (sent: number, failed: number, cancelled: number) => `انتهى الإرسال: أُرسل ${files(sent)}، وتعذّر ${files(failed)}${cancelled > 0 ? `، وأُلغي ${files(cancelled)}` : ''}.`,
  },
})
