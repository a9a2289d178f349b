import type { Db } from '../../db/database.js'
import { fromDbBool, fromDbId, toDbTime } from '../../db/values.js'
import type { ObligationFields } from './validation.js'

/** An obligation as stored (migration 0036), its fields converted. */
export interface Obligation extends ObligationFields {
  id: number
}

const COLUMNS = ['id', 'code', 'label', 'due_day', 'due_months', 'tax_regime', 'employer', 'type_id', 'lead_days', 'active'] as const
type Row = { id: number; code: string; label: string; due_day: number; due_months: string; tax_regime: string | null; employer: number | null; type_id: number | null; lead_days: number; active: number }

function toObligation(row: Row): Obligation {
  return {
    id: fromDbId(row.id),
    code: row.code,
    label: row.label,
    dueDay: Number(row.due_day),
    dueMonths: row.due_months.split(',').filter(Boolean).map(Number),
    appliesTo: { ...(row.tax_regime ? { taxRegime: row.tax_regime as 'reel' | 'ifu' } : {}), ...(fromDbBool(row.employer) ? { employer: true as const } : {}) },
    typeId: row.type_id === null ? null : fromDbId(row.type_id),
    leadDays: Number(row.lead_days),
    active: fromDbBool(row.active),
  }
}

function toRow(fields: ObligationFields) {
  return {
    code: fields.code,
    label: fields.label,
    due_day: fields.dueDay,
    due_months: fields.dueMonths.join(','),
    tax_regime: fields.appliesTo.taxRegime ?? null,
    employer: fields.appliesTo.employer ? 1 : null,
    type_id: fields.typeId,
    lead_days: fields.leadDays,
    active: fields.active ? 1 : 0,
  }
}

export async function listObligations(db: Db): Promise<Obligation[]> {
  return (await db.selectFrom('obligations').select(COLUMNS).orderBy('id').execute()).map(toObligation)
}

export async function findObligation(db: Db, id: number): Promise<Obligation | undefined> {
  const row = await db.selectFrom('obligations').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toObligation(row)
}

export async function insertObligation(db: Db, fields: ObligationFields, at: Date): Promise<number> {
  const result = await db.insertInto('obligations').values({ ...toRow(fields), created_at: toDbTime(at), updated_at: toDbTime(at) }).executeTakeFirstOrThrow()
  return fromDbId(result.insertId)
}

export async function updateObligation(db: Db, id: number, fields: ObligationFields, at: Date): Promise<boolean> {
  const result = await db.updateTable('obligations').set({ ...toRow(fields), updated_at: toDbTime(at) }).where('id', '=', id).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteObligation(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('obligations').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

