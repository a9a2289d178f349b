import { sql, type Kysely } from 'kysely'
import { fold } from '../src/shared/fold.js'
import { nowDb } from '../src/db/values.js'
import { createTable, exactText, isMysql, timeType } from './helpers.js'

/**
 * The firm's calendar of declarations (issue 32, contract §11), owned by the calendar module, seeded
 * once with §11's defaults (the firm edits them; nothing seeds them again). Each default asks for one
 * of the seeded document types when it is still there (else none: it makes no request until one is
 * chosen). A deleted type leaves its obligations without one.
 *
 * The requests the calendar makes carry their obligation (`obligation_id`, `obligation_code`,
 * `obligation_period`), and `requests_obligation_period` is what makes one per company, obligation and
 * period however many instances run: a second insert of the same key fails, it is never read first
 * (docs/decisions/155-calendar-requests-unique-key.md). No foreign key to obligations: deleting one
 * keeps the requests it made (§11).
 */
export const DEFAULT_OBLIGATIONS = [
  { code: 'G50', label: 'G50', due_day: 20, due_months: '1,2,3,4,5,6,7,8,9,10,11,12', tax_regime: 'reel', employer: null, type: 'Déclarations fiscales (G50)' },
  { code: 'G50TER', label: 'G50 ter', due_day: 20, due_months: '1,4,7,10', tax_regime: 'ifu', employer: null, type: 'Déclarations fiscales (G50)' },
  { code: 'LIASSE', label: 'Liasse fiscale', due_day: 30, due_months: '4', tax_regime: 'reel', employer: null, type: 'Bilan et états financiers' },
  { code: 'IBS', label: 'Acompte IBS', due_day: 20, due_months: '3,6,11', tax_regime: 'reel', employer: null, type: 'Déclarations fiscales (G50)' },
  { code: 'DAS', label: 'DAS (CNAS)', due_day: 31, due_months: '1', tax_regime: null, employer: 1, type: 'Paie et déclarations sociales (CNAS, CASNOS)' },
  { code: 'CASNOS', label: 'Déclaration CASNOS', due_day: 30, due_months: '6', tax_regime: null, employer: null, type: 'Paie et déclarations sociales (CNAS, CASNOS)' },
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'obligations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code', exactText(db, 'varchar(20)'), (c) => c.notNull().unique())
    .addColumn('label', 'varchar(120)', (c) => c.notNull())
    .addColumn('due_day', 'smallint', (c) => c.notNull())
    // The months it falls due in, `1,4,7,10`: read whole by the calendar, never searched.
    .addColumn('due_months', 'varchar(40)', (c) => c.notNull())
    .addColumn('tax_regime', exactText(db, 'varchar(8)'))
    .addColumn('employer', 'smallint')
    .addColumn('type_id', 'integer', (c) => c.references('document_types.id').onDelete('set null'))
    .addColumn('lead_days', 'smallint', (c) => c.notNull())
    .addColumn('active', 'smallint', (c) => c.notNull())
    .addColumn('created_at', timeType(db), (c) => c.notNull())
    .addColumn('updated_at', timeType(db), (c) => c.notNull())
    .execute()

  await db.schema.alterTable('requests').addColumn('obligation_id', 'integer').execute()
  await db.schema.alterTable('requests').addColumn('obligation_code', exactText(db, 'varchar(20)')).execute()
  await db.schema.alterTable('requests').addColumn('obligation_period', exactText(db, 'varchar(7)')).execute()
  await db.schema.createIndex('requests_obligation_period').on('requests').columns(['obligation_id', 'obligation_period', 'user_id']).unique().execute()

  const at = nowDb()
  const types = await sql<{ id: number; type_key: string }>`select id, type_key from document_types`.execute(db)
  const typeOf = new Map(types.rows.map((row) => [row.type_key, Number(row.id)]))
  const rows = DEFAULT_OBLIGATIONS.map(({ type, ...o }) => ({ ...o, type_id: typeOf.get(fold(type)) ?? null, lead_days: 15, active: 1, created_at: at, updated_at: at }))
  await (db as Kysely<{ obligations: (typeof rows)[number] }>).insertInto('obligations').values(rows).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drop = db.schema.dropIndex('requests_obligation_period')
  await (isMysql(db) ? drop.on('requests') : drop).execute()
  for (const column of ['obligation_period', 'obligation_code', 'obligation_id']) await db.schema.alterTable('requests').dropColumn(column).execute()
  await db.schema.dropTable('obligations').execute()
}
