import type { Db } from '../../db/database.js'
import { fromDbBool, fromDbId, toDbTime } from '../../db/values.js'
import { clientIn, FIRM_SCOPE, type Scope } from './scope.js'
import { NO_IDENTIFIERS, type CompanyIdentifiers, type LegalForm, type TaxRegime } from './company-validation.js'
import { isUniqueViolation } from '../../db/constraints.js'

/** One company's identifiers row as stored (migration 0035). */
type Row = { nif: string | null; nis: string | null; rc: string | null; article_imposition: string | null; legal_form: string | null; tax_regime: string | null; employer: number | null }

const COLUMNS = ['nif', 'nis', 'rc', 'article_imposition', 'legal_form', 'tax_regime', 'employer'] as const

function toIdentifiers(row: Row | undefined): CompanyIdentifiers {
  if (!row) return { ...NO_IDENTIFIERS }
  return {
    nif: row.nif,
    nis: row.nis,
    rc: row.rc,
    articleImposition: row.article_imposition,
    legalForm: row.legal_form as LegalForm | null,
    taxRegime: row.tax_regime as TaxRegime | null,
    employer: row.employer === null ? null : fromDbBool(row.employer),
  }
}

/** A company that obligations may apply to (the calendar): accepted, neither the firm's nor a member's account. */
export interface CalendarCompany {
  id: number
  taxRegime: TaxRegime | null
  employer: boolean
}

/** Identity's face for companies' identifiers (contract §11): read, changed, and the calendar's companies. */
export function companyIdentifiersFace(db: Db) {
  return {
    async find(companyId: number, trx: Db = db): Promise<CompanyIdentifiers> {
      return toIdentifiers(await trx.selectFrom('company_identifiers').select(COLUMNS).where('user_id', '=', companyId).executeTakeFirst())
    },

    /**
     * Writes the fields given (null clears one) in the caller's transaction: 'taken' when the NIF is
     * another company's (the unique key said so; nothing was read to decide it).
     */
    async change(trx: Db, companyId: number, fields: Partial<CompanyIdentifiers>, at: Date): Promise<'changed' | 'taken'> {
      await trx.insertInto('company_identifiers').values({ user_id: companyId, updated_at: toDbTime(at) }).orIgnore().execute()
      const set: Record<string, string | number | null> = { updated_at: toDbTime(at) }
      if (fields.nif !== undefined) set.nif = fields.nif
      if (fields.nis !== undefined) set.nis = fields.nis
      if (fields.rc !== undefined) set.rc = fields.rc
      if (fields.articleImposition !== undefined) set.article_imposition = fields.articleImposition
      if (fields.legalForm !== undefined) set.legal_form = fields.legalForm
      if (fields.taxRegime !== undefined) set.tax_regime = fields.taxRegime
      if (fields.employer !== undefined) set.employer = fields.employer === null ? null : fields.employer ? 1 : 0
      try {
        await trx.updateTable('company_identifiers').set(set).where('user_id', '=', companyId).execute()
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
      return 'changed'
    },

    /** Every accepted company of the scope (default: the firm's) with its regime and whether it employs (those without a row: neither). */
    async calendarCompanies(scope: Scope = FIRM_SCOPE): Promise<CalendarCompany[]> {
      const rows = await db
        .selectFrom('users')
        .leftJoin('company_identifiers', 'company_identifiers.user_id', 'users.id')
        .select(['users.id', 'company_identifiers.tax_regime', 'company_identifiers.employer'])
        .where('users.is_admin', '=', 0)
        .where('users.is_member', '=', 0)
        .where('users.is_accepted', '=', 1)
        .where('users.status', '=', 'active')
        .where(clientIn(scope, 'users.id'))
        .execute()
      return rows.map((row) => ({ id: fromDbId(row.id), taxRegime: (row.tax_regime as TaxRegime | null) ?? null, employer: fromDbBool(row.employer) }))
    },
  }
}
export type CompanyIdentifiersFace = ReturnType<typeof companyIdentifiersFace>

/** The ids of the companies whose NIF or NIS starts with these digits (the clients lists' `q`), as a subquery. */
export function idsByIdentifier(db: Db, digits: string) {
  const prefix = `${digits}%`
  return db.selectFrom('company_identifiers').select('company_identifiers.user_id').where((eb) => eb.or([eb('company_identifiers.nif', 'like', prefix), eb('company_identifiers.nis', 'like', prefix)]))
}
