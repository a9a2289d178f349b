// Grouped notices (a thread's messages, a client's uploads: src/jobs/batched-mail.ts) during an SMTP
// outage: a notice merges into the grouped mail waiting for its retry instead of scheduling one more
// mail per interval, all of them sent at once when the server is back (a review's finding, session 13).
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { fixedClock } from '../../src/clock/clock.js'
import { enqueueBatched, type MailBatch } from '../../src/jobs/batched-mail.js'
import { createOutbox } from '../../src/jobs/outbox.js'
import type { Mail } from '../../src/mail/mailer.js'
import { freshDatabase } from '../helpers/app.js'

const MINUTE = 60_000
const INTERVAL = 15 * MINUTE
const notice: Mail = { to: 'cabinet@example.dz', subject: 'Nouveau message de SARL Atlas', text: 'Un nouveau message vous attend.', html: '<p>Un nouveau message vous attend.</p>', language: 'fr' }

t.test('during an outage the notices merge into the grouped mail waiting for its retry: one mail, not one per interval', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  const clock = fixedClock('2026-03-02T09:00:00Z')
  const delivered: string[] = []
  const mailer = {
    async send(_mail: Mail): Promise<void> {
      throw Object.assign(new Error('451 Service temporairement indisponible'), { code: 'EENVELOPE' })
    },
  }
  const outbox = createOutbox({ db, mailer, clock, log: { info() {}, warn() {}, error() {} }, secret: randomBytes(32).toString('hex') })
  let batch: MailBatch = { lastMailAt: new Date(0), pendingId: null }
  const post = async () => {
    const outcome = await enqueueBatched(db, { outbox, now: clock.now(), intervalMs: INTERVAL }, batch, async () => notice)
    if (outcome.kind !== 'merged') batch = outcome.batch
    return outcome.kind
  }
  t.equal(await post(), 'now', 'the first notice of a quiet spell goes at once')
  clock.advance(5 * MINUTE)
  t.equal(await post(), 'scheduled', 'the next waits for the end of the quarter of an hour')
  clock.advance(10 * MINUTE)
  t.ok(await outbox.drain(5000))
  const rows = () => db.selectFrom('outbox').select(['id', 'status', 'attempts']).orderBy('id').execute()
  t.same((await rows()).map((row) => [row.status, Number(row.attempts)]), [['pending', 1], ['pending', 1]], 'both refused, waiting for their retry')
  clock.advance(5 * MINUTE)
  t.equal(await post(), 'merged', 'a notice during the outage joins the grouped mail waiting for its retry')
  clock.advance(20 * MINUTE)
  t.equal(await post(), 'merged', 'and so does the next, however long the outage')
  t.equal((await rows()).length, 2, 'no new mail per quarter of an hour')

  // The server is back: the notice sent at once before the outage and the grouped one, no more.
  mailer.send = async (mail: Mail) => void delivered.push(mail.subject)
  clock.advance(60 * MINUTE)
  t.ok(await outbox.drain(5000))
  t.equal(delivered.length, 2)
  t.same((await rows()).map((row) => row.status), ['sent', 'sent'])
})
