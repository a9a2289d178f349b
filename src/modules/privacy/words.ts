import { catalogue } from '../../shared/words.js'

/** How many exports a person may ask for per Algiers calendar day (contract §12). */
export const EXPORTS_PER_DAY = 3

/**
 * The privacy module's words (contract §12): the personal export's button and refusals, and the
 * privacy notice's headings. French first; Arabic typed after it.
 */
const fr = {
  exportTitle: 'Mes données personnelles',
  exportButton: 'Télécharger mes données',
  exportHint: 'Une archive ZIP de tout ce que le portail garde à votre sujet : votre compte, les demandes et les messages de votre espace, le journal de ce qui vous concerne et les documents que vous avez envoyés ou reçus.',
  exportLimit: (max: number) => `${max} téléchargements par jour au plus.`,
  tooManyExports: (max: number) => `Vous avez déjà téléchargé vos données ${max} fois aujourd’hui. Réessayez demain.`,
  loginRequired: 'Veuillez vous connecter.',
} as const

const ar = {
  exportTitle: 'بياناتي الشخصية',
  exportButton: 'تنزيل بياناتي',
  exportHint: 'أرشيف ZIP يضمّ كلّ ما تحتفظ به البوابة عنكم: حسابكم، وطلبات فضائكم ورسائله، وسجلّ العمليات التي تخصّكم، والوثائق التي أرسلتموها أو استلمتموها.',
  exportLimit: (max: number) => `${max} تنزيلات في اليوم على الأكثر.`,
  tooManyExports: (max: number) => `لقد نزّلتم بياناتكم ${max} مرات اليوم. يُرجى المحاولة غدًا.`,
  loginRequired: 'يُرجى تسجيل الدخول.',
} as const

export const words = /* @__PURE__ */ catalogue({ fr, ar })
