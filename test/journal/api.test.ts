// GET /api/journal, GET /api/users/activity and their pages (contract §6): who may read, the entry's shape, filters and q.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { hrefsOf } from '../helpers/html.js'
import { addType, uploadPdf } from '../documents/fixtures.js'
import { insertAt, lastId, written } from './helpers.js'

// One app per file: each test reads the whole journal from a known start (the rows it writes itself).
const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true, username: 'Nadia Admin', email: 'nadia@cabinet.dz' })
await addType(app, admin, 'Bilan')

type Entry = { id: number; at: string; action: string; actor: { id: number; username: string } | null; subject: { type: string; id: number; label: string } | null; ip: string | null }

async function list(url: string, who = admin): Promise<{ entries: Entry[]; total: number }> {
  const res = await injectAs(app, who, url)
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return { entries: res.json() as Entry[], total: Number(res.headers['x-total-count']) }
}

t.test('visitors get 401, clients 403, on the API and the page; administrators the list', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  t.equal((await app.inject('/api/journal')).statusCode, 401)
  t.equal((await injectAs(app, client, '/api/journal')).statusCode, 403)
  t.match((await injectAs(app, client, '/api/journal')).json(), { message: String })
  t.equal((await app.inject('/api/users/activity')).statusCode, 401)
  const page = await injectAs(app, client, '/admin-dashboard/journal')
  t.equal(page.statusCode, 303, 'a client on the page goes home')
  t.equal(page.headers.location, '/')
  t.same(await written(db, () => injectAs(app, admin, '/api/journal')), [], 'reading the journal writes nothing')
  t.same(await written(db, () => injectAs(app, admin, '/admin-dashboard/journal')), [], 'nor does its page')
})

t.test('an entry has exactly the contract’s shape; newest first; paged with X-Total-Count', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Shape' })
  const id = await uploadPdf(app, client, 'Bilan', { filename: 'forme.pdf' })
  const { entries } = await list(`/api/journal?actorId=${client.id}`)
  t.same(Object.keys(entries[0]!).sort(), ['action', 'actor', 'at', 'id', 'ip', 'subject'])
  t.match(entries[0], { action: 'document.uploaded', actor: { id: client.id, username: 'Sarl Shape' }, subject: { type: 'document', id, label: 'forme.pdf' }, ip: '127.0.0.1' })
  t.same(Object.keys(entries[0]!.actor!).sort(), ['id', 'username'], 'no e-mail in the answer')
  t.same(Object.keys(entries[0]!.subject!).sort(), ['id', 'label', 'type'])

  const all = await list('/api/journal?pageSize=200')
  t.equal(all.total, Number((await db.selectFrom('journal').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n), 'the kept total is the row count')
  const ids = all.entries.map((e) => e.id)
  t.same(ids, [...ids].sort((a, b) => b - a), 'newest first')
  const second = await list('/api/journal?pageSize=2&page=2')
  t.same(second.entries.map((e) => e.id), ids.slice(2, 4))
  t.equal(second.total, all.total)
})

t.test('filters: ?action=, ?actorId=, dates (the firm’s days), and an invalid action is a 400 in French', async (t) => {
  const start = await lastId(db)
  await insertAt(db, [
    { at: '2026-03-01T10:00:00Z', action: 'login', actor: [9001, 'Omar Filtre', 'omar@filtre.dz'], subject: ['user', 9001, 'Omar Filtre', 9001] },
    { at: '2026-03-02T10:00:00Z', action: 'document.viewed', actor: [admin.id, 'Nadia Admin', 'nadia@cabinet.dz'], subject: ['document', 7001, 'bilan-filtre.pdf', 9001] },
    { at: '2026-03-02T23:30:00Z', action: 'login', actor: [9001, 'Omar Filtre', 'omar@filtre.dz'], subject: ['user', 9001, 'Omar Filtre', 9001] },
  ])
  const logins = await list('/api/journal?action=login&actorId=9001')
  t.same(logins.entries.map((e) => e.at), ['2026-03-02T23:30:00.000Z', '2026-03-01T10:00:00.000Z'])
  t.equal(logins.total, 2)
  t.equal((await list('/api/journal?actorId=9001')).total, 2)
  // 23:30 UTC on 2 March is 00:30 on 3 March in Algiers.
  const day = await list('/api/journal?from=2026-03-02&to=2026-03-02')
  t.same(day.entries.map((e) => e.action), ['document.viewed'])
  t.equal((await list('/api/journal?from=2026-03-03&to=2026-03-03')).entries[0]?.actor?.username, 'Omar Filtre')
  const kept = await list('/api/journal?action=login')
  t.equal(kept.total, Number((await db.selectFrom('journal').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'login').executeTakeFirstOrThrow()).n), 'the kept count per action')
  const bad = await injectAs(app, admin, '/api/journal?action=drop.tables')
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, /[a-zà-ÿ]/i)
  t.ok(start > 0)
})

