// Issue 29, contract §9: for random assignments of staff to clients and random documents, requests and
// messages, every list and count a staff member gets equals the rows of their clients — the access
// policy (identity/scope.ts) applied in SQL, on both dialects. Each run makes its own clients and
// staff in one database, so a run's staff see that run's rows only, whatever earlier runs left.
import fc from 'fast-check'
import t from 'tap'
import { nowDb, toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { nextYear } from '../helpers/due-dates.js'
import { addType } from '../documents/fixtures.js'

const { app, db } = await buildTestApp(t, { RATE_LIMIT_CONTACT_IP: '100000', RATE_LIMIT_LOGIN_IP: '100000' })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const typeId = Number((await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()).id)
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }

type State = 'new' | 'viewed' | 'archived'
const world = fc.record({
  clients: fc.integer({ min: 1, max: 4 }),
  staff: fc.integer({ min: 1, max: 3 }),
  assignments: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
  documents: fc.array(fc.record({ client: fc.nat(), state: fc.constantFrom<State>('new', 'viewed', 'archived'), fromFirm: fc.boolean() }), { maxLength: 12 }),
  requests: fc.array(fc.nat(), { maxLength: 4 }),
  messages: fc.array(fc.nat(), { maxLength: 4 }),
})

let serial = 0
async function insertDocument(clientId: number, state: State, fromFirm: boolean): Promise<number> {
  serial++
  const result = await db
    .insertInto('documents')
    .values({
      user_id: clientId, type_id: fromFirm ? null : typeId, name: `piece-${serial}.pdf`, description: '', original_name: `piece-${serial}.pdf`,
      storage_key: `documents/${serial.toString(16).padStart(32, '0')}.pdf`, mime: 'application/pdf', size: 10,
      is_viewed: state === 'new' ? 0 : 1, is_archived: state === 'archived' ? 1 : 0, created_at: toDbTime(new Date(Date.UTC(2026, 0, 1) + serial * 1000)),
      viewed_at: null, archived_at: null, from_firm: fromFirm ? 1 : 0, sent_by: fromFirm ? admin.id : null, uploaded_by: fromFirm ? null : clientId, downloaded_at: null,
    })
    .executeTakeFirstOrThrow()
  return Number(result.insertId)
}

async function listIds(account: SeededAccount, url: string, key: (row: Record<string, unknown>) => unknown = (row) => row.id) {
  const res = await injectAs(app, account, `${url}${url.includes('?') ? '&' : '?'}pageSize=200`)
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`)
  return { ids: new Set((res.json() as Array<Record<string, unknown>>).map(key)), total: Number(res.headers['x-total-count']) }
}

const sameSet = (a: Set<unknown>, b: Set<unknown>) => a.size === b.size && [...a].every((x) => b.has(x))

t.test('every list and count a staff member gets equals their clients’ rows, for random assignments and rows', async (t) => {
  await fc.assert(
    fc.asyncProperty(world, async (w) => {
      const clients = await Promise.all(Array.from({ length: w.clients }, () => seedAccount(app, { accepted: true })))
      const staff = await Promise.all(Array.from({ length: w.staff }, () => seedAccount(app, { role: 'staff' })))
      const assigned = new Map(staff.map((person) => [person.id, new Set<number>()]))
      for (const [s, c] of w.assignments) {
        const person = staff[s % staff.length]!
        const client = clients[c % clients.length]!
        if (assigned.get(person.id)!.has(client.id)) continue
        assigned.get(person.id)!.add(client.id)
        await db.insertInto('client_staff').values({ client_id: client.id, staff_id: person.id, created_at: nowDb() }).execute()
      }
      const documents = await Promise.all(w.documents.map(async (d) => ({ ...d, clientId: clients[d.client % clients.length]!.id, id: await insertDocument(clients[d.client % clients.length]!.id, d.state, d.fromFirm) })))
      const requests: Array<{ id: number; clientId: number }> = []
      for (const pick of w.requests) {
        const clientId = clients[pick % clients.length]!.id
        const res = await injectAs(app, admin, { method: 'POST', url: '/api/requests', headers: SAME_SITE, payload: { userId: clientId, typeId, title: 'Bilan', note: '', dueDate: nextYear('06-30') } })
        if (res.statusCode !== 201) throw new Error(`request answered ${res.statusCode}: ${res.body}`)
        requests.push({ id: res.json().id, clientId })
      }
      const threads = new Set<number>()
      for (const pick of w.messages) {
        const client = clients[pick % clients.length]!
        const res = await injectAs(app, client, { method: 'POST', url: `/api/messages/${client.id}`, headers: SAME_SITE, payload: { text: 'Bonjour' } })
        if (res.statusCode !== 201) throw new Error(`message answered ${res.statusCode}: ${res.body}`)
        threads.add(client.id)
      }

      for (const person of staff) {
        const mine = assigned.get(person.id)!
        const sent = (state: State) => new Set(documents.filter((d) => !d.fromFirm && d.state === state && mine.has(d.clientId)).map((d) => d.id))
        for (const [url, state] of [['/api/documents/new-documents', 'new'], ['/api/documents/old-documents', 'viewed'], ['/api/documents/arch-documents', 'archived']] as const) {
          const got = await listIds(person, url)
          const expected = sent(state)
          if (!sameSet(got.ids, expected) || got.total !== expected.size) throw new Error(`${url}: got ${[...got.ids]} (${got.total}), expected ${[...expected]}`)
        }
        const gotRequests = await listIds(person, '/api/requests')
        const expectedRequests = new Set(requests.filter((r) => mine.has(r.clientId)).map((r) => r.id))
        if (!sameSet(gotRequests.ids, expectedRequests) || gotRequests.total !== expectedRequests.size) throw new Error(`requests: got ${[...gotRequests.ids]}, expected ${[...expectedRequests]}`)
        const gotThreads = await listIds(person, '/api/messages', (row) => (row.user as { id: number } | undefined)?.id ?? row.userId ?? row.id)
        const expectedThreads = new Set([...threads].filter((id) => mine.has(id)))
        if (!sameSet(gotThreads.ids, expectedThreads) || gotThreads.total !== expectedThreads.size) throw new Error(`threads: got ${[...gotThreads.ids]}, expected ${[...expectedThreads]}`)
        const gotClients = await listIds(person, '/api/users/clients-profile')
        if (!sameSet(gotClients.ids, mine) || gotClients.total !== mine.size) throw new Error(`clients: got ${[...gotClients.ids]}, expected ${[...mine]}`)
        const byStaff = await listIds(admin, `/api/users/clients-profile?staffId=${person.id}`)
        if (!sameSet(byStaff.ids, mine) || byStaff.total !== mine.size) throw new Error(`?staffId=: got ${[...byStaff.ids]}, expected ${[...mine]}`)
        const counts = (await injectAs(app, person, '/api/users/counts')).json() as { users: { accepted: number }; documents: { unviewed: number } }
        if (counts.users.accepted !== mine.size) throw new Error(`counts.users.accepted: got ${counts.users.accepted}, expected ${mine.size}`)
        if (counts.documents.unviewed !== sent('new').size) throw new Error(`counts.documents.unviewed: got ${counts.documents.unviewed}, expected ${sent('new').size}`)
        // Any other client's document is absent: 404, never the file.
        for (const d of documents.filter((d) => !mine.has(d.clientId))) {
          const res = await injectAs(app, person, `/api/documents/download/${d.id}`)
          if (res.statusCode !== 404) throw new Error(`download of another client's document ${d.id}: ${res.statusCode}`)
        }
      }
      return true
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) },
  )
  t.pass('random worlds')
})
