// Issue 32, contract §11: the periods an obligation makes for a given day, across month, quarter and
// year boundaries (31 January, 29 February, 31 December), due dates never moved, and the titles.
import t from 'tap'
import { coveredFr, frequencyOf, periodsBetween, periodsToRequest, requestTitle } from '../../src/modules/calendar/periods.js'

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
const G50 = { label: 'G50', dueDay: 20, dueMonths: ALL, leadDays: 15 }
const G50TER = { label: 'G50 ter', dueDay: 20, dueMonths: [1, 4, 7, 10], leadDays: 15 }
const LIASSE = { label: 'Liasse fiscale', dueDay: 30, dueMonths: [4], leadDays: 15 }
const IBS = { label: 'Acompte IBS', dueDay: 20, dueMonths: [3, 6, 11], leadDays: 15 }
const DAS = { label: 'DAS (CNAS)', dueDay: 31, dueMonths: [1], leadDays: 15 }
const MONTH_END = { label: 'Fin de mois', dueDay: 31, dueMonths: ALL, leadDays: 0 }

t.test('frequency follows from dueMonths', async (t) => {
  t.equal(frequencyOf(ALL), 'monthly')
  t.equal(frequencyOf([1, 4, 7, 10]), 'quarterly')
  t.equal(frequencyOf([4]), 'yearly')
  t.equal(frequencyOf([3, 6, 11]), 'yearly')
  t.equal(frequencyOf([1, 2, 3, 4]), 'yearly', 'four months not a quarter apart')
})

t.test('31 January', async (t) => {
  const day = '2027-01-31'
  t.same(periodsToRequest(DAS, day), [{ period: '2027-01', dueDate: '2027-01-31' }], 'due today: made')
  t.same(periodsToRequest(DAS, '2027-02-01'), [], 'the day after: past, never made')
  t.same(periodsToRequest(DAS, '2027-01-16'), [{ period: '2027-01', dueDate: '2027-01-31' }], '15 days before: made')
  t.same(periodsToRequest(DAS, '2027-01-15'), [], '16 days before: not yet')
  t.same(periodsToRequest(G50, day), [], 'G50 of February (due the 20th) is 20 days ahead')
  t.same(periodsToRequest({ ...G50, leadDays: 20 }, day), [{ period: '2027-02', dueDate: '2027-02-20' }])
  t.same(periodsToRequest(MONTH_END, day), [{ period: '2027-01', dueDate: '2027-01-31' }], 'the 31st on a 31-day month')
  t.same(periodsToRequest(MONTH_END, '2027-02-01'), [], 'and February’s is its last day, not 31 February')
  t.same(periodsBetween(MONTH_END, '2027-02-01', '2027-03-01'), [{ period: '2027-02', dueDate: '2027-02-28' }])
})

t.test('29 February', async (t) => {
  t.same(periodsToRequest(MONTH_END, '2028-02-29'), [{ period: '2028-02', dueDate: '2028-02-29' }], 'a leap year’s last day')
  t.same(periodsToRequest(MONTH_END, '2028-03-01'), [], 'gone the day after')
  t.same(periodsBetween({ dueDay: 30, dueMonths: [2] }, '2028-01-01', '2029-12-31'), [{ period: '2028-02', dueDate: '2028-02-29' }, { period: '2029-02', dueDate: '2029-02-28' }])
  t.same(periodsToRequest(G50, '2028-02-29'), [], '20 March is 20 days ahead, past the lead of 15')
  t.same(periodsToRequest(G50, '2028-03-05'), [{ period: '2028-03', dueDate: '2028-03-20' }], 'made 15 days before')
})

t.test('31 December', async (t) => {
  const day = '2026-12-31'
  t.same(periodsToRequest(G50, day), [], 'January’s G50 (20 January) is 20 days ahead')
  t.same(periodsToRequest({ ...G50, leadDays: 30 }, day), [{ period: '2027-01', dueDate: '2027-01-20' }], 'across the year')
  t.same(periodsToRequest({ ...G50TER, leadDays: 20 }, day), [{ period: '2027-01', dueDate: '2027-01-20' }], 'the quarter after the year’s last')
  t.same(periodsToRequest({ ...DAS, leadDays: 31 }, day), [{ period: '2027-01', dueDate: '2027-01-31' }])
  t.same(periodsToRequest({ ...MONTH_END, leadDays: 0 }, day), [{ period: '2026-12', dueDate: '2026-12-31' }])
  t.same(periodsToRequest({ ...MONTH_END, leadDays: 31 }, day), [{ period: '2026-12', dueDate: '2026-12-31' }, { period: '2027-01', dueDate: '2027-01-31' }], 'two periods in the lead')
})

t.test('the seeded defaults, a year of them', async (t) => {
  const year = (o: { dueDay: number; dueMonths: number[] }) => periodsBetween(o, '2027-01-01', '2027-12-31').map((p) => p.dueDate)
  t.equal(year(G50).length, 12)
  t.same(year(G50TER), ['2027-01-20', '2027-04-20', '2027-07-20', '2027-10-20'])
  t.same(year(LIASSE), ['2027-04-30'])
  t.same(year(IBS), ['2027-03-20', '2027-06-20', '2027-11-20'])
  t.same(year(DAS), ['2027-01-31'])
  // 20 November 2026 is a Friday, 1 November (a holiday) a Sunday: nothing moves (decision 154).
  t.same(periodsBetween(IBS, '2026-11-01', '2026-11-30'), [{ period: '2026-11', dueDate: '2026-11-20' }], 'a Friday stays the date set')
  t.same(periodsBetween({ dueDay: 5, dueMonths: [7] }, '2027-07-01', '2027-07-31'), [{ period: '2027-07', dueDate: '2027-07-05' }], 'Independence Day stays the date set')
})

t.test('titles name what a period covers', async (t) => {
  t.equal(requestTitle(G50, '2026-11'), 'G50 — octobre 2026')
  t.equal(requestTitle(G50, '2027-01'), 'G50 — décembre 2026', 'across the year')
  t.equal(requestTitle(G50TER, '2027-01'), 'G50 ter — 4e trimestre 2026')
  t.equal(requestTitle(G50TER, '2027-04'), 'G50 ter — 1er trimestre 2027')
  t.equal(requestTitle(LIASSE, '2027-04'), 'Liasse fiscale — exercice 2026')
  t.equal(requestTitle(DAS, '2027-01'), 'DAS (CNAS) — exercice 2026')
  t.equal(coveredFr(IBS, '2027-03'), 'échéance de mars 2027')
})
