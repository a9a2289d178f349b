// The firm's inbox: GET/DELETE /api/users/contact (contract §2) and its page /admin-dashboard/messages.
import t from 'tap'
import type { Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { hrefsOf, islandProps } from '../helpers/html.js'

type Message = { name: string; email?: string; message?: string; at: Date }

async function store(db: Db, messages: Message[]): Promise<number[]> {
  const ids: number[] = []
  for (const m of messages) {
    const row = { name: m.name, email: m.email ?? 'visiteur@example.dz', telephone: '0551234567', message: m.message ?? 'Bonjour', ip: null, created_at: toDbTime(m.at) }
    const result = await db.insertInto('contact_messages').values(row).executeTakeFirstOrThrow()
    ids.push(Number(result.insertId))
  }
  return ids
}

/** Seven messages, one a day from 1 to 7 March 2026 at 10:00 UTC (11:00 in Algiers). */
const week = (): Message[] => Array.from({ length: 7 }, (_, i) => ({ name: `Visiteur ${i + 1}`, at: new Date(Date.UTC(2026, 2, 1 + i, 10)) }))

// One app for the file. Each test checks the whole inbox (lists, totals, searches), so it starts
// from an empty one, with accounts of its own.
const { app, db } = await buildTestApp(t)

async function setup() {
  await db.deleteFrom('contact_messages').execute()
  const admin = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })
  return { app, db, admin, client }
}

t.test('the inbox pages newest first and tells the total in X-Total-Count', async (t) => {
  const { app, db, admin } = await setup()
  await store(db, week())
  const names = async (url: string) => {
    const res = await injectAs(app, admin, url)
    t.equal(res.statusCode, 200, url)
    t.equal(res.headers['x-total-count'], '7', `${url} total`)
    return (res.json() as Array<{ name: string }>).map((m) => m.name)
  }
  t.same(await names('/api/users/contact?pageSize=3'), ['Visiteur 7', 'Visiteur 6', 'Visiteur 5'])
  t.same(await names('/api/users/contact?pageSize=3&page=2'), ['Visiteur 4', 'Visiteur 3', 'Visiteur 2'])
  t.same(await names('/api/users/contact?pageSize=3&page=3'), ['Visiteur 1'])
  t.same(await names('/api/users/contact?pageSize=3&page=9'), [], 'past the end: an empty page, same total')
  const first = (await injectAs(app, admin, '/api/users/contact?pageSize=1')).json()[0]
  t.match(first, { id: Number, name: 'Visiteur 7', email: 'visiteur@example.dz', telephone: '0551234567', message: 'Bonjour', createdAt: '2026-03-07T10:00:00.000Z' })
})

t.test('q finds name, e-mail and message ignoring case and accents', async (t) => {
  const { app, db, admin } = await setup()
  const at = new Date(Date.UTC(2026, 2, 1, 10))
  await store(db, [
    { name: 'Hélène Benaïssa', at },
    { name: 'Omar', email: 'omar@societe-generale.dz', at },
    { name: 'Karim', message: 'Demande de devis pour un ÉTAT financier', at },
    { name: 'Autre', at },
  ])
  const found = async (q: string) => ((await injectAs(app, admin, `/api/users/contact?q=${encodeURIComponent(q)}`)).json() as Array<{ name: string }>).map((m) => m.name)
  t.same(await found('helene'), ['Hélène Benaïssa'])
  t.same(await found('BENAISSA'), ['Hélène Benaïssa'])
  t.same(await found('Société'), ['Omar'], 'accented query, plain stored text')
  t.same(await found('etat FINANCIER'), ['Karim'])
  t.same(await found('100%'), [], 'LIKE wildcards are literal')
  t.equal((await injectAs(app, admin, '/api/users/contact?q=')).headers['x-total-count'], '4', 'an empty q filters nothing')
})

