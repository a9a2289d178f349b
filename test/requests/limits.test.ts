// Issue 34: asking for documents has the limits every other write has. One client gets at most 20
// requests in 24 hours (each mails every person of the company and schedules six reminders each), however
// many members of the firm ask; one member of the firm asks at most 60 a quarter of an hour, by the API and
// the pages together. Refused: 429 with the French message, nothing written, no mail queued.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType } from '../documents/fixtures.js'
import { ask, requestsApp, typeIdOf } from './helpers.js'

const { app, db, clock } = await requestsApp(t, { start: '2026-03-02T09:00:00Z' })
const admin = await seedAccount(app, { admin: true })
const colleague = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const bilan = await typeIdOf(db, 'Bilan')
const count = async (table: 'requests' | 'outbox') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
const payload = (userId: number, i: number) => ({ userId, typeId: bilan, title: `Pièce ${i}`, dueDate: '2026-03-20' })

t.test('20 requests per client in 24 hours, whoever asks; then 429, nothing written', async (t) => {
  const atlas = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
  const other = await seedAccount(app, { accepted: true, username: 'Zitouna' })
  for (let i = 0; i < 20; i++) t.equal((await ask(app, i % 2 ? admin : colleague, payload(atlas.id, i))).statusCode, 201, `request ${i + 1}`)
  const before = { requests: await count('requests'), outbox: await count('outbox') }
  const refused = await ask(app, colleague, payload(atlas.id, 21))
  t.equal(refused.statusCode, 429)
  t.same(refused.json(), { message: 'Trop de demandes pour ce client : 20 au plus en 24 heures. Réessayez plus tard.', code: 'rate_limited' })
  t.same({ requests: await count('requests'), outbox: await count('outbox') }, before, 'no request, no mail')
  t.equal((await ask(app, admin, payload(other.id, 1))).statusCode, 201, 'another client is not concerned')
  clock.advance(24 * 3600_000)
  const later = { ...admin, cookie: await app.sessionCookieFor(admin.id) }
  const again = await ask(app, later, payload(atlas.id, 22))
  t.equal(again.statusCode, 201, `a day later, again: ${again.body}`)
})

t.test('60 requests a quarter of an hour per member of the firm, the API and the page together', async (t) => {
  const clients = await Promise.all([0, 1, 2, 3].map((i) => seedAccount(app, { accepted: true, username: `Client ${i}` })))
  const asker = await seedAccount(app, { admin: true })
  for (let i = 0; i < 59; i++) t.equal((await ask(app, asker, payload(clients[i % 4]!.id, i))).statusCode, 201)
  const page = await injectAs(app, asker, { method: 'POST', url: `/admin-dashboard/clients/${clients[0]!.id}/ask`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://portail.test' }, payload: new URLSearchParams({ typeId: String(bilan), title: 'Par la page', note: '', dueDate: '2026-03-20' }).toString() })
  t.equal(page.statusCode, 303, 'the 60th, by the page')
  const refused = await ask(app, asker, payload(clients[1]!.id, 61))
  t.equal(refused.statusCode, 429, 'the 61st refused')
  t.equal(refused.json().code, 'rate_limited')
  t.equal((await ask(app, colleague, payload(clients[1]!.id, 62))).statusCode, 201, 'another member of the firm is not concerned')
})
