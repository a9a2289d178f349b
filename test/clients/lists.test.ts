import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { firmDayStart, nextDay } from '../../src/shared/time.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'

t.test('the firm’s days begin at midnight in Algiers (UTC+1), whatever the date', async (t) => {
  t.equal(firmDayStart('2026-03-10').toISOString(), '2026-03-09T23:00:00.000Z')
  t.equal(firmDayStart('2026-07-01').toISOString(), '2026-06-30T23:00:00.000Z')
  t.equal(nextDay('2026-02-28'), '2026-03-01')
  t.equal(nextDay('2028-02-28'), '2028-02-29')
  t.equal(nextDay('2026-12-31'), '2027-01-01')
})

t.test('the shared list mechanism, through the new-users list, on both dialects', async (t) => {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const names = ['Élodie Benali', 'ELODIE Kaci', 'Karim Saïdi', 'Société Générale', 'Amine 100%_sûr', 'Nadia', 'Omar']
  const ids: number[] = []
  for (const [i, username] of names.entries()) {
    const account = await seedAccount(app, { username, email: `u${i}@example.dz` })
    ids.push(account.id)
    // Each a day apart, the first the oldest, at 23:30 UTC: already the next day in Algiers.
    await db.updateTable('users').set({ created_at: toDbTime(new Date(Date.UTC(2026, 2, 1 + i, 23, 30))) }).where('id', '=', account.id).execute()
  }
  const list = async (query: string) => {
    const res = await injectAs(app, admin, `/api/users/users-profile${query}`)
    return { status: res.statusCode, total: res.headers['x-total-count'], names: res.statusCode === 200 ? (res.json() as Array<{ username: string }>).map((u) => u.username) : res.json().message }
  }

  t.same(await list(''), { status: 200, total: '7', names: [...names].reverse() }, 'newest first')
  t.same(await list('?pageSize=3'), { status: 200, total: '7', names: ['Omar', 'Nadia', 'Amine 100%_sûr'] })
  t.same(await list('?pageSize=3&page=3'), { status: 200, total: '7', names: ['Élodie Benali'] }, 'the last, partial page')
  t.same(await list('?pageSize=3&page=4'), { status: 200, total: '7', names: [] }, 'past the end: empty, total still told')
  t.same((await list('?pageSize=7')).names.length, 7)
  t.same((await list('?pageSize=500')).status, 200, 'above 200 is read as 200')
  for (const bad of ['?page=0', '?pageSize=0', '?page=-1', '?page=abc', '?from=2026-13-01', '?to=yesterday', `?q=${'x'.repeat(201)}`]) {
    const res = await list(bad)
    t.equal(res.status, 400, bad)
    t.match(res.names, /Requête invalide/, `${bad}: French message`)
  }

  t.same((await list('?q=elodie')).names, ['ELODIE Kaci', 'Élodie Benali'], 'accents and case ignored')
  t.same((await list('?q=%C3%89LODIE')).names, ['ELODIE Kaci', 'Élodie Benali'], 'an accented capital query')
  t.same((await list('?q=SAIDI')).names, ['Karim Saïdi'])
  t.same((await list('?q=societe')).names, ['Société Générale'])
  t.same((await list('?q=u3%40example')).names, ['Société Générale'], 'e-mail searched too')
  t.same((await list('?q=100%25_')).names, ['Amine 100%_sûr'], 'wildcards are literal')
  t.same((await list('?q=%25')).names, ['Amine 100%_sûr'])
  t.same((await list('?q=_')).names, ['Amine 100%_sûr'])
  t.same(await list('?q=zzz'), { status: 200, total: '0', names: [] })
  t.same((await list('?q=&from=&to=')).total, '7', 'a blank GET form filters nothing')

  // Account i was created on 2026-03-(2+i) in Algiers (23:30 UTC the day before).
  t.same((await list('?from=2026-03-04&to=2026-03-04')).names, ['Karim Saïdi'], 'one day, inclusive at both ends')
  t.same((await list('?from=2026-03-03&to=2026-03-05')).names, ['Société Générale', 'Karim Saïdi', 'ELODIE Kaci'])
  t.same((await list('?from=2026-03-08')).names, ['Omar'])
  t.same((await list('?to=2026-03-02')).names, ['Élodie Benali'])
  t.same((await list('?from=2026-03-09')).names, [])
  t.same((await list('?from=2026-03-05&to=2026-03-04')).names, [], 'an inverted range is empty')
  t.same(await list('?q=elodie&from=2026-03-03&pageSize=1'), { status: 200, total: '1', names: ['ELODIE Kaci'] }, 'filters combine')
})
