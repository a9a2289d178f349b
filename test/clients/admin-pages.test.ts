// The administrators' pages of the clients module: dashboard, new users, clients, sub-admins (spec §2).
import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { hrefsOf, islandProps } from '../helpers/html.js'

const PAGES = ['/admin-dashboard', '/admin-dashboard/new-users', '/admin-dashboard/clients', '/admin-dashboard/sub-admins', '/admin-dashboard/messages', '/admin-dashboard/journal']
const SIDEBAR = [
  '/admin-dashboard',
  '/admin-dashboard/new-users',
  '/admin-dashboard/clients',
  '/admin-dashboard/new-documents',
  '/admin-dashboard/documents',
  '/admin-dashboard/arch-documents',
  '/admin-dashboard/documents/types',
  '/admin-dashboard/requests',
  '/admin-dashboard/sub-admins',
  '/admin-dashboard/messages',
  '/admin-dashboard/journal',
  // Added by the messages module (app.navigation), after the back-office's own pages.
  '/admin-dashboard/threads',
  // Added by the calendar module, after the messages'.
  '/admin-dashboard/calendar',
]

type T = Parameters<Parameters<typeof t.test>[0]>[0]

/** An admin, three users waiting (one unverified) and two clients, each created a day apart. */
async function setup(t: T) {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true })
  const waiting: SeededAccount[] = []
  for (const [username, verified] of [['Hélène Benaïssa', true], ['Omar Saadi', false], ['Karim Zerrouki', true]] as const) {
    waiting.push(await seedAccount(app, { username, verified }))
  }
  const clients = [await seedAccount(app, { username: 'Nadia Cherif', accepted: true }), await seedAccount(app, { username: 'Samir Bouzid', accepted: true })]
  for (const [i, account] of [...waiting, ...clients].entries()) {
    await db.updateTable('users').set({ created_at: toDbTime(new Date(Date.UTC(2026, 2, 1 + i, 10))) }).where('id', '=', account.id).execute()
  }
  return { app, admin, waiting, clients }
}

const has = (t: T, body: string, pattern: RegExp, message: string) => t.ok(pattern.test(body), message)

// One app and one world for the file: its tests only read pages.
const world = await setup(t)

// Contract §8 (issue 34): a visitor logs in first; a logged-in person without the right goes home.
t.test('visitors are sent to /login and non-administrators home from every admin page', async (t) => {
  const { app, waiting, clients } = world
  for (const url of PAGES) {
    for (const [who, account] of [['visitor', null], ['new user', waiting[0]!], ['client', clients[0]!]] as const) {
      const res = await injectAs(app, account, url)
      t.equal(res.statusCode, 303, `${who} ${url}`)
      t.equal(res.headers.location, account ? '/' : '/login', `${who} ${url}`)
    }
  }
})

