import { checkedBy, text, type Checked } from '../../shared/validation.js'
import { catalogue } from '../../shared/words.js'

/**
 * A client company's identifiers (contract §11), one set of rules for the API, the profile's form
 * posted without JavaScript and the island: each field optional (absent: unchanged; empty or null:
 * cleared), a wrong one refused with a sentence naming it.
 */
export const LEGAL_FORMS = ['EURL', 'SARL', 'SPA', 'SNC', 'SCS', 'EI', 'autre'] as const
export type LegalForm = (typeof LEGAL_FORMS)[number]
export const TAX_REGIMES = ['reel', 'ifu'] as const
export type TaxRegime = (typeof TAX_REGIMES)[number]

export interface CompanyIdentifiers {
  nif: string | null
  nis: string | null
  rc: string | null
  articleImposition: string | null
  legalForm: LegalForm | null
  taxRegime: TaxRegime | null
  employer: boolean | null
}
export const IDENTIFIER_FIELDS = ['nif', 'nis', 'rc', 'articleImposition', 'legalForm', 'taxRegime', 'employer'] as const
export const NO_IDENTIFIERS: CompanyIdentifiers = { nif: null, nis: null, rc: null, articleImposition: null, legalForm: null, taxRegime: null, employer: null }

export const companyTexts = {
  nifInvalid: 'NIF invalide : 15 ou 20 chiffres.',
  nisInvalid: 'NIS invalide : 15 chiffres.',
  rcInvalid: 'RC invalide : 30 caractères au plus (chiffres, lettres majuscules, espaces, / et -).',
  articleInvalid: 'Article d’imposition invalide : 30 caractères au plus (chiffres, lettres majuscules, espaces, / et -).',
  legalFormInvalid: 'Forme juridique invalide : EURL, SARL, SPA, SNC, SCS, EI ou autre.',
  taxRegimeInvalid: 'Régime fiscal invalide : réel ou IFU.',
  employerInvalid: 'Employeur invalide : oui ou non.',
  nifTaken: 'Ce NIF est déjà celui d’une autre entreprise.',
  saved: 'Identifiants de l’entreprise enregistrés.',
  ownerOnly: 'Seul le propriétaire de l’entreprise gère ses identifiants.',
  notFound: 'Entreprise introuvable.',
} as const

export const companyWords = /* @__PURE__ */ catalogue({
  fr: companyTexts,
  ar: {
    nifInvalid: 'رقم التعريف الجبائي (NIF) غير صالح: 15 أو 20 رقمًا.',
    nisInvalid: 'رقم التعريف الإحصائي (NIS) غير صالح: 15 رقمًا.',
    rcInvalid: 'رقم السجل التجاري (RC) غير صالح: 30 حرفًا على الأكثر (أرقام وحروف لاتينية كبيرة ومسافات و/ و-).',
    articleInvalid: 'رقم مادة الضريبة غير صالح: 30 حرفًا على الأكثر (أرقام وحروف لاتينية كبيرة ومسافات و/ و-).',
    legalFormInvalid: 'الشكل القانوني غير صالح: EURL أو SARL أو SPA أو SNC أو SCS أو EI أو غير ذلك.',
    taxRegimeInvalid: 'النظام الجبائي غير صالح: النظام الحقيقي أو الضريبة الجزافية الوحيدة (IFU).',
    employerInvalid: 'صفة المستخدِم غير صالحة: نعم أو لا.',
    nifTaken: 'رقم التعريف الجبائي هذا مسجَّل لمؤسسة أخرى.',
    saved: 'تم حفظ معرِّفات المؤسسة.',
    ownerOnly: 'يدير معرِّفات المؤسسة مالكُها وحده.',
    notFound: 'المؤسسة غير موجودة.',
  },
})

const CODE = /^[0-9A-Z /-]{1,30}$/

/** A digits-only identifier as typed (spaces people put between groups taken out). */
const digitsOf = (value: unknown) => text(value).replace(/ /g, '')
const given = (input: Record<string, unknown>, field: string) => Object.hasOwn(input, field) && input[field] !== undefined
const cleared = (value: unknown) => value === null || (typeof value === 'string' && text(value) === '')

/** `true`/`false` from JSON, or a form's `true`/`false`/`on`/`oui`/`non`; undefined when it is neither. */
function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  const word = typeof value === 'string' ? text(value).toLowerCase() : ''
  if (['true', 'on', 'oui', '1'].includes(word)) return true
  if (['false', 'off', 'non', '0'].includes(word)) return false
  return undefined
}

/** The fields given, checked and normalised (`null`: cleared); the others are left out (unchanged). */
export function checkCompanyIdentifiers(input: Record<string, unknown>): Checked<Partial<CompanyIdentifiers>> {
  const value: Partial<CompanyIdentifiers> = {}
  const has = (field: (typeof IDENTIFIER_FIELDS)[number]) => given(input, field)
  const nif = digitsOf(input.nif)
  const nis = digitsOf(input.nis)
  const rc = text(input.rc)
  const article = text(input.articleImposition)
  const legalForm = text(input.legalForm)
  const taxRegime = text(input.taxRegime)
  const employer = booleanOf(input.employer)
  const bad = (field: (typeof IDENTIFIER_FIELDS)[number], ok: boolean) => has(field) && !cleared(input[field]) && !ok
  const checked = checkedBy(
    [
      [bad('nif', typeof input.nif === 'string' && /^(?:[0-9]{15}|[0-9]{20})$/.test(nif)), companyTexts.nifInvalid, 'nif'],
      [bad('nis', typeof input.nis === 'string' && /^[0-9]{15}$/.test(nis)), companyTexts.nisInvalid, 'nis'],
      [bad('rc', typeof input.rc === 'string' && CODE.test(rc)), companyTexts.rcInvalid, 'rc'],
      [bad('articleImposition', typeof input.articleImposition === 'string' && CODE.test(article)), companyTexts.articleInvalid, 'articleImposition'],
      [bad('legalForm', (LEGAL_FORMS as readonly string[]).includes(legalForm)), companyTexts.legalFormInvalid, 'legalForm'],
      [bad('taxRegime', (TAX_REGIMES as readonly string[]).includes(taxRegime)), companyTexts.taxRegimeInvalid, 'taxRegime'],
      [bad('employer', employer !== undefined), companyTexts.employerInvalid, 'employer'],
    ],
    () => value,
  )
  if (!checked.ok) return checked
  const or = <T>(field: (typeof IDENTIFIER_FIELDS)[number], parsed: T): T | null => (cleared(input[field]) ? null : parsed)
  if (has('nif')) value.nif = or('nif', nif)
  if (has('nis')) value.nis = or('nis', nis)
  if (has('rc')) value.rc = or('rc', rc)
  if (has('articleImposition')) value.articleImposition = or('articleImposition', article)
  if (has('legalForm')) value.legalForm = or('legalForm', legalForm as LegalForm)
  if (has('taxRegime')) value.taxRegime = or('taxRegime', taxRegime as TaxRegime)
  if (has('employer')) value.employer = or('employer', employer!)
  return { ok: true, value }
}
