// Contract §9 in the journal: an administrator reads every entry; a staff member only those about
// their clients (owner_id among their assignments) and about themselves (what they did, what was done
// to their account), in SQL; a company member's activity holds their own account's entries and their
// company's documents and messages, never the owner's own account. The teams' actions are recordable.
import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { insertAt } from './helpers.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true, username: 'Amina Admin' })
const karim = await seedAccount(app, { role: 'staff', username: 'Karim Staff' })
const leila = await seedAccount(app, { role: 'staff', username: 'Leila Staff' })
const atlas = await seedAccount(app, { accepted: true, username: 'Sofiane Atlas' })
const member = await seedAccount(app, { username: 'Yasmine Atlas', companyId: atlas.id })
const cedre = await seedAccount(app, { accepted: true, username: 'SPA Cèdre' })
await db.insertInto('client_staff').values({ client_id: atlas.id, staff_id: karim.id, created_at: toDbTime(new Date()) }).execute()

const person = (account: SeededAccount): [number, string, string] => [account.id, account.username, account.email]
// One label per entry: what each reader gets is told by its labels.
await insertAt(db, [
  { at: '2026-03-01T08:00:00Z', action: 'login', actor: person(atlas), subject: ['user', atlas.id, 'atlas-login', atlas.id] },
  { at: '2026-03-01T08:01:00Z', action: 'login', actor: person(cedre), subject: ['user', cedre.id, 'cedre-login', cedre.id] },
  { at: '2026-03-01T08:02:00Z', action: 'login', actor: person(karim), subject: ['user', karim.id, 'karim-login', karim.id] },
  { at: '2026-03-01T08:03:00Z', action: 'staff.invited', actor: person(admin), subject: ['user', leila.id, 'leila-invited', leila.id] },
  { at: '2026-03-01T08:04:00Z', action: 'staff.role_changed', actor: person(admin), subject: ['user', karim.id, 'karim-role', karim.id] },
  { at: '2026-03-01T08:05:00Z', action: 'login', actor: person(admin), subject: ['user', admin.id, 'admin-login', admin.id] },
  { at: '2026-03-01T08:06:00Z', action: 'document.viewed', actor: person(admin), subject: ['document', 901, 'atlas-doc-viewed', atlas.id] },
  { at: '2026-03-01T08:07:00Z', action: 'document.viewed', actor: person(karim), subject: ['document', 902, 'karim-viewed-cedre', cedre.id] },
  { at: '2026-03-01T08:08:00Z', action: 'client.assigned', actor: person(admin), subject: ['user', karim.id, 'karim-assigned', null] },
  { at: '2026-03-01T08:09:00Z', action: 'document.uploaded', actor: person(cedre), subject: ['document', 903, 'cedre-upload', cedre.id] },
  { at: '2026-03-01T08:10:00Z', action: 'login', actor: person(member), subject: ['user', member.id, 'member-login', member.id] },
  { at: '2026-03-01T08:11:00Z', action: 'document.uploaded', actor: person(member), subject: ['document', 904, 'member-upload', atlas.id] },
  { at: '2026-03-01T08:12:00Z', action: 'message.deleted', actor: person(admin), subject: ['message', 905, 'atlas-message', atlas.id] },
  { at: '2026-03-01T08:13:00Z', action: 'member.invited', actor: person(atlas), subject: ['user', member.id, 'member-invited', member.id] },
])

type Entry = { subject: { label: string } | null; ip: string | null; actor: { id: number } | null }
async function labels(as: SeededAccount, url: string): Promise<{ labels: string[]; total: number }> {
  const res = await injectAs(app, as, url)
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  const entries = res.json() as Entry[]
  return { labels: entries.map((e) => e.subject?.label ?? '').filter((label) => label.includes('-')), total: Number(res.headers['x-total-count']) }
}

