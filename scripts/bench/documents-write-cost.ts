/**
 * What the documents' short grams (migration 0055, docs/decisions/134-short-searches.md) cost a
 * write: documents inserted through the triggers in bulk and one by one, a view (a change of
 * list), a rename of their type, on a fresh database before 0055 (then 0055 itself over them) and
 * after it. Printed, not recorded (BENCHMARKS.md has a run): `npx tsx scripts/bench/documents-write-cost.ts`
 * (`BENCH_WRITE_DOCUMENTS=5000`, `BENCH_DOCUMENTS_ON=sqlite|mariadb`).
 */
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import type { Db } from '../../src/db/database.js'
import { HASH, onEachDatabase, type Dialect } from './databases.js'

const BULK = Number(process.env.BENCH_WRITE_DOCUMENTS ?? 5000)
const SINGLE = 500
const CLIENTS = 1000

async function measure(label: string, db: Db, after: boolean): Promise<void> {
  await migrateToLatest(db)
  if (!after) await migrateTo(db, '0050-retention')
  const time = toDbTime(new Date())
  const clients = Array.from({ length: CLIENTS }, (_, i) => ({ username: `Client ${i}`, email: `c${i}@bench.dz`, entreprise: `SARL ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: time, updated_at: time }))
  await db.insertInto('users').values(clients).execute()
  const firstClient = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  const type = Number((await db.selectFrom('document_types').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  const row = (i: number) => ({
    user_id: firstClient + (i % CLIENTS), type_id: type, name: `document-${i}.pdf`, description: '', original_name: `document-${i}.pdf`, storage_key: `k${i}`, mime: 'application/pdf', size: 1,
    is_viewed: 0, is_archived: 0, created_at: toDbTime(new Date(Date.UTC(2026, 0, 1) - i * 30_000)), viewed_at: null, archived_at: null,
  })
  const timed = async (work: () => Promise<unknown>) => {
    const start = performance.now()
    await work()
    return performance.now() - start
  }
  const bulk = await timed(async () => {
    for (let from = 0; from < BULK; from += 1000) await db.transaction().execute((trx) => trx.insertInto('documents').values(Array.from({ length: Math.min(1000, BULK - from) }, (_, k) => row(from + k))).execute())
  })
  const single = await timed(async () => {
    for (let i = BULK; i < BULK + SINGLE; i++) await db.insertInto('documents').values(row(i)).execute()
  })
  const ids = (await db.selectFrom('documents').select('id').orderBy('id').limit(SINGLE).execute()).map((r) => r.id)
  const view = await timed(async () => {
    for (const id of ids) await db.updateTable('documents').set({ is_viewed: 1 }).where('id', '=', id).execute()
  })
  const rename = await timed(() => db.updateTable('document_types').set({ type_name: 'Renommé', type_key: 'renomme' }).where('id', '=', type).execute())
  const migration = after ? undefined : await timed(() => migrateToLatest(db))
  console.log(
    `${label} ${after ? 'after' : 'before'} 0055: ${BULK} documents in batches of 1,000 ${(bulk / 1000).toFixed(2)} s; one insert ${(single / SINGLE).toFixed(2)} ms; ` +
      `one view ${(view / SINGLE).toFixed(2)} ms; their type renamed ${(rename / 1000).toFixed(2)} s` +
      (migration === undefined ? '' : `; migration 0055 over ${BULK + SINGLE} documents ${(migration / 1000).toFixed(2)} s`),
  )
}

async function main(): Promise<void> {
  const on = process.env.BENCH_DOCUMENTS_ON?.split(',') as Dialect[] | undefined
  for (const after of [false, true]) await onEachDatabase((label, _url, db) => measure(label, db, after), on)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