t.test('from and to are inclusive days in the firm’s time zone', async (t) => {
  const { app, db, admin } = await setup()
  await store(db, week())
  // 5 March 22:59:59 UTC is still the 5th in Algiers (UTC+1); 23:00 UTC is already the 6th.
  await store(db, [
    { name: 'Fin du 5', at: new Date(Date.UTC(2026, 2, 5, 22, 59, 59)) },
    { name: 'Début du 6', at: new Date(Date.UTC(2026, 2, 5, 23, 0, 0)) },
  ])
  const names = async (query: string) => ((await injectAs(app, admin, `/api/users/contact?${query}`)).json() as Array<{ name: string }>).map((m) => m.name)
  t.same(await names('from=2026-03-03&to=2026-03-05'), ['Fin du 5', 'Visiteur 5', 'Visiteur 4', 'Visiteur 3'])
  t.same(await names('from=2026-03-06'), ['Visiteur 7', 'Visiteur 6', 'Début du 6'])
  t.same(await names('to=2026-03-01'), ['Visiteur 1'])
  t.same(await names('from=2026-03-02&to=2026-03-02'), ['Visiteur 2'], 'one day')
  t.same(await names('from=&to='), (await names('')), 'blank bounds filter nothing')
  for (const bad of ['from=2026-13-01', 'to=01/03/2026', 'page=0', 'pageSize=abc']) {
    const res = await injectAs(app, admin, `/api/users/contact?${bad}`)
    t.equal(res.statusCode, 400, bad)
    t.type(res.json().message, 'string', `${bad}: a French message`)
  }
})

t.test('delete answers 404 for an unknown message, 200 once, then 404', async (t) => {
  const { app, db, admin } = await setup()
  const [id] = await store(db, week().slice(0, 2))
  const del = () => injectAs(app, admin, { method: 'DELETE', url: `/api/users/contact/${id}` })
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: '/api/users/contact/999999' })).statusCode, 404)
  const res = await del()
  t.equal(res.statusCode, 200)
  t.same(res.json(), { message: 'Message supprimé avec succès.' })
  t.equal((await del()).statusCode, 404, 'already gone')
  t.equal((await injectAs(app, admin, '/api/users/contact')).headers['x-total-count'], '1')
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: '/api/users/contact/abc' })).statusCode, 400, 'a malformed id')
})

t.test('only administrators may read or delete: 401 without a session, 403 for a client', async (t) => {
  const { app, db, client } = await setup()
  const [id] = await store(db, week().slice(0, 1))
  for (const [who, account, status] of [['visitor', null, 401], ['client', client, 403]] as const) {
    const list = await injectAs(app, account, '/api/users/contact')
    t.equal(list.statusCode, status, `${who} list`)
    t.type(list.json().message, 'string')
    t.equal((await injectAs(app, account, { method: 'DELETE', url: `/api/users/contact/${id}` })).statusCode, status, `${who} delete`)
  }
  t.equal(Number((await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n), 1, 'nothing deleted')
})

t.test('the messages page lists the inbox for an administrator, with its toolbar and pager', async (t) => {
  const { app, db, admin } = await setup()
  await store(db, [...week(), { name: 'Hélène <b>Benaïssa</b>', message: 'Ligne 1\nLigne 2', at: new Date(Date.UTC(2026, 2, 8, 10)) }])
  const res = await injectAs(app, admin, '/admin-dashboard/messages?pageSize=3&page=2&q=')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /text\/html/)
  t.match(res.body, /<h1 class="admin-title">Messages<\/h1>/)
  t.match(res.body, /<a href="\/admin-dashboard\/messages" aria-current="page">Messages<\/a>/, 'the sidebar marks the page')
  t.ok(/<form class="list-toolbar"[^>]* action="\/admin-dashboard\/messages" method="get">/.test(res.body), 'the toolbar is a plain GET form')
  t.match(res.body, /name="q"/)
  t.match(res.body, /type="date" name="from"/)
  t.match(res.body, /type="date" name="to"/)
  t.match(res.body, /<input type="hidden" name="pageSize" value="3"\/>/, 'the form keeps the page size')
  t.match(res.body, />8 résultats</)
  t.same(hrefsOf(res.body, 'Précédent'), ['/admin-dashboard/messages?pageSize=3'])
  t.same(hrefsOf(res.body, 'Suivant'), ['/admin-dashboard/messages?page=3&pageSize=3'])
  const props = islandProps(res.body, 'AdminList')
  t.equal(props.kind, 'messages')
  t.equal(props.total, 8)
  t.same(props.query, { q: '', from: '', to: '', page: 2, pageSize: 3 })
  t.same((props.items as Array<{ name: string }>).map((m) => m.name), ['Visiteur 5', 'Visiteur 4', 'Visiteur 3'])
  t.ok((props.items as Array<{ createdAt: unknown }>)[0]!.createdAt instanceof Date, 'dates travel as dates')
  t.match(res.body, /<td data-label="Nom"[^>]*>Visiteur 5<\/td>/, 'rows are rendered on the server')

  const searched = await injectAs(app, admin, '/admin-dashboard/messages?q=helene&from=2026-03-08&to=2026-03-08')
  t.match(searched.body, />1 résultat</)
  t.match(searched.body, /Hélène &lt;b&gt;Benaïssa&lt;\/b&gt;/, 'text is escaped')
  t.match(searched.body, /value="helene"/, 'the search box keeps q')
  t.match(searched.body, /value="2026-03-08"/)
})

