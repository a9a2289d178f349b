// The stored form of a time (src/db/values.ts): written field by field since issue 13, it must stay
// exactly toISOString's with a space, the form every stored time and comparison relies on.
import t from 'tap'
import { fromDbTime, toDbTime } from '../../src/db/values.js'

const reference = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '')

t.test('the same text as toISOString with a space, over years 0000 to 9999 and their edges', async (t) => {
  const edges = [0, 1, -1, 999, 1000, 86_399_999, Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.UTC(2000, 1, 29, 12, 0, 0, 5), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(0, 0, 1), Date.UTC(999, 0, 1, 0, 0, 0, 10)]
  let seed = 42
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const times = [...edges, ...Array.from({ length: 2000 }, () => Math.floor((random() * 2 - 0.6) * 253_402_300_799_999))]
  let differ = 0
  for (const time of times) {
    const date = new Date(time)
    if (toDbTime(date) !== reference(date)) differ++
    if (fromDbTime(toDbTime(date)).getTime() !== time) differ++
  }
  t.equal(differ, 0)
  t.equal(toDbTime(new Date(Date.UTC(2026, 10, 22, 6, 17, 0, 7))), '2026-11-22 06:17:00.007')
})

t.test('outside 0000–9999 the ISO form; an invalid date throws', async (t) => {
  for (const date of [new Date(Date.UTC(10_000, 0, 1)), new Date(Date.UTC(-1, 0, 1))]) t.equal(toDbTime(date), reference(date))
  t.throws(() => toDbTime(new Date(NaN)))
})