t.test('q: the actor’s name or e-mail, the action, the subject’s label — word starts, case and accents ignored', async (t) => {
  await insertAt(db, [
    { at: '2026-04-01T10:00:00Z', action: 'document.downloaded', actor: [9101, 'Hélène Benaïssa', 'h.benaissa@societe-qx.dz'], subject: ['document', 7101, 'Relevé bancaire Zéphyr.pdf', 9102] },
    { at: '2026-04-01T11:00:00Z', action: 'user.accepted', actor: [admin.id, 'Nadia Admin', 'nadia@cabinet.dz'], subject: ['user', 9102, 'Eurl Quokka', 9102] },
  ])
  const found = async (q: string) => (await list(`/api/journal?q=${encodeURIComponent(q)}`)).entries.map((e) => e.subject?.label)
  t.same(await found('helene'), ['Relevé bancaire Zéphyr.pdf'], 'the actor’s name, accents ignored')
  t.same(await found('BENAI'), ['Relevé bancaire Zéphyr.pdf'], 'a word’s start, case ignored')
  t.same(await found('societe-qx'), ['Relevé bancaire Zéphyr.pdf'], 'the actor’s e-mail')
  t.same(await found('zephyr'), ['Relevé bancaire Zéphyr.pdf'], 'the subject’s label')
  t.same(await found('quokka accepted'), ['Eurl Quokka'], 'every word must match; the action is searched')
  t.same(await found('quokka downloaded'), [], 'both words, or nothing')
  t.same(await found('qx zeph'), ['Relevé bancaire Zéphyr.pdf'], 'a two-letter word narrows what the index found')
  t.same(await found('nosuchword'), [])
  const counted = await list('/api/journal?q=zephyr')
  t.equal(counted.total, 1)
  t.same(await found('%_!'), (await list('/api/journal?pageSize=50')).entries.map((e) => e.subject?.label), 'punctuation alone filters nothing')
})

t.test('a client’s activity: only their own account and documents, with the list parameters', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Activite' })
  const other = await seedAccount(app, { accepted: true, username: 'Sarl Autre' })
  const mine = await uploadPdf(app, client, 'Bilan', { filename: 'mien.pdf' })
  const theirs = await uploadPdf(app, other, 'Bilan', { filename: 'autre.pdf' })
  await injectAs(app, admin, `/api/documents/download/${mine}`)
  await injectAs(app, admin, `/api/documents/download/${theirs}`)
  await injectAs(app, admin, { method: 'POST', url: '/api/documents/types', payload: { typeName: 'Activité' } })
  const res = await injectAs(app, client, '/api/users/activity')
  t.equal(res.statusCode, 200)
  const entries = res.json() as Entry[]
  t.same(entries.map((e) => [e.action, e.subject?.label]), [['document.downloaded', 'mien.pdf'], ['document.uploaded', 'mien.pdf']])
  t.equal(res.headers['x-total-count'], '2')
  t.match(entries[0], { actor: { id: admin.id, username: 'Nadia Admin' }, subject: { type: 'document', id: mine } })
  t.same((await list('/api/users/activity?q=nadia', client)).entries.map((e) => e.action), ['document.downloaded'], 'q works there too')
  t.same((await list('/api/users/activity', other)).entries.map((e) => e.subject?.label), ['autre.pdf', 'autre.pdf'])
  t.same(await written(db, () => injectAs(app, client, '/api/users/activity')), [], 'reading it writes nothing')
})