t.test('every admin page renders for an administrator inside the sidebar layout', async (t) => {
  const { app, admin } = world
  for (const url of PAGES) {
    const res = await injectAs(app, admin, url)
    t.equal(res.statusCode, 200, url)
    const sidebar = islandProps(res.body, 'AdminSidebar').links as Array<{ href: string; current: boolean }>
    t.same(sidebar.map((link) => link.href), SIDEBAR, `${url}: the sidebar links to every admin route`)
    t.same(sidebar.filter((link) => link.current).map((link) => link.href), [url], `${url}: only this page is current`)
    has(t, res.body, new RegExp(`<a href="${url}" aria-current="page">`), `${url}: aria-current`)
    has(t, res.body, /<form class="admin-sidebar-logout" action="\/api\/auth\/logout" method="post"><button type="submit">Déconnexion<\/button><\/form>/, `${url}: logout works without JS`)
    has(t, res.body, /<input type="checkbox" id="[^"]+" class="admin-sidebar-input"/, `${url}: the no-JS sidebar toggle`)
    t.notOk(/ style="/.test(res.body), `${url}: no inline style (CSP)`)
  }
})

t.test('the dashboard shows the seven counts, each linking to its page', async (t) => {
  const { app, admin } = world
  const res = await injectAs(app, admin, '/admin-dashboard')
  const cards = [...res.body.matchAll(/<a class="admin-card" href="([^"]+)"><span class="admin-card-count">(\d+)<\/span><span class="admin-card-label">([^<]+)<\/span>/g)].map((m) => [m[1], Number(m[2]), m[3]])
  t.same(cards, [
    ['/admin-dashboard/new-users', 3, 'Nouveaux utilisateurs'],
    ['/admin-dashboard/clients', 2, 'Clients'],
    ['/admin-dashboard/new-documents', 0, 'Nouveaux documents'],
    ['/admin-dashboard/documents', 0, 'Documents'],
    ['/admin-dashboard/sub-admins', 0, 'Sous-admins'],
    ['/admin-dashboard/documents/types', 0, 'Types de documents'],
    ['/admin-dashboard/requests?status=overdue', 0, 'Demandes en retard'],
  ])
})

t.test('new users: the waiting accounts, newest first, with photo, e-mail, date and verified badge', async (t) => {
  const { app, admin, waiting } = world
  const res = await injectAs(app, admin, '/admin-dashboard/new-users')
  t.equal(res.statusCode, 200)
  const props = islandProps(res.body, 'AdminList')
  t.equal(props.kind, 'new-users')
  t.equal(props.total, 3)
  t.same((props.items as Array<{ username: string }>).map((u) => u.username), ['Karim Zerrouki', 'Omar Saadi', 'Hélène Benaïssa'])
  has(t, res.body, /<th scope="col">Photo<\/th><th scope="col">Nom<\/th><th scope="col">E-mail<\/th><th scope="col">Inscrit le<\/th><th scope="col">E-mail vérifié<\/th><th scope="col">Actions<\/th>/, 'the columns')
  has(t, res.body, /<img class="avatar admin-avatar" src="\/static\/avatar.svg"/, 'the blank avatar when there is no photo')
  has(t, res.body, /<time dateTime="2026-03-02T10:00:00.000Z">2 mars 2026 à 11:00<\/time>/, 'the date in French, Algiers time (issue 17: one format everywhere)')
  has(t, res.body, /<span class="badge badge-no">Non<\/span>/, 'the unverified badge')
  has(t, res.body, new RegExp(`<a class="admin-action admin-action-primary" href="/admin-dashboard/new-users/${waiting[1]!.id}/accept" aria-label="Accepter Omar Saadi \\(SARL Atlas\\)">`), 'Accept leads to its confirmation page until JavaScript takes over; its name tells the company')
  has(t, res.body, /aria-label="Supprimer Hélène Benaïssa \(SARL Atlas\)"/, 'Delete')
  has(t, res.body, /<form class="list-toolbar" role="search" action="\/admin-dashboard\/new-users" method="get">/, 'a plain GET toolbar')
  t.same(hrefsOf(res.body, 'Réinitialiser'), ['/admin-dashboard/new-users'])
  t.equal(waiting.length, 3)
})

t.test('new users: search, dates and paging links keep the query', async (t) => {
  const { app, admin } = world
  const searched = await injectAs(app, admin, '/admin-dashboard/new-users?q=HELENE')
  t.same((islandProps(searched.body, 'AdminList').items as Array<{ username: string }>).map((u) => u.username), ['Hélène Benaïssa'], 'accent- and case-insensitive')
  const dated = await injectAs(app, admin, '/admin-dashboard/new-users?from=2026-03-02&to=2026-03-03')
  t.same((islandProps(dated.body, 'AdminList').items as Array<{ username: string }>).map((u) => u.username), ['Karim Zerrouki', 'Omar Saadi'], 'inclusive days')

  const paged = await injectAs(app, admin, '/admin-dashboard/new-users?q=a&from=2026-03-01&to=2026-03-31&pageSize=1&page=2')
  const props = islandProps(paged.body, 'AdminList')
  t.same(props.query, { q: 'a', from: '2026-03-01', to: '2026-03-31', page: 2, pageSize: 1 })
  t.equal(props.total, 3)
  has(t, paged.body, />3 résultats</, 'the total')
  has(t, paged.body, /Page <!-- -->2<!-- --> sur <!-- -->3/, 'the current page')
  const base = '/admin-dashboard/new-users?q=a&from=2026-03-01&to=2026-03-31'
  t.same(hrefsOf(paged.body, 'Précédent'), [`${base}&pageSize=1`])
  t.same(hrefsOf(paged.body, 'Suivant'), [`${base}&page=3&pageSize=1`])
  has(t, paged.body, /<span class="pager-link pager-current" aria-current="page">/, 'the current page is marked')
  has(t, paged.body, /<input type="hidden" name="pageSize" value="1"\/>/, 'a new search keeps the page size')

  for (const bad of ['page=-1', 'from=2026-02-30x', 'pageSize=zero']) {
    const res = await injectAs(app, admin, `/admin-dashboard/new-users?${bad}`)
    t.equal(res.statusCode, 200, `${bad}: the defaults, not an error`)
    t.equal(islandProps(res.body, 'AdminList').total, 3, bad)
  }
})

t.test('clients: the accepted accounts with View profile and Delete', async (t) => {
  const { app, admin, clients } = world
  const res = await injectAs(app, admin, '/admin-dashboard/clients')
  const props = islandProps(res.body, 'AdminList')
  t.equal(props.kind, 'clients')
  t.same((props.items as Array<{ username: string }>).map((u) => u.username), ['Samir Bouzid', 'Nadia Cherif'])
  has(t, res.body, /<th scope="col">Photo<\/th><th scope="col">Nom<\/th><th scope="col">E-mail<\/th><th scope="col">Inscrit le<\/th><th scope="col">Suivi par<\/th><th scope="col">Actions<\/th>/, 'the columns')
  t.same(hrefsOf(res.body, 'Voir le profil').sort(), clients.map((c) => `/users/profile/${c.id}`).sort())
  has(t, res.body, /aria-label="Supprimer Nadia Cherif \(SARL Atlas\)"/, 'Delete')
  t.notOk(res.body.includes('Accepter'), 'no Accept on clients')
})

t.test('sub-admins: the firm’s people, no longer a demo (the team module’s page: test/team/staff-pages.test.ts)', async (t) => {
  const { app, admin } = world
  const res = await injectAs(app, admin, '/admin-dashboard/sub-admins')
  const props = islandProps(res.body, 'StaffBoard')
  t.same((props.items as Array<{ id: number }>).map((row) => row.id), [admin.id], 'the administrator alone: no sample entries')
  has(t, res.body, /class="list-toolbar"/, 'the list searches, as every other')
})
