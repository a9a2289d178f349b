// Issue 34: REMINDER_HOUR is read when reminders go out, not when the request was made. A request asked
// under REMINDER_HOUR=8, then the portal restarted with REMINDER_HOUR=17: its waiting reminders go at
// 17:00 in Algiers of the same days, once; a reminder already tried keeps its retry time.
import t from 'tap'
import { fixedClock } from '../../src/clock/clock.js'
import { fromDbTime } from '../../src/db/values.js'
import { seedAccount } from '../helpers/accounts.js'
import { settled } from '../helpers/app.js'
import { instances } from '../helpers/instances.js'
import { mailText, startSmtp } from '../helpers/smtp.js'
import { addType } from '../documents/fixtures.js'
import { askFor, FIRM } from './helpers.js'

t.test('a restart with another REMINDER_HOUR moves the waiting reminders to it', async (t) => {
  const smtp = await startSmtp(t)
  const clock = fixedClock('2026-03-02T09:00:00Z')
  const another = await instances(t, { SMTP_URL: smtp.url, FIRM_EMAIL: FIRM }, { clock })
  const before = await another({ REMINDER_HOUR: '8' })
  let db = before.ports.db
  const admin = await seedAccount(before, { admin: true })
  await addType(before, admin, 'Bilan')
  const client = await seedAccount(before, { accepted: true })
  const bilan = Number((await db.selectFrom('document_types').select('id').executeTakeFirstOrThrow()).id)
  await askFor(before, admin, { userId: client.id, typeId: bilan, title: 'Bilan 2025', dueDate: '2026-03-20' })
  await settled(before)
  const reminders = async () =>
    (await db.selectFrom('outbox').innerJoin('request_reminders', 'request_reminders.outbox_id', 'outbox.id').select(['outbox.id', 'next_attempt_at', 'attempts']).orderBy('outbox.id').execute()).map((row) => ({ id: Number(row.id), at: fromDbTime(row.next_attempt_at).toISOString(), attempts: Number(row.attempts) }))
  const at8 = await reminders()
  t.same(at8.map((r) => r.at), ['2026-03-17T07:00:00.000Z', '2026-03-20T07:00:00.000Z', '2026-03-27T07:00:00.000Z', '2026-04-03T07:00:00.000Z', '2026-04-10T07:00:00.000Z', '2026-04-17T07:00:00.000Z'], 'written at 8:00 in Algiers')
  // One of them is being retried (an SMTP outage): its time is the retry's, not the hour's.
  const retried = at8[1]!.id
  await db.updateTable('outbox').set({ attempts: 1, next_attempt_at: '2026-03-20 07:00:30.000' }).where('id', '=', retried).execute()
  await before.close()

  const after = await another({ REMINDER_HOUR: '17' })
  db = after.ports.db
  const at17 = await reminders()
  t.same(
    at17.map((r) => r.at),
    ['2026-03-17T16:00:00.000Z', '2026-03-20T07:00:30.000Z', '2026-03-27T16:00:00.000Z', '2026-04-03T16:00:00.000Z', '2026-04-10T16:00:00.000Z', '2026-04-17T16:00:00.000Z'],
    'moved to 17:00 in Algiers of the same days at start; the one in retry kept',
  )
  const again = await another({ REMINDER_HOUR: '17' })
  t.same(await reminders(), at17, 'a second instance starting moves nothing more')

  const soon = () => smtp.mails.filter((m) => m.to.includes(client.email) && mailText(m.raw).includes('dans 3 jours')).length
  clock.set('2026-03-17T07:00:00Z')
  await Promise.all([settled(after), settled(again)])
  t.equal(soon(), 0, 'not at the old hour')
  clock.set('2026-03-17T16:00:00Z')
  await Promise.all([settled(after), settled(again)])
  t.equal(soon(), 1, 'at the new one, once')
})
