// Issue 29 (migrations 0033, 0034): what triggers keep for a staff member's lists equals what it
// stands for, after any sequence of inserts, changes of state, of direction and of owner, deletions one
// by one, assignments given and taken back (through the API and in SQL), the firm's deletion of an
// account (the service's transaction), the removal of a staff member, and a deletion of an account's
// row alone (the foreign keys' cascade, which MariaDB runs without triggers), on both dialects:
// - the per-client counts equal COUNT(*) of the documents by client, direction and state;
// - each staff member's kept list equals their clients' documents (client_staff joined to documents).
import fc from 'fast-check'
import { sql } from 'kysely'
import t from 'tap'
import { isMysql } from '../../src/db/database.js'
import { nowDb, toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { buildTestApp, freshDatabase } from '../helpers/app.js'
import { addType } from './fixtures.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const typeId = Number((await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()).id)
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }

type State = 'new' | 'viewed' | 'archived'
const FLAGS: Record<State, { is_viewed: number; is_archived: number }> = { new: { is_viewed: 0, is_archived: 0 }, viewed: { is_viewed: 1, is_archived: 0 }, archived: { is_viewed: 1, is_archived: 1 } }

// Inserts and assignments weigh more: the other steps need rows to act on.
const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('insert' as const), client: fc.nat({ max: 5 }), state: fc.constantFrom<State>('new', 'viewed', 'archived'), fromFirm: fc.boolean() }), weight: 5 },
  fc.record({ kind: fc.constant('state' as const), document: fc.nat({ max: 5 }), state: fc.constantFrom<State>('new', 'viewed', 'archived') }),
  fc.record({ kind: fc.constant('direction' as const), document: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('owner' as const), document: fc.nat({ max: 5 }), client: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('delete' as const), document: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('deleteAccount' as const), client: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('deleteRow' as const), client: fc.nat({ max: 5 }) }),
  { arbitrary: fc.record({ kind: fc.constant('assign' as const), staff: fc.nat({ max: 5 }), client: fc.nat({ max: 5 }) }), weight: 3 },
  fc.record({ kind: fc.constant('unassign' as const), staff: fc.nat({ max: 5 }), client: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('reassign' as const), staff: fc.nat({ max: 5 }), client: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('setStaff' as const), staff: fc.array(fc.nat({ max: 5 }), { maxLength: 2 }), client: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('removeStaff' as const), staff: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('deleteStaffRow' as const), staff: fc.nat({ max: 5 }) }),
)

let serial = 0
async function insert(clientId: number, state: State, fromFirm: boolean): Promise<number> {
  serial++
  const result = await db
    .insertInto('documents')
    .values({
      user_id: clientId, type_id: fromFirm ? null : typeId, name: `piece-${serial}.pdf`, description: '', original_name: `piece-${serial}.pdf`,
      storage_key: `documents/${serial.toString(16).padStart(32, '0')}.pdf`, mime: 'application/pdf', size: 10, ...FLAGS[state],
      created_at: toDbTime(new Date(Date.UTC(2026, 0, 1) + serial * 1000)), viewed_at: null, archived_at: null,
      from_firm: fromFirm ? 1 : 0, sent_by: fromFirm ? admin.id : null, uploaded_by: fromFirm ? null : clientId, downloaded_at: null,
    })
    .executeTakeFirstOrThrow()
  return Number(result.insertId)
}

type Row = { user_id: number | string; from_firm: number | string; is_archived: number | string; is_viewed: number | string; n: number | string }
const keyed = (rows: Row[]) => rows.map((row) => `${row.user_id}/${row.from_firm}/${row.is_archived}/${row.is_viewed}: ${row.n}`).sort()

async function kept(): Promise<string[]> {
  const rows = await sql<Row>`select user_id, from_firm, is_archived, is_viewed, n from client_document_counts where n <> 0`.execute(db)
  return keyed(rows.rows)
}

async function counted(): Promise<string[]> {
  const rows = await sql<Row>`select user_id, from_firm, is_archived, is_viewed, count(*) as n from documents group by user_id, from_firm, is_archived, is_viewed`.execute(db)
  return keyed(rows.rows)
}

