// Issue 29 (migration 0033): the per-client counts of documents, kept by triggers, equal COUNT(*) of
// the documents by client, direction and state after any sequence of inserts, changes of state, of
// direction and of owner, deletions one by one, the firm's deletion of an account (the service's
// transaction) and a deletion of the account's row alone (the foreign keys' cascade, which MariaDB
// runs without triggers), on both dialects.
import fc from 'fast-check'
import { sql } from 'kysely'
import t from 'tap'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType } from './fixtures.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const typeId = Number((await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()).id)
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }

type State = 'new' | 'viewed' | 'archived'
const FLAGS: Record<State, { is_viewed: number; is_archived: number }> = { new: { is_viewed: 0, is_archived: 0 }, viewed: { is_viewed: 1, is_archived: 0 }, archived: { is_viewed: 1, is_archived: 1 } }

const step = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), client: fc.nat(), state: fc.constantFrom<State>('new', 'viewed', 'archived'), fromFirm: fc.boolean() }),
  fc.record({ kind: fc.constant('state' as const), document: fc.nat(), state: fc.constantFrom<State>('new', 'viewed', 'archived') }),
  fc.record({ kind: fc.constant('direction' as const), document: fc.nat() }),
  fc.record({ kind: fc.constant('owner' as const), document: fc.nat(), client: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), document: fc.nat() }),
  fc.record({ kind: fc.constant('deleteAccount' as const), client: fc.nat() }),
  fc.record({ kind: fc.constant('deleteRow' as const), client: fc.nat() }),
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

t.test('the kept counts equal COUNT(*) through inserts, changes, deletions and account deletions', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(step, { maxLength: 14 }), async (clientCount, steps) => {
      const clients = await Promise.all(Array.from({ length: clientCount }, () => seedAccount(app, { accepted: true })))
      let live = clients.map((client) => client.id)
      let documents: number[] = []
      for (const s of steps) {
        const document = 'document' in s && documents.length ? documents[s.document % documents.length]! : undefined
        const client = 'client' in s && live.length ? live[s.client % live.length]! : undefined
        switch (s.kind) {
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
      const negative = await sql<{ n: number }>`select count(*) as n from client_document_counts where n < 0`.execute(db)
      if (Number(negative.rows[0]?.n) !== 0) throw new Error('a kept count went below zero')
      return true
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
  )
  t.pass('random sequences')
})

t.test('a deleted account leaves no counts behind', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  await insert(client.id, 'new', false)
  await insert(client.id, 'viewed', true)
  t.equal((await db.selectFrom('client_document_counts').select('n').where('user_id', '=', client.id).execute()).length, 2, 'a row per direction and state')
  const res = await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${client.id}`, headers: SAME_SITE })
  t.ok(res.statusCode < 300, `deleted (${res.statusCode})`)
  t.same(await db.selectFrom('client_document_counts').select('n').where('user_id', '=', client.id).execute(), [], 'its rows went with the account')
})
