import type { Kysely } from 'kysely'
import { createTable, exactText, timeType } from './helpers.js'

/** The purge's lease (src/modules/documents/retention.ts): its row is written here. */
const RETENTION_LEASE = 'retention.purge'

/**
 * Retention (contract §12, docs/decisions/163-retention-purge.md): `purged_files`, the stored files of
 * purged documents, written in the transaction that deletes the row and removed once storage has let go
 * of the file; `job_leases`, one row per job that a single instance runs at a time (claimed by a
 * conditional update, given up when the run ends or its lease lapses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'purged_files')
    .addColumn('storage_key', exactText(db, 'varchar(64)'), (c) => c.primaryKey())
    .addColumn('purged_at', timeType(db), (c) => c.notNull())
    .execute()
  await createTable(db, 'job_leases')
    .addColumn('name', exactText(db, 'varchar(64)'), (c) => c.primaryKey())
    .addColumn('holder', exactText(db, 'varchar(100)'))
    .addColumn('claimed_until', timeType(db), (c) => c.notNull())
    .execute()
  const leases = db as Kysely<{ job_leases: { name: string; holder: string | null; claimed_until: string } }>
  await leases.insertInto('job_leases').values({ name: RETENTION_LEASE, holder: null, claimed_until: '1970-01-01 00:00:00.000' }).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute()
  await db.schema.dropTable('purged_files').execute()
}
