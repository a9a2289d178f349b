// Issue 8: SQLite statements are prepared once per SQL text and reused, safely.
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely'
import t from 'tap'
import { withStatementCache } from '../../src/db/database.js'

function open(t: { teardown(fn: () => void): void }, size?: number) {
  const raw = new SQLite(':memory:')
  const cached = withStatementCache(raw, size)
  t.teardown(() => cached.close())
  return { raw, cached }
}

t.test('the same SQL text gives back its prepared statement; another text another one', async (t) => {
  const { cached } = open(t)
  const first = cached.prepare('select 1 as one')
  t.equal(cached.prepare('select 1 as one'), first)
  t.not(cached.prepare('select 2 as two'), first)
})

t.test('a statement still being iterated is not handed out again: the caller gets a fresh one', async (t) => {
  const { cached } = open(t)
  const first = cached.prepare('select value from json_each(\'[1,2,3]\')') as SQLite.Statement
  const rows = first.iterate()
  rows.next()
  const second = cached.prepare('select value from json_each(\'[1,2,3]\')') as SQLite.Statement
  t.not(second, first)
  t.same(second.all().map((row) => (row as { value: number }).value), [1, 2, 3])
  rows.return?.()
  t.equal(cached.prepare('select value from json_each(\'[1,2,3]\')'), first, 'once done, the kept one serves again')
})

t.test('the least recently used statement is dropped beyond the size', async (t) => {
  const { cached } = open(t, 2)
  const a = cached.prepare('select 1')
  const b = cached.prepare('select 2')
  t.equal(cached.prepare('select 1'), a, 'a is now the most recent')
  cached.prepare('select 3')
  t.equal(cached.prepare('select 1'), a)
  t.not(cached.prepare('select 2'), b, 'b was dropped')
})

t.test('through Kysely: queries, writes and a schema change after a statement was kept', async (t) => {
  const { cached } = open(t)
  const db = new Kysely<{ notes: { id: Generated<number>; body: string; extra?: string | null } }>({ dialect: new SqliteDialect({ database: cached }) })
  await db.schema.createTable('notes').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('body', 'text').execute()
  for (const body of ['un', 'deux']) await db.insertInto('notes').values({ body }).execute()
  const select = () => db.selectFrom('notes').selectAll().orderBy('id').execute()
  t.same(await select(), [{ id: 1, body: 'un' }, { id: 2, body: 'deux' }])
  await sql`alter table notes add column extra text`.execute(db)
  t.same(await select(), [{ id: 1, body: 'un', extra: null }, { id: 2, body: 'deux', extra: null }], 'the kept select sees the new column')
})
