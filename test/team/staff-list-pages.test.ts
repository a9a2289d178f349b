// Issue 29 (docs/decisions/111-staff-list-counts.md): a staff member's document lists, page by page,
// are their clients' documents newest first (ties by id), with the right X-Total-Count, from their
// kept list and their clients' kept counts, whether their clients' documents are among the firm's
// newest or are its oldest, unfiltered and between two dates, on both dialects; their clients list
// page by page and past the last.
import t from 'tap'
import { nowDb, toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType } from '../documents/fixtures.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const typeId = Number((await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()).id)

type State = 'new' | 'viewed' | 'archived'
const STATES: State[] = ['new', 'viewed', 'archived']
const FLAGS: Record<State, { is_viewed: number; is_archived: number }> = { new: { is_viewed: 0, is_archived: 0 }, viewed: { is_viewed: 1, is_archived: 0 }, archived: { is_viewed: 1, is_archived: 1 } }
const URLS: Record<State, string> = { new: '/api/documents/new-documents', viewed: '/api/documents/old-documents', archived: '/api/documents/arch-documents' }
const BASE = Date.UTC(2026, 0, 1)

interface Doc {
  id: number
  clientId: number
  state: State
  fromFirm: boolean
  at: number
}

const clients = await Promise.all(Array.from({ length: 22 }, () => seedAccount(app, { accepted: true })))
const docs: Doc[] = []
const rows: Array<Omit<Doc, 'id'> & { key: string }> = []
function add(clientId: number, state: State, at: number, fromFirm = false): void {
  rows.push({ clientId, state, at, fromFirm, key: `documents/${rows.length.toString(16).padStart(32, '0')}.pdf` })
}

// The firm's recent documents: 1,200 over the first 20 clients, in every state, every seventh sharing
// its second with the one before (the page's order then rests on the id), every eleventh the firm's.
for (let k = 0; k < 1200; k++) add(clients[k % 20]!.id, STATES[Math.floor(k / 20) % 3]!, BASE + (k - (k % 7 === 0 ? 1 : 0)) * 1000, k % 11 === 0)
// Two clients whose 180 documents are all older than every other.
for (let k = 0; k < 180; k++) add(clients[20 + (k % 2)]!.id, STATES[Math.floor(k / 2) % 3]!, BASE - 10_000_000 + k * 1000)
for (let i = 0; i < rows.length; i += 200) {
  await db
    .insertInto('documents')
    .values(
      rows.slice(i, i + 200).map((row) => ({
        user_id: row.clientId, type_id: row.fromFirm ? null : typeId, name: 'piece.pdf', description: '', original_name: 'piece.pdf', storage_key: row.key, mime: 'application/pdf', size: 10,
        ...FLAGS[row.state], created_at: toDbTime(new Date(row.at)), viewed_at: null, archived_at: null, from_firm: row.fromFirm ? 1 : 0, sent_by: row.fromFirm ? admin.id : null,
        uploaded_by: row.fromFirm ? null : row.clientId, downloaded_at: null,
      })),
    )
    .execute()
}
const idOf = new Map((await db.selectFrom('documents').select(['id', 'storage_key']).execute()).map((row) => [row.storage_key, Number(row.id)]))
for (const { key, ...row } of rows) docs.push({ ...row, id: idOf.get(key)! })

async function staffServing(indexes: number[]): Promise<SeededAccount> {
  const person = await seedAccount(app, { role: 'staff' })
  for (const i of indexes) await db.insertInto('client_staff').values({ client_id: clients[i]!.id, staff_id: person.id, created_at: nowDb() }).execute()
  return person
}

// Four of the twenty (80 documents in a state of 400), the two old clients (60 of 460), one of each.
const spread = await staffServing([0, 5, 10, 15])
const old = await staffServing([20, 21])
const both = await staffServing([3, 20])
const nobody = await staffServing([])