type Entry = { staff_id: number | string; document_id: number | string; client_id: number | string; is_archived: number | string; is_viewed: number | string; created_at: string | Date }
const entries = (rows: Entry[]) => rows.map((row) => `${row.staff_id}/${row.document_id}/${row.client_id}/${row.is_archived}/${row.is_viewed}/${toDbTime(new Date(String(row.created_at instanceof Date ? row.created_at.toISOString() : `${String(row.created_at).replace(' ', 'T')}Z`)))}`).sort()

async function keptLists(): Promise<string[]> {
  return entries((await sql<Entry>`select staff_id, document_id, client_id, is_archived, is_viewed, created_at from staff_documents`.execute(db)).rows)
}

async function listsOfAssignments(): Promise<string[]> {
  const rows = await sql<Entry>`select client_staff.staff_id, documents.id as document_id, documents.user_id as client_id, documents.is_archived, documents.is_viewed, documents.created_at
    from client_staff join documents on documents.user_id = client_staff.client_id where documents.from_firm = 0`.execute(db)
  return entries(rows.rows)
}

t.test('the kept counts and lists equal what they stand for through inserts, changes, assignments, deletions and account deletions', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(step, { minLength: 4, maxLength: 30, size: 'max' }), async (clientCount, steps) => {
      const clients = await Promise.all(Array.from({ length: clientCount }, () => seedAccount(app, { accepted: true })))
      let live = clients.map((client) => client.id)
      let staff = (await Promise.all([seedAccount(app, { role: 'staff' }), seedAccount(app, { role: 'staff' })])).map((person) => person.id)
      let documents: number[] = []
      for (const s of steps) {
        const document = 'document' in s && documents.length ? documents[s.document % documents.length]! : undefined
        const client = 'client' in s && live.length ? live[s.client % live.length]! : undefined
        const person = 'staff' in s && typeof s.staff === 'number' && staff.length ? staff[s.staff % staff.length]! : undefined
        const assigned = async (staffId: number, clientId: number) => Boolean(await db.selectFrom('client_staff').select('client_id').where('staff_id', '=', staffId).where('client_id', '=', clientId).executeTakeFirst())
        switch (s.kind) {
          case 'assign':
            if (person !== undefined && client !== undefined && !(await assigned(person, client))) await db.insertInto('client_staff').values({ client_id: client, staff_id: person, created_at: nowDb() }).execute()
            break
          case 'unassign':
            if (person !== undefined && client !== undefined) await db.deleteFrom('client_staff').where('staff_id', '=', person).where('client_id', '=', client).execute()
            break
          case 'reassign': {
            // An assignment's row changed in SQL: another client for the same person.
            const row = person === undefined ? undefined : await db.selectFrom('client_staff').select('client_id').where('staff_id', '=', person).executeTakeFirst()
            if (row && client !== undefined && !(await assigned(person!, client))) await db.updateTable('client_staff').set({ client_id: client }).where('staff_id', '=', person!).where('client_id', '=', Number(row.client_id)).execute()
            break
          }
          case 'setStaff': {
            if (client === undefined) break
            const staffIds = [...new Set(s.staff.filter(() => staff.length).map((i) => staff[i % staff.length]!))]
            const res = await injectAs(app, admin, { method: 'PUT', url: `/api/users/${client}/staff`, headers: SAME_SITE, payload: { staffIds } })
            if (res.statusCode !== 200) throw new Error(`assigning ${staffIds} to ${client} answered ${res.statusCode}: ${res.body}`)
            break
          }
          case 'removeStaff':
          case 'deleteStaffRow':
            if (person === undefined) break
            if (s.kind === 'removeStaff') {
              const res = await injectAs(app, admin, { method: 'DELETE', url: `/api/staff/${person}`, headers: SAME_SITE })
              if (res.statusCode >= 300) throw new Error(`removing staff ${person} answered ${res.statusCode}: ${res.body}`)
            } else {
              await db.deleteFrom('users').where('id', '=', person).execute()
            }
            staff = staff.filter((id) => id !== person)
            break
          case 'insert':
            if (client !== undefined) documents.push(await insert(client, s.state, s.fromFirm))
            break
          case 'state':
            if (document !== undefined) await db.updateTable('documents').set(FLAGS[s.state]).where('id', '=', document).execute()
            break
          case 'direction':
            if (document !== undefined) await sql`update documents set from_firm = 1 - from_firm where id = ${document}`.execute(db)
            break
          case 'owner':
            if (document !== undefined && client !== undefined) await db.updateTable('documents').set({ user_id: client }).where('id', '=', document).execute()
            break
          case 'delete':
            if (document !== undefined) await db.deleteFrom('documents').where('id', '=', document).execute()
            break
          case 'deleteAccount':
          case 'deleteRow': {
            if (client === undefined) break
            if (s.kind === 'deleteAccount') {
              const res = await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${client}`, headers: SAME_SITE })
              if (res.statusCode !== 200 && res.statusCode !== 204) throw new Error(`deleting account ${client} answered ${res.statusCode}: ${res.body}`)
            } else {
              // The row alone: its documents and counts go by their foreign keys.
              await db.deleteFrom('users').where('id', '=', client).execute()
            }
            live = live.filter((id) => id !== client)
            const left = new Set((await db.selectFrom('documents').select('id').execute()).map((row) => Number(row.id)))
            documents = documents.filter((id) => left.has(id))
            break
          }
        }
      }
      const [got, expected] = [await kept(), await counted()]
      if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`kept ${JSON.stringify(got)}, counted ${JSON.stringify(expected)} after ${JSON.stringify(steps)}`)
      const [lists, joined] = [await keptLists(), await listsOfAssignments()]
      if (JSON.stringify(lists) !== JSON.stringify(joined)) throw new Error(`kept lists ${JSON.stringify(lists)}, assignments' documents ${JSON.stringify(joined)} after ${JSON.stringify(steps)}`)
      const negative = await sql<{ n: number }>`select count(*) as n from client_document_counts where n < 0`.execute(db)
      if (Number(negative.rows[0]?.n) !== 0) throw new Error('a kept count went below zero')
      return true
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
  )
  t.pass('random sequences')
})

t.test('a deleted account leaves no counts and no kept list behind', async (t) => {
  const person = await seedAccount(app, { role: 'staff' })
  const client = await seedAccount(app, { accepted: true })
  await db.insertInto('client_staff').values({ client_id: client.id, staff_id: person.id, created_at: nowDb() }).execute()
  await insert(client.id, 'new', false)
  await insert(client.id, 'viewed', true)
  t.equal((await db.selectFrom('client_document_counts').select('n').where('user_id', '=', client.id).execute()).length, 2, 'a row per direction and state')
  t.equal((await db.selectFrom('staff_documents').select('document_id').where('staff_id', '=', person.id).execute()).length, 1, 'what the client sent is in the list of who serves them')
  const res = await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${client.id}`, headers: SAME_SITE })
  t.ok(res.statusCode < 300, `deleted (${res.statusCode})`)
  t.same(await db.selectFrom('client_document_counts').select('n').where('user_id', '=', client.id).execute(), [], 'its rows went with the account')
  t.same(await db.selectFrom('staff_documents').select('document_id').where('staff_id', '=', person.id).execute(), [], 'and its documents left its staff member’s list')
})

t.test('migrations 0033 and 0034 on a database holding documents and assignments: up fills both, down and up again', async (t) => {
  const fresh = await freshDatabase()
  t.teardown(fresh.drop)
  const other = fresh.db
  await migrateTo(other, '0032-documents-by-client-state')
  const user = async (name: string, role: 'client' | 'staff') =>
    Number((await other.insertInto('users').values({ username: name, email: `${name}@example.dz`, entreprise: 'SARL', telephone: '0551', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: role === 'staff' ? 1 : 0, role, created_at: nowDb(), updated_at: nowDb() } as never).executeTakeFirstOrThrow()).insertId)
  const [a, b, person] = [await user('atlas', 'client'), await user('numidia', 'client'), await user('collaboratrice', 'staff')]
  await other.insertInto('client_staff').values({ client_id: a, staff_id: person, created_at: nowDb() }).execute()
  const type = Number((await other.insertInto('document_types').values({ type_name: 'Bilan', type_key: 'bilan', created_at: nowDb() }).executeTakeFirstOrThrow()).insertId)
  const documents: Array<[number, State, boolean]> = [[a, 'new', false], [a, 'viewed', false], [a, 'viewed', false], [a, 'archived', true], [b, 'new', false], [b, 'archived', false]]
  for (const [i, [owner, state, fromFirm]] of documents.entries()) {
    await other.insertInto('documents').values({
      user_id: owner, type_id: fromFirm ? null : type, name: `p${i}.pdf`, description: '', original_name: `p${i}.pdf`, storage_key: `documents/m${i}.pdf`, mime: 'application/pdf', size: 1,
      ...FLAGS[state], created_at: toDbTime(new Date(Date.UTC(2026, 0, 1) + i * 1000)), viewed_at: null, archived_at: null, from_firm: fromFirm ? 1 : 0, sent_by: null, uploaded_by: fromFirm ? null : owner, downloaded_at: null,
    }).execute()
  }
  const countsOf = async () => keyed((await sql<Row>`select user_id, from_firm, is_archived, is_viewed, n from client_document_counts where n <> 0`.execute(other)).rows)
  const countedOf = async () => keyed((await sql<Row>`select user_id, from_firm, is_archived, is_viewed, count(*) as n from documents group by user_id, from_firm, is_archived, is_viewed`.execute(other)).rows)
  const listOf = async () => (await sql<{ document_id: number }>`select document_id from staff_documents where staff_id = ${person} order by document_id`.execute(other)).rows.map((row) => Number(row.document_id))
  const expectedList = (await sql<{ id: number }>`select id from documents where user_id = ${a} and from_firm = 0 order by id`.execute(other)).rows.map((row) => Number(row.id))

  await migrateToLatest(other)
  t.same(await countsOf(), await countedOf(), 'up: the counts of the documents already there')
  t.same(await listOf(), expectedList, 'up: the staff member’s list, what their client sent')
  t.equal(expectedList.length, 3)

  await migrateTo(other, '0032-documents-by-client-state')
  const tables = isMysql(other)
    ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = database()`.execute(other)).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(other)).rows
  t.notOk(tables.some((row) => ['client_document_counts', 'staff_documents'].includes(row.name)), 'down takes both tables away')
  await other.deleteFrom('documents').where('user_id', '=', b).execute()
  await migrateToLatest(other)
  t.same(await countsOf(), await countedOf(), 'up again, after a deletion meanwhile')
  t.same(await listOf(), expectedList, 'and the list again')
})

t.test('each write the kept list follows, one at a time', async (t) => {
  const [client, otherClient] = [await seedAccount(app, { accepted: true }), await seedAccount(app, { accepted: true })]
  const person = await seedAccount(app, { role: 'staff' })
  const list = async () => (await db.selectFrom('staff_documents').select(['document_id', 'is_archived', 'is_viewed']).where('staff_id', '=', person.id).orderBy('document_id').execute()).map((row) => [Number(row.document_id), Number(row.is_archived), Number(row.is_viewed)])
  const before = await insert(client.id, 'new', false)
  await db.insertInto('client_staff').values({ client_id: client.id, staff_id: person.id, created_at: nowDb() }).execute()
  t.same(await list(), [[before, 0, 0]], 'an assignment brings what the client sent before')
  const after = await insert(client.id, 'viewed', false)
  await insert(client.id, 'new', true)
  t.same(await list(), [[before, 0, 0], [after, 0, 1]], 'an upload after it comes too; what the firm sends does not')
  await db.updateTable('documents').set(FLAGS.archived).where('id', '=', after).execute()
  t.same(await list(), [[before, 0, 0], [after, 1, 1]], 'a change of state')
  await db.updateTable('documents').set({ user_id: otherClient.id }).where('id', '=', after).execute()
  t.same(await list(), [[before, 0, 0]], 'a document moved to another client leaves')
  await db.updateTable('client_staff').set({ client_id: otherClient.id }).where('staff_id', '=', person.id).execute()
  t.same(await list(), [[after, 1, 1]], 'an assignment changed to another client: that client’s documents instead')
  await db.deleteFrom('documents').where('id', '=', after).execute()
  t.same(await list(), [], 'a deletion')
  await db.updateTable('client_staff').set({ client_id: client.id }).where('staff_id', '=', person.id).execute()
  t.same(await list(), [[before, 0, 0]])
  await db.deleteFrom('client_staff').where('staff_id', '=', person.id).execute()
  t.same(await list(), [], 'an assignment taken back takes its documents')
})