t.test('the messages page: a bad query falls back to defaults; visitors and clients are sent away', async (t) => {
  const { app, db, admin, client } = await setup()
  await store(db, week())
  for (const bad of ['page=abc', 'from=hier', 'pageSize=-3', `q=${'x'.repeat(300)}`]) {
    const res = await injectAs(app, admin, `/admin-dashboard/messages?${bad}`)
    t.equal(res.statusCode, 200, bad)
    t.same(islandProps(res.body, 'AdminList').query, { q: '', from: '', to: '', page: 1, pageSize: 50 }, `${bad}: defaults`)
  }
  const capped = islandProps((await injectAs(app, admin, '/admin-dashboard/messages?pageSize=5000')).body, 'AdminList')
  t.equal((capped.query as { pageSize: number }).pageSize, 200, 'page size capped')
  // Contract §8 (issue 34): a visitor logs in first; a client on an admin page is sent home.
  for (const [who, account] of [['visitor', null], ['client', client]] as const) {
    const res = await injectAs(app, account, '/admin-dashboard/messages')
    t.equal(res.statusCode, 303, who)
    t.equal(res.headers.location, account ? '/' : '/login', who)
  }
})

t.test('a visitor’s address is a link that only writes to it: `?cc=` or `&body=` in it are encoded, not draft fields', async (t) => {
  const { app, admin } = await setup()
  // The form's check allows `?`, `&`, `=` and `%` in an address; a mail client would read them as the draft's fields.
  const email = 'comptable%40cabinet-client.dz?cc=attacker%40evil.dz&body=merci&subject=re@x.dz'
  const sent = await app.inject({ method: 'POST', url: '/api/users/contact', payload: { name: 'Visiteur', email, telephone: '0551234567', message: 'Bonjour, merci de me rappeler.' } })
  t.equal(sent.statusCode, 201, sent.body)
  const page = await injectAs(app, admin, '/admin-dashboard/messages')
  t.equal(page.statusCode, 200)
  t.match(page.body, 'href="mailto:comptable%2540cabinet-client.dz%3Fcc%3Dattacker%2540evil.dz%26body%3Dmerci%26subject%3Dre@x.dz"', 'the whole address, encoded')
  t.notMatch(page.body, 'href="mailto:comptable%40cabinet-client.dz?cc=', 'no field of a draft')
})
