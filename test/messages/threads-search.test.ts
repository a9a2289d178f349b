// Issue 16, contract §2: the firm's list of threads takes `q`, `from` and `to` like every list. `q`
// finds a thread by its client's name, e-mail or company (the users' index) or by its last message
// (the messages' index, that message only), ignoring case and accents; dates are the last message's.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { requestsApp } from '../requests/helpers.js'

const { app, clock } = await requestsApp(t, { start: '2026-03-02T09:00:00Z' })
const admin = await seedAccount(app, { admin: true, username: 'Nadia Admin', entreprise: 'Cabinet Amrani' })

/** Writes through the API with a session opened now (the clock moves days ahead of the seeded ones). */
const write = async (as: SeededAccount, userId: number, text: string) => {
  as.cookie = await app.sessionCookieFor(as.id)
  const res = await injectAs(app, as, { method: 'POST', url: `/api/messages/${userId}`, payload: { text } })
  if (res.statusCode !== 201) throw new Error(`write: ${res.statusCode} ${res.body}`)
}

// Three clients, each with a thread; the clock moves so the last messages have their own days.
const haddad = await seedAccount(app, { accepted: true, username: 'Amina Haddad', email: 'amina@ezzahra.dz', entreprise: 'Transports Ezzahra' })
const bejaia = await seedAccount(app, { accepted: true, username: 'Amina Haddad', email: 'a.haddad@example.dz', entreprise: 'Négoce de Béjaïa' })
const kaci = await seedAccount(app, { accepted: true, username: 'Karim Kaci', email: 'karim@kaci.dz', entreprise: 'SARL Atlas' })
const silent = { entreprise: 'Ezzahra Silencieuse', ...(await seedAccount(app, { accepted: true, username: 'Sans Conversation', entreprise: 'Ezzahra Silencieuse' })) }
await write(haddad, haddad.id, 'Voici le relevé de février.')
await write(admin, haddad.id, 'Bien reçu, merci.')
clock.set('2026-03-05T09:00:00Z')
await write(bejaia, bejaia.id, 'Quand faut-il déposer la déclaration G50 ?')
clock.set('2026-03-09T09:00:00Z')
await write(kaci, kaci.id, 'Le relevé bancaire de mars est joint.')
await write(admin, kaci.id, 'Merci, nous préparons le bilan.')
clock.set('2026-03-10T09:00:00Z')
admin.cookie = await app.sessionCookieFor(admin.id)
kaci.cookie = await app.sessionCookieFor(kaci.id)

/** The threads the page lists for `query` (their clients' ids, in order) and the total it says. */
async function threads(query: string): Promise<{ ids: number[]; total: number }> {
  const res = await injectAs(app, admin, `/admin-dashboard/threads${query}`)
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode}`)
  const ids = [...res.body.matchAll(/href="\/admin-dashboard\/clients\/(\d+)\/messages"/g)].map((m) => Number(m[1]))
  const total = Number(/class="pager-total">(\d+) résultat/.exec(res.body)?.[1] ?? NaN)
  return { ids, total }
}
const q = (text: string) => `?q=${encodeURIComponent(text)}`

t.test('unfiltered: every thread, the most recently written first, with the last message’s preview', async (t) => {
  t.same(await threads(''), { ids: [kaci.id, bejaia.id, haddad.id], total: 3 }, 'a client without a thread is not listed')
  const body = (await injectAs(app, admin, '/admin-dashboard/threads')).body
  t.match(body, /class="person-company thread-preview">Merci, nous préparons le bilan\.</, 'the last message, whoever wrote it')
  t.match(body, /role="search"/, 'a search form')
})

t.test('q finds the client by name, e-mail or company, ignoring case and accents', async (t) => {
  t.same(await threads(q('amina haddad')), { ids: [bejaia.id, haddad.id], total: 2 }, 'by name: two of one name')
  t.same(await threads(q('EZZAHRA.dz')), { ids: [haddad.id], total: 1 }, 'by e-mail')
  t.same(await threads(q('transports')), { ids: [haddad.id], total: 1 }, 'by company')
  t.same(await threads(q('bejaia')), { ids: [bejaia.id], total: 1 }, 'a company with accents, searched without')
  t.same(await threads(q('BÉJAÏA')), { ids: [bejaia.id], total: 1 }, 'and with other accents and case')
  t.same(await threads(q('négoce de béj')), { ids: [bejaia.id], total: 1 }, 'an accented query of several words')
  t.same(await threads(q('ezzahra')), { ids: [haddad.id], total: 1 }, `a client without a thread is never found (${silent.entreprise})`)
  t.same(await threads(q('Cabinet Amrani')), { ids: [], total: 0 }, 'not by the administrator who answered')
  t.same(await threads(q('zz')), { ids: [haddad.id], total: 1 }, 'a short q (read without the index’s trigrams)')
})

t.test('q finds the last message’s text, and only the last message’s', async (t) => {
  t.same(await threads(q('préparons')), { ids: [kaci.id], total: 1 }, 'the firm’s last answer')
  t.same(await threads(q('declaration g50')), { ids: [bejaia.id], total: 1 }, 'the client’s, accents ignored')
  t.same(await threads(q('relevé')), { ids: [], total: 0 }, 'an earlier message is not the last: the thread page searches those')
  await write(haddad, haddad.id, 'Et le relevé de mars ?')
  t.same(await threads(q('releve')), { ids: [haddad.id], total: 1 }, 'a new message is the last at once')
  t.same(await threads(q('bien reçu')), { ids: [], total: 0 }, 'the one before is not any more')
})

t.test('from and to: the day of the last message; with q and pages', async (t) => {
  t.same(await threads('?from=2026-03-09'), { ids: [haddad.id, kaci.id], total: 2 }, 'from')
  t.same(await threads('?to=2026-03-05'), { ids: [bejaia.id], total: 1 }, 'to (inclusive)')
  t.same(await threads('?from=2026-03-05&to=2026-03-05'), { ids: [bejaia.id], total: 1 }, 'one day')
  t.same(await threads(`${q('amina')}&from=2026-03-06`), { ids: [haddad.id], total: 1 }, 'q and dates together')
  t.same(await threads(`${q('a')}&pageSize=1&page=2`), { ids: [kaci.id], total: 3 }, 'pages keep the total')
  const paged = (await injectAs(app, admin, `/admin-dashboard/threads${q('amina')}&pageSize=1`)).body
  t.match(paged, /href="\/admin-dashboard\/threads\?q=amina&amp;page=2&amp;pageSize=1"/, 'the pager keeps the search')
  t.same(await threads('?from=2026-02-31'), { ids: [haddad.id, kaci.id, bejaia.id], total: 3 }, 'an impossible date on the page shows the list unfiltered, as every list page')
})

t.test('only administrators', async (t) => {
  t.equal((await injectAs(app, kaci, `/admin-dashboard/threads${q('amina')}`)).headers.location, '/')
  const visitor = await injectAs(app, null, `/admin-dashboard/threads${q('amina')}`)
  t.ok(visitor.statusCode >= 300 && visitor.statusCode < 400, `a visitor is sent to log in (${visitor.headers.location})`)
  t.notMatch(visitor.body, /clients\/\d+\/messages/)
})