t.test('a client’s activity keeps the firm’s staff to themselves: no staff IP, no match on a staff e-mail (security review)', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Discrete', email: 'discrete@exemple.dz' })
  const doc = await uploadPdf(app, client, 'Bilan', { filename: 'discret.pdf' })
  await injectAs(app, admin, { url: `/api/documents/download/${doc}`, remoteAddress: '203.0.113.9' })
  const { entries } = await list('/api/users/activity', client)
  t.same(entries.map((e) => [e.action, e.actor?.id, e.ip]), [['document.downloaded', admin.id, null], ['document.uploaded', client.id, '127.0.0.1']], 'an IP only on what the client did')
  const staffEntry = (await list(`/api/journal?q=discret&action=document.downloaded`)).entries[0]
  t.equal(staffEntry?.ip, '203.0.113.9', 'the administrators’ journal keeps it')

  const found = async (q: string) => (await list(`/api/users/activity?q=${encodeURIComponent(q)}`, client)).entries.map((e) => e.action)
  t.same(await found('cabinet'), [], 'the staff member’s e-mail (nadia@cabinet.dz) matches nothing')
  t.same(await found('nadia@cabinet.dz'), [])
  t.same(await found('Nadia'), ['document.downloaded'], 'the staff member’s name does')
  t.same(await found('DISCRET'), ['document.downloaded', 'document.uploaded'], 'the subject’s label does, whatever the case')
  t.same(await found('uploaded'), ['document.uploaded'], 'the action does')
  t.same(await found('nadia discret'), ['document.downloaded'], 'every word must be found')
  t.same((await list('/api/journal?q=cabinet&action=document.downloaded')).entries.map((e) => e.subject?.label).includes('discret.pdf'), true, 'administrators still search by e-mail')
})

t.test('the page: sidebar entry, filters with labels, table headers, subjects linked while they exist', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Lien' })
  const gone = await seedAccount(app, { accepted: true, username: 'Sarl Partie' })
  const doc = await uploadPdf(app, client, 'Bilan', { filename: 'lien.pdf' })
  await uploadPdf(app, gone, 'Bilan', { filename: 'parti.pdf' })
  await injectAs(app, admin, `/api/documents/download/${doc}`)
  await injectAs(app, gone, { method: 'DELETE', url: `/api/users/profile/${gone.id}` })

  const res = await injectAs(app, admin, '/admin-dashboard/journal?pageSize=200')
  t.equal(res.statusCode, 200)
  const html = res.body
  t.same(hrefsOf(html, 'Journal'), ['/admin-dashboard/journal'], 'the sidebar entry')
  t.match(html, /<label for="journal-action">Action<\/label><select id="journal-action" name="action"/, 'the action filter has its label')
  t.match(html, /<label[^>]*>\s*<span>Recherche<\/span>/)
  for (const header of ['Date', 'Action', 'Personne', 'Objet', 'Adresse IP']) t.match(html, new RegExp(`<th scope="col">${header}</th>`))
  t.ok(hrefsOf(html, 'lien.pdf').every((href) => href === `/users/profile/${client.id}`) && hrefsOf(html, 'lien.pdf').length >= 2, 'a document links to its owner’s profile')
  t.same(hrefsOf(html, 'Sarl Partie'), [], 'a deleted user: the label, no link')
  t.same(hrefsOf(html, 'parti.pdf'), [], 'nor to their documents')
  t.match(html, /Sarl Partie/)
  t.ok(hrefsOf(html, '(ses actions : Sarl Lien)').includes(`/admin-dashboard/journal?actorId=${client.id}&pageSize=200`), 'filter by person')

  const filtered = (await injectAs(app, admin, `/admin-dashboard/journal?actorId=${client.id}&action=document.uploaded`)).body
  t.match(filtered, /Actions de <strong>Sarl Lien<\/strong> seulement/)
  t.match(filtered, /<option value="document.uploaded" selected="">/)
  t.equal((filtered.match(/<tbody>[\s\S]*<\/tbody>/)?.[0].match(/<tr>/g) ?? []).length, 1, 'one upload of that person')
  const invalid = await injectAs(app, admin, '/admin-dashboard/journal?action=nope&page=abc')
  t.equal(invalid.statusCode, 200, 'a hand-edited URL shows the journal unfiltered')
})

t.test('the profile: « Qui a consulté mes documents » for its owner, from the activity', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Profil' })
  const doc = await uploadPdf(app, client, 'Bilan', { filename: 'profil.pdf' })
  await injectAs(app, admin, `/api/documents/download/${doc}`)
  const html = (await injectAs(app, client, `/users/profile/${client.id}`)).body
  t.match(html, /<h2 id="profile-activity-title"[^>]*>Qui a consulté mes documents<\/h2>/)
  const section = html.slice(html.indexOf('profile-activity-title'))
  t.match(section, /Document téléchargé/)
  t.match(section, /Nadia Admin/)
  t.match(section, /<th scope="col">Par<\/th>/)
  t.notMatch((await injectAs(app, admin, `/users/profile/${client.id}`)).body, /Qui a consulté mes documents/, 'an administrator viewing the profile does not see it as the owner')
})
