import type { Kysely } from 'kysely'
import { createTable, exactText, timeType } from './helpers.js'

/**
 * A client company's identifiers (issue 32, contract §11), owned by identity beside the account they
 * describe: one row per company (its owner's account), written on its first change. `nif` is unique
 * (two NULLs are two companies without one, on both dialects): a NIF held by another company is
 * refused by the key, not by a read before the write. `nis` is indexed for the clients lists' `q`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'company_identifiers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('nif', exactText(db, 'varchar(20)'))
    .addColumn('nis', exactText(db, 'varchar(15)'))
    .addColumn('rc', 'varchar(30)')
    .addColumn('article_imposition', 'varchar(30)')
    .addColumn('legal_form', exactText(db, 'varchar(8)'))
    .addColumn('tax_regime', exactText(db, 'varchar(8)'))
    .addColumn('employer', 'smallint')
    .addColumn('updated_at', timeType(db), (c) => c.notNull())
    .execute()
  await db.schema.createIndex('company_identifiers_nif').on('company_identifiers').column('nif').unique().execute()
  await db.schema.createIndex('company_identifiers_nis').on('company_identifiers').column('nis').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_identifiers').execute()
}
