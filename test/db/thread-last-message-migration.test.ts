// Migration 0028 (issue 16) on a database holding threads: up gives each thread its last message's
// id (the largest of its messages; none for a thread without one), down takes the column away (a
// restore of an older backup goes through it), up again gives it back.
import { sql } from 'kysely'
import t from 'tap'
import { isMysql } from '../../src/db/database.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { nowDb } from '../../src/db/values.js'
import { freshDatabase } from '../helpers/app.js'

const BEFORE = '0027-archived-are-viewed'

const { db, drop } = await freshDatabase()
t.teardown(drop)

const columns = async () => {
  const rows = isMysql(db)
    ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = database() and table_name = 'message_threads'`.execute(db)).rows
    : (await sql<{ name: string }>`select name from pragma_table_info('message_threads')`.execute(db)).rows
  return rows.map((row) => row.name)
}
const lastIds = async () => Object.fromEntries((await sql<{ user_id: number; last_message_id: number | null }>`select user_id, last_message_id from message_threads order by user_id`.execute(db)).rows.map((row) => [Number(row.user_id), row.last_message_id === null ? null : Number(row.last_message_id)]))

t.test('up, down and up with threads in place', async (t) => {
  await migrateTo(db, BEFORE)
  const user = async (name: string) => Number((await db.insertInto('users').values({ username: name, email: `${name}@example.dz`, entreprise: 'SARL', telephone: '0551', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, created_at: nowDb(), updated_at: nowDb() } as never).executeTakeFirstOrThrow()).insertId)
  const [a, b, c] = [await user('atlas'), await user('numidia'), await user('hoggar')]
  const message = async (userId: number, text: string) => Number((await db.insertInto('messages').values({ user_id: userId, author_id: userId, from_firm: 0, text, created_at: nowDb(), read_at: null } as never).executeTakeFirstOrThrow()).insertId)
  const a1 = await message(a, 'un')
  const b1 = await message(b, 'deux')
  const a2 = await message(a, 'trois')
  const never = nowDb()
  for (const userId of [a, b, c]) await db.insertInto('message_threads').values({ user_id: userId, last_message_at: never, firm_mail_at: never, firm_mail_id: null, client_mail_at: never, client_mail_id: null } as never).execute()
  t.ok(a1 < a2)

  await migrateToLatest(db)
  t.same(await lastIds(), { [a]: a2, [b]: b1, [c]: null }, 'each thread’s last message; none for a thread without messages')

  await migrateTo(db, BEFORE)
  t.notOk((await columns()).includes('last_message_id'), 'down takes the column away')
  t.equal((await db.selectFrom('message_threads').select('user_id').execute()).length, 3, 'the threads stay')

  const b2 = await message(b, 'quatre')
  await migrateToLatest(db)
  t.same(await lastIds(), { [a]: a2, [b]: b2, [c]: null }, 'up again, with a message written meanwhile')
})
