import type { Kysely } from 'kysely'
import { nowDb } from '../src/db/values.js'
import { fold } from '../src/shared/fold.js'

/**
 * A fresh install offers a client something to upload under (issue 14: a newcomer found an empty
 * list). Seeded once, by this migration: administrators rename, delete or add types afterwards,
 * and nothing seeds them again, since a migration runs once.
 */
export const DEFAULT_DOCUMENT_TYPES = [
  'Bilan et états financiers',
  'Déclarations fiscales (G50)',
  'Relevés bancaires',
  "Factures d'achat",
  'Factures de vente',
  'Paie et déclarations sociales (CNAS, CASNOS)',
  'Statuts et registre du commerce',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const at = nowDb()
  const rows = DEFAULT_DOCUMENT_TYPES.map((name) => ({ type_name: name, type_key: fold(name), created_at: at }))
  await (db as Kysely<{ document_types: { type_name: string; type_key: string; created_at: string } }>).insertInto('document_types').values(rows).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const keys = DEFAULT_DOCUMENT_TYPES.map(fold)
  await (db as Kysely<{ document_types: { type_key: string } }>).deleteFrom('document_types').where('type_key', 'in', keys).execute()
}