t.test('GET /api/journal: a staff member reads their clients’ entries and their own, in SQL (the total counts them only)', async (t) => {
  const karims = await labels(karim, '/api/journal?pageSize=200')
  t.same(karims.labels, ['atlas-message', 'member-upload', 'karim-assigned', 'karim-viewed-cedre', 'atlas-doc-viewed', 'karim-role', 'karim-login', 'atlas-login'], 'Atlas’s, and his doings and his account’s, newest first')
  t.equal(karims.total, (await injectAs(app, karim, '/api/journal?pageSize=200')).json().length, 'X-Total-Count is the rows he may read')
  t.same((await labels(leila, '/api/journal?pageSize=200')).labels, ['leila-invited'], 'Leila serves no one: her own account only')

  const all = await labels(admin, '/api/journal?pageSize=200')
  t.equal(all.labels.length, 14, 'an administrator: every entry')
  t.same((await labels(karim, '/api/journal?action=login')).labels, ['karim-login', 'atlas-login'], 'with ?action=')
  t.same((await labels(karim, `/api/journal?actorId=${cedre.id}`)).labels, [], 'with ?actorId= of another client’s person: nothing')
  t.same((await labels(karim, '/api/journal?q=cedre')).labels, ['karim-viewed-cedre'], 'with q: within what he reads')
  t.equal((await labels(karim, '/api/journal?pageSize=1&page=2')).total, karims.total, 'paged, the same total')
})

t.test('the page: the firm’s people (a staff member’s entries), clients sent home; the teams’ actions in the filter', async (t) => {
  const page = await injectAs(app, karim, '/admin-dashboard/journal')
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Ce qui touche vos clients et votre propre compte')
  t.match(page.body, 'atlas-login')
  t.notMatch(page.body, /cedre-login|admin-login|leila-invited/, 'another client’s, an administrator’s and a colleague’s entries are absent')
  t.notMatch((await injectAs(app, admin, '/admin-dashboard/journal')).body, 'Ce qui touche vos clients')
  const client = await injectAs(app, atlas, '/admin-dashboard/journal')
  t.same([client.statusCode, client.headers.location], [303, '/'])
  t.equal((await injectAs(app, member, '/api/journal')).statusCode, 403, 'a member: 403')

  for (const action of ['staff.invited', 'staff.role_changed', 'staff.removed', 'client.assigned', 'member.invited', 'member.removed', 'invitation.accepted']) {
    t.equal((await injectAs(app, admin, `/api/journal?action=${action}`)).statusCode, 200, `?action=${action} is a known action`)
    t.match(page.body, `<option value="${action}">`, `${action} in the page’s filter`)
  }
  t.same((await labels(admin, '/api/journal?action=staff.invited')).labels, ['leila-invited'])
  t.match(page.body, '<option value="client.assigned">Suivi du client modifié</option>', 'named in French')
})

t.test('GET /api/users/activity: a member’s own account and their company’s documents and messages, not the owner’s account', async (t) => {
  t.same((await labels(member, '/api/users/activity')).labels, ['member-invited', 'atlas-message', 'member-upload', 'member-login', 'atlas-doc-viewed'], 'the member: who opened the company’s documents too')
  t.same((await labels(atlas, '/api/users/activity')).labels, ['atlas-message', 'member-upload', 'atlas-doc-viewed', 'atlas-login'], 'the owner: the company’s as before, not the member’s login')
  t.same((await labels(karim, '/api/users/activity')).labels, ['karim-role', 'karim-login'], 'a staff member: their own account’s, not their clients’')
  const entries = (await injectAs(app, member, '/api/users/activity')).json() as Entry[]
  t.ok(entries.every((e) => e.actor?.id === member.id || e.ip === null), 'another’s IP stays hidden')
  const profile = await injectAs(app, member, `/users/profile/${member.id}`)
  t.match(profile.body, 'member-upload', 'the member’s profile shows the same activity')
  t.notMatch(profile.body, 'atlas-login')
})
