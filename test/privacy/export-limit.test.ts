// Contract §12: 3 exports per person and Algiers calendar day, counted by the limits port that every
// instance shares (two apps here, one limiter): the fourth is 429 with Retry-After until the firm's
// next midnight, and the next Algiers day opens three more (an injected clock, no waiting).
import t from 'tap'
import { fixedClock } from '../../src/clock/clock.js'
import { memoryAttemptLimiter } from '../../src/limits/memory-attempts.js'
import { seedAccount } from '../helpers/accounts.js'
import { twoInstances } from '../helpers/instances.js'

// 22:30 UTC is 23:30 in Algiers (UTC+1): the UTC day has an hour and a half left, the firm's half an hour.
const clock = fixedClock('2026-12-04T22:30:00.000Z')
const attempts = memoryAttemptLimiter({ clock })
const { a, b } = await twoInstances(t, {}, { clock, attempts })
const person = await seedAccount(a, { accepted: true })
const exportOn = (app: typeof a) => app.inject({ method: 'GET', url: '/api/users/export', headers: { cookie: person.cookie } })

t.test('three a day across instances, then 429 until the Algiers day ends', async (t) => {
  t.equal((await exportOn(a)).statusCode, 200)
  t.equal((await exportOn(b)).statusCode, 200)
  t.equal((await exportOn(a)).statusCode, 200)
  const fourth = await exportOn(b)
  t.equal(fourth.statusCode, 429)
  t.equal(fourth.json().code, 'rate_limited')
  t.equal(fourth.json().message, 'Vous avez déjà téléchargé vos données 3 fois aujourd’hui. Réessayez demain.')
  t.equal(fourth.headers['retry-after'], String(30 * 60), 'until 00:00 in Algiers, not UTC midnight')
  const journaled = await a.ports.db.selectFrom('journal').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', 'account.exported').executeTakeFirstOrThrow()
  t.equal(Number(journaled.n), 3, 'a refused export is not journaled')
  clock.advance(31 * 60_000)
  t.equal((await exportOn(b)).statusCode, 200, 'a new Algiers day')
})
