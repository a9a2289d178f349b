// Issue 16, contract §5 and §7: the client is mailed when a request is made, 3 days before its due
// date, on it, and every 7 days while it is overdue (at most 4), at REMINDER_HOUR in Algiers; once
// each, by one instance, across restarts; none after fulfilment or cancellation. The clock is
// injected and moved; the mails are read from a real SMTP server.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { fixedClock } from '../../src/clock/clock.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { settled } from '../helpers/app.js'
import { instances } from '../helpers/instances.js'
import { mailText as textOf, startSmtp, type TestSmtp } from '../helpers/smtp.js'
import { addType, PDF, upload } from '../documents/fixtures.js'
import { askFor, FIRM, requestsApp, typeIdOf } from './helpers.js'

/** The leads of the mails `to` received so far, in order ("Le cabinet vous demande…", "Rappel : …"). */
function leadsFor(smtp: TestSmtp, to: string): string[] {
  return smtp.mails
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => /(Le cabinet vous demande le document suivant|Rappel : le cabinet attend toujours[^:]*|Rappel : le document suivant est attendu aujourd’hui|Le document suivant est en retard de \d+ jours)/.exec(textOf(m.raw))?.[1] ?? `?? ${textOf(m.raw).slice(0, 200)}`)
}

const CREATED = 'Le cabinet vous demande le document suivant'
const SOON = 'Rappel : le cabinet attend toujours le document suivant, dans 3 jours '
const DUE = 'Rappel : le document suivant est attendu aujourd’hui'
const LATE = (days: number) => `Le document suivant est en retard de ${days} jours`

/** With a fresh session at the clock's time (days have passed since the seed). */
const freshCookie = async (app: FastifyInstance, account: SeededAccount): Promise<SeededAccount> => ({ ...account, cookie: await app.sessionCookieFor(account.id) })

async function world(t: { teardown: (fn: () => unknown) => void }, env: Record<string, string> = {}) {
  const smtp = await startSmtp(t)
  const { app, db, clock } = await requestsApp(t, { start: '2026-03-02T09:00:00Z', env: { SMTP_URL: smtp.url, ...env } })
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const client = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
  return { smtp, app, db, clock, admin, client, bilan: await typeIdOf(db, 'Bilan') }
}

t.test('each step once, at REMINDER_HOUR (8:00 in Algiers, 07:00 UTC) of its day', async (t) => {
  const { smtp, app, clock, admin, client, bilan } = await world(t)
  await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Bilan 2025', note: 'Avec les annexes.', dueDate: '2026-03-20' })
  await settled(app)
  t.same(leadsFor(smtp, client.email), [CREATED], 'the request itself, at once')
  const mail = textOf(smtp.mails[0]!.raw)
  t.match(mail, 'Bilan 2025')
  t.match(mail, 'Date limite : 20 mars 2026')
  t.match(mail, 'Avec les annexes.')
  t.match(mail, 'http://portail.test/files')

  const expected = [CREATED]
  const steps: Array<[string, string]> = [
    ['2026-03-17', SOON],
    ['2026-03-20', DUE],
    ['2026-03-27', LATE(7)],
    ['2026-04-03', LATE(14)],
    ['2026-04-10', LATE(21)],
    ['2026-04-17', LATE(28)],
  ]
  for (const [day, lead] of steps) {
    clock.set(`${day}T06:59:59Z`)
    await settled(app)
    t.same(leadsFor(smtp, client.email), expected, `${day} 07:59:59 in Algiers: not yet`)
    clock.set(`${day}T07:00:00Z`)
    await settled(app)
    expected.push(lead)
    t.same(leadsFor(smtp, client.email), expected, `${day} 08:00 in Algiers: ${lead}`)
  }
  clock.set('2026-06-30T07:00:00Z')
  await settled(app)
  t.same(leadsFor(smtp, client.email), expected, 'no fifth overdue reminder')
})

t.test('REMINDER_HOUR moves them; a step already past at creation is left out', async (t) => {
  const { smtp, app, clock, admin, client, bilan } = await world(t, { REMINDER_HOUR: '14' })
  // Asked on 2 March for 4 March: 3 days before (1 March) is past.
  await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Relevés', dueDate: '2026-03-04' })
  await settled(app)
  clock.set('2026-03-04T12:59:00Z')
  await settled(app)
  t.same(leadsFor(smtp, client.email), [CREATED])
  clock.set('2026-03-04T13:00:00Z') // 14:00 in Algiers
  await settled(app)
  t.same(leadsFor(smtp, client.email), [CREATED, DUE])
})

