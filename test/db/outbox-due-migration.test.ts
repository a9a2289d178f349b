// Migration 0030 on an outbox holding mails: a mail not tried yet is first due at its next attempt; one
// being retried counts its 24 hours from the migration (its first due time is lost, and no earlier
// than that); sent and failed ones keep their writing. Down takes the column away, up gives it back.
import { sql } from 'kysely'
import t from 'tap'
import { isMysql } from '../../src/db/database.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { fromDbTime, toDbTime } from '../../src/db/values.js'
import { freshDatabase } from '../helpers/app.js'

const BEFORE = '0029-journal-company-search'
const HOUR = 3600_000

const { db, drop } = await freshDatabase()
t.teardown(drop)

const columns = async () => {
  const rows = isMysql(db)
    ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = database() and table_name = 'outbox'`.execute(db)).rows
    : (await sql<{ name: string }>`select name from pragma_table_info('outbox')`.execute(db)).rows
  return rows.map((row) => row.name)
}
const dueTimes = async () => Object.fromEntries((await sql<{ subject: string; due_at: string | null }>`select subject, due_at from outbox order by id`.execute(db)).rows.map((row) => [row.subject, row.due_at]))

t.test('up, down and up with mails waiting, retried, sent and failed', async (t) => {
  await migrateTo(db, BEFORE)
  const written = new Date(Date.now() - 3 * 24 * HOUR)
  const mail = (subject: string, status: string, attempts: number, nextAttempt: Date) =>
    db.insertInto('outbox').values({ recipient: 'atlas@example.dz', subject, payload: null, status, attempts, next_attempt_at: toDbTime(nextAttempt), created_at: toDbTime(written) } as never).execute()
  const reminderDue = new Date(written.getTime() + 10 * 24 * HOUR)
  await mail('reminder', 'pending', 0, reminderDue)
  await mail('retried', 'pending', 3, new Date(Date.now() + 5 * 60_000))
  await mail('sent', 'sent', 1, written)
  await mail('failed', 'failed', 31, written)

  const before = Date.now()
  await migrateToLatest(db)
  const after = await dueTimes()
  t.equal(after.reminder, toDbTime(reminderDue), 'not tried yet: due at its next attempt')
  const retried = fromDbTime(after.retried!).getTime()
  t.ok(retried >= before - 1000 && retried <= Date.now(), 'being retried: its 24 hours count from the migration')
  t.same([after.sent, after.failed], [toDbTime(written), toDbTime(written)], 'sent and failed: their writing')

  await migrateTo(db, BEFORE)
  t.notOk((await columns()).includes('due_at'), 'down takes the column away')
  t.equal((await db.selectFrom('outbox').select('id').execute()).length, 4, 'the mails stay')
  await migrateToLatest(db)
  t.equal((await dueTimes()).reminder, toDbTime(reminderDue), 'up again')
})