for (const [name, person, served] of [
  ['clients spread over the firm’s documents', spread, [0, 5, 10, 15]],
  ['clients whose documents are the oldest', old, [20, 21]],
  ['a recent client and an old one', both, [3, 20]],
  ['no client', nobody, []],
] as const) {
  t.test(`a staff member serving ${name}: every page of every list`, async (t) => {
    const ids = new Set(served.map((i) => clients[i]!.id))
    for (const state of STATES) {
      const expected = docs
        .filter((d) => ids.has(d.clientId) && d.state === state && !d.fromFirm)
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .map((d) => d.id)
      // The recent documents are of 2026-01-01 (Algiers), the old ones of the autumn before.
      const recent = docs.filter((d) => d.at >= BASE).map((d) => d.id)
      for (const [dates, wanted] of [
        ['', expected],
        ['&from=2026-01-01', expected.filter((id) => recent.includes(id))],
        ['&to=2025-12-31', expected.filter((id) => !recent.includes(id))],
      ] as const) {
        for (const pageSize of [5, 7, 50]) {
          const pages = Math.ceil(wanted.length / pageSize) + 1
          for (let page = 1; page <= pages; page++) {
            const res = await injectAs(app, person, `${URLS[state]}?pageSize=${pageSize}&page=${page}${dates}`)
            t.equal(res.statusCode, 200)
            const got = (res.json() as Array<{ id: number }>).map((row) => row.id)
            const want = wanted.slice((page - 1) * pageSize, page * pageSize)
            if (JSON.stringify(got) !== JSON.stringify(want) || Number(res.headers['x-total-count']) !== wanted.length) {
              t.fail(`${state}${dates}, page ${page} of ${pageSize}: got ${JSON.stringify(got)} (${res.headers['x-total-count']}), expected ${JSON.stringify(want)} (${wanted.length})`)
            }
          }
        }
      }
      const counts = (await injectAs(app, person, '/api/users/counts')).json() as { documents: { unviewed: number; viewed: number } }
      if (state === 'new') t.equal(counts.documents.unviewed, expected.length, 'the dashboard’s new documents')
      if (state === 'viewed') t.equal(counts.documents.viewed, expected.length, 'the dashboard’s viewed documents')
    }
  })
}

t.test('a change of state moves a document between a staff member’s lists at once', async (t) => {
  const mine = docs.find((d) => d.clientId === clients[0]!.id && d.state === 'new' && !d.fromFirm)!
  await db.updateTable('documents').set(FLAGS.viewed).where('id', '=', mine.id).execute()
  const viewed = await injectAs(app, spread, `${URLS.viewed}?pageSize=200`)
  t.ok((viewed.json() as Array<{ id: number }>).some((row) => row.id === mine.id), 'among the viewed')
  const fresh = await injectAs(app, spread, `${URLS.new}?pageSize=200`)
  t.notOk((fresh.json() as Array<{ id: number }>).some((row) => row.id === mine.id), 'no longer new')
  const before = docs.filter((d) => [0, 5, 10, 15].some((i) => clients[i]!.id === d.clientId) && d.state === 'viewed' && !d.fromFirm).length
  t.equal(Number(viewed.headers['x-total-count']), before + 1, 'the total follows')
})

t.test('a staff member’s clients list and ?staffId=, page by page and past the last', async (t) => {
  const served = [0, 5, 10, 15].map((i) => clients[i]!)
  const rows = await db.selectFrom('users').select(['id', 'created_at']).where('id', 'in', served.map((c) => c.id)).execute()
  const expected = rows.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || Number(b.id) - Number(a.id)).map((row) => Number(row.id))
  for (const [who, url] of [[spread, '/api/users/clients-profile'], [admin, `/api/users/clients-profile?staffId=${spread.id}`]] as const) {
    for (let page = 1; page <= 3; page++) {
      const res = await injectAs(app, who, `${url}${url.includes('?') ? '&' : '?'}pageSize=3&page=${page}`)
      t.equal(res.statusCode, 200)
      t.same((res.json() as Array<{ id: number }>).map((row) => row.id), expected.slice((page - 1) * 3, page * 3), `${url}: page ${page}`)
      t.equal(Number(res.headers['x-total-count']), 4, `${url}: page ${page}'s total`)
    }
  }
  const none = await injectAs(app, nobody, '/api/users/clients-profile?pageSize=3')
  t.same(none.json(), [], 'no client')
  t.equal(Number(none.headers['x-total-count']), 0)
})