t.test('none after fulfilment; the firm is mailed when the upload answers the request', async (t) => {
  const { smtp, app, db, clock, admin, client, bilan } = await world(t)
  const id = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Bilan 2025', dueDate: '2026-03-20' })
  // Sent before the clock moves: mails due at once may arrive in either order.
  await settled(app)
  clock.set('2026-03-17T07:00:00Z')
  await settled(app)
  t.same(leadsFor(smtp, client.email), [CREATED, SOON])
  const res = await upload(app, await freshCookie(app, client), { userId: client.id, requestId: id, filename: 'bilan-2025.pdf', content: PDF })
  t.equal(res.statusCode, 201)
  await settled(app)
  const firm = smtp.mails.filter((m) => m.to.includes(FIRM)).map((m) => textOf(m.raw))
  const fulfilled = firm.find((text) => text.includes('Demande : Bilan 2025'))
  t.ok(fulfilled, 'the firm hears that the request was answered')
  t.match(fulfilled, 'Client : Atlas Import')
  t.match(fulfilled, 'Fichier : bilan-2025.pdf')
  t.match(fulfilled, 'http://portail.test/admin-dashboard/requests?status=fulfilled')
  t.equal(Number((await db.selectFrom('request_reminders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n), 0, 'its reminders are forgotten')

  clock.set('2026-05-30T07:00:00Z')
  await settled(app)
  t.same(leadsFor(smtp, client.email), [CREATED, SOON], 'no reminder after fulfilment')
})

t.test('none after cancellation', async (t) => {
  const { smtp, app, clock, admin, client, bilan } = await world(t)
  const id = await askFor(app, admin, { userId: client.id, typeId: bilan, title: 'Bilan 2025', dueDate: '2026-03-20' })
  // Sent before the clock moves: mails due at once may arrive in either order.
  await settled(app)
  // Day by day: two mails due at once may arrive in either order.
  for (const at of ['2026-03-17T07:00:00Z', '2026-03-21T09:00:00Z']) {
    clock.set(at)
    await settled(app)
  }
  t.same(leadsFor(smtp, client.email), [CREATED, SOON, DUE])
  t.equal((await injectAs(app, await freshCookie(app, admin), { method: 'POST', url: `/api/requests/${id}/cancel` })).statusCode, 200)
  clock.set('2026-05-30T07:00:00Z')
  await settled(app)
  t.same(leadsFor(smtp, client.email), [CREATED, SOON, DUE], 'no reminder after cancellation')
})

t.test('several instances on one database, one restarted: each step is sent once', async (t) => {
  const smtp = await startSmtp(t)
  const clock = fixedClock('2026-03-02T09:00:00Z')
  const another = await instances(t, { SMTP_URL: smtp.url, FIRM_EMAIL: FIRM }, { clock })
  const a = await another()
  const b = await another()
  const admin = await seedAccount(a, { admin: true })
  await addType(a, admin, 'Bilan')
  const client = await seedAccount(a, { accepted: true })
  const bilan = Number((await a.ports.db.selectFrom('document_types').select('id').executeTakeFirstOrThrow()).id)
  await askFor(a, admin, { userId: client.id, typeId: bilan, title: 'Bilan 2025', dueDate: '2026-03-20' })
  await Promise.all([settled(a), settled(b)])
  clock.set('2026-03-17T07:00:00Z')
  await Promise.all([settled(a), settled(b)])
  t.same(leadsFor(smtp, client.email), [CREATED, SOON], 'two instances: one mail per step')

  // A restart: the first instance goes, a new one starts on the same database.
  await a.close()
  const c = await another()
  await Promise.all([settled(b), settled(c)])
  t.same(leadsFor(smtp, client.email), [CREATED, SOON], 'nothing sent again at start')
  clock.set('2026-03-20T07:00:00Z')
  await Promise.all([settled(b), settled(c)])
  clock.set('2026-03-27T07:00:00Z')
  await Promise.all([settled(c), settled(b)])
  t.same(leadsFor(smtp, client.email), [CREATED, SOON, DUE, LATE(7)], 'each step once across the restart')
})

t.test('REMINDER_HOUR: an hour from 0 to 23, 8 by default', async (t) => {
  const { loadConfig } = await import('../../src/config.js')
  t.equal(loadConfig({ NODE_ENV: 'test' }).reminderHour, 8)
  t.equal(loadConfig({ NODE_ENV: 'test', REMINDER_HOUR: '0' }).reminderHour, 0)
  t.equal(loadConfig({ NODE_ENV: 'test', REMINDER_HOUR: '23' }).reminderHour, 23)
  for (const bad of ['24', '-1', '8h', '7.5']) t.throws(() => loadConfig({ NODE_ENV: 'test', REMINDER_HOUR: bad }), /REMINDER_HOUR: expected an hour from 0 to 23/, bad)
})
