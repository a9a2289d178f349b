// Every migration can be undone and done again (a restore brings the schema back to its backup's
// version, src/backups/restore.ts): down to the first migration, then up to the latest, and the
// schema is the one it was, table by table, column by column, index by index. Both dialects.
import t from 'tap'
import { sql } from 'kysely'
import { dialectOf, type Db } from '../../src/db/database.js'
import { appliedMigrations, migrateTo, migrateToLatest, migrationNames } from '../../src/db/migrate.js'
import { freshDatabase } from '../helpers/app.js'

/** The schema as the database tells it, ordered, without what the server numbers by itself. */
async function schemaOf(db: Db): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(db)
    return rows.map((row) => `${row.type} ${row.name}: ${row.sql ?? ''}`)
  }
  const columns = await sql<{ t: string; c: string; k: string; n: string; d: string | null }>`
    select table_name as t, column_name as c, column_type as k, is_nullable as n, column_default as d
    from information_schema.columns where table_schema = database() order by table_name, ordinal_position`.execute(db)
  const indexes = await sql<{ t: string; i: string; c: string; u: number; s: number }>`
    select table_name as t, index_name as i, column_name as c, non_unique as u, seq_in_index as s
    from information_schema.statistics where table_schema = database() order by table_name, index_name, seq_in_index`.execute(db)
  const triggers = await sql<{ n: string; e: string; a: string }>`
    select trigger_name as n, event_manipulation as e, action_statement as a from information_schema.triggers where trigger_schema = database() order by trigger_name`.execute(db)
  return [
    ...columns.rows.map((r) => `column ${r.t}.${r.c} ${r.k} ${r.n} ${r.d ?? ''}`),
    ...indexes.rows.map((r) => `index ${r.t}.${r.i} ${r.s}:${r.c} ${Number(r.u) ? '' : 'unique'}`),
    ...triggers.rows.map((r) => `trigger ${r.n} ${r.e} ${r.a}`),
  ]
}

t.test('every migration down to the first, then up again: the same schema', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  const names = migrationNames()
  t.same(await appliedMigrations(db), names, 'the test database is at the latest')
  const before = await schemaOf(db)

  const undone = await migrateTo(db, names[0]!)
  t.same(undone, names.slice(1).reverse(), 'each later migration undone, newest first')
  t.same(await appliedMigrations(db), [names[0]])
  const bare = await schemaOf(db)
  for (const table of ['obligations', 'document_holds', 'company_identifiers', 'requests', 'documents']) t.notOk(bare.some((line) => line.includes(` ${table}`) && line.startsWith('table ') || line.startsWith(`column ${table}.`)), `${table} is gone`)

  t.same(await migrateToLatest(db), names.slice(1), 'then done again, in order')
  t.same(await schemaOf(db), before, 'the schema it had')
})
