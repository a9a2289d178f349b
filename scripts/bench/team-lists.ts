/**
 * Issue 29: a staff member's lists against an administrator's, on the same database: 10,000 clients,
 * 1,000,000 documents, a staff member serving 200 of the clients. A staff member's page is the
 * admin's query with an `IN` on the assignment table, and its total a COUNT over their clients'
 * rows instead of the trigger-kept one: the ratio of medians is the measure (goal ≤ 1.5×), for the
 * New documents page and for the clients list with `?staffId=` against it unfiltered. In process
 * (app.inject), on SQLite and on MariaDB when it answers.
 */
import { sql } from 'kysely'
import { isMysql, type Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { HASH, insertAdmin, onEachDatabase, timePage, withApp } from './databases.js'
import { appendRow, machine, now } from './report.js'

const CLIENTS = 10_000
const DOCUMENTS = 1_000_000
const ASSIGNED = 200
const TYPES = 20
const SAMPLES = 200
const WARMUP = 30
const BATCH = 1000
const BASE = Date.UTC(2026, 0, 1)
const SECTION = 'A staff member’s lists at 1,000,000 documents and 10,000 clients, 200 of them theirs, against an administrator’s (`npm run bench`)'

async function seedClients(db: Db): Promise<{ firstClient: number; firstType: number }> {
  for (let start = 0; start < CLIENTS; start += BATCH) {
    const rows = []
    for (let i = start; i < Math.min(CLIENTS, start + BATCH); i++) {
      const time = toDbTime(new Date(BASE - i * 60_000))
      rows.push({ username: `Client ${i}`, email: `client${i}@bench.dz`, entreprise: `SARL ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: time, updated_at: time })
    }
    await db.insertInto('users').values(rows).execute()
  }
  await db.insertInto('document_types').values(Array.from({ length: TYPES }, (_, i) => ({ type_name: `Type ${i}`, type_key: `type ${i}`, created_at: toDbTime(new Date(BASE)) }))).execute()
  const firstClient = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  const firstType = Number((await db.selectFrom('document_types').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  return { firstClient, firstType }
}

/** Documents spread over every client and type, newest first 30 s apart: 10 % new, 60 % viewed, 30 % archived. */
async function seedDocuments(db: Db, firstClient: number, firstType: number): Promise<void> {
  for (let start = 0; start < DOCUMENTS; start += BATCH * 20) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(DOCUMENTS, start + BATCH * 20); batch += BATCH) {
        const rows = []
        for (let i = batch; i < Math.min(DOCUMENTS, batch + BATCH); i++) {
          const state = i % 10
          const owner = firstClient + (i % CLIENTS)
          rows.push({
            user_id: owner, uploaded_by: owner, type_id: firstType + (i % TYPES), name: `document-${i}.pdf`, description: `Pièce ${i} du dossier annuel`,
            original_name: `document-${i}.pdf`, storage_key: `documents/${i.toString(16).padStart(32, '0')}.pdf`, mime: 'application/pdf', size: 1024,
            is_viewed: state === 0 ? 0 : 1, is_archived: state >= 7 ? 1 : 0, created_at: toDbTime(new Date(BASE - i * 30_000)), viewed_at: null, archived_at: null,
          })
        }
        await trx.insertInto('documents').values(rows).execute()
      }
    })
  }
}

/**
 * A staff member serving every 47th client (200 spread over the list, as a firm splits its clients): a
 * step prime to the 10 documents' states, so their documents are in every state (every 50th held only new ones).
 */
async function seedStaff(db: Db, firstClient: number): Promise<number> {
  const time = toDbTime(new Date(BASE))
  const staff = await db
    .insertInto('users')
    .values({ username: 'Collaborateur', email: 'staff@bench.dz', entreprise: 'Cabinet', telephone: '0550000000', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 1, role: 'staff', profile_photo: null, created_at: time, updated_at: time })
    .executeTakeFirstOrThrow()
  const staffId = Number(staff.insertId)
  const step = 47
  await db.insertInto('client_staff').values(Array.from({ length: ASSIGNED }, (_, i) => ({ client_id: firstClient + i * step, staff_id: staffId, created_at: time }))).execute()
  return staffId
}

async function analyze(db: Db): Promise<void> {
  if (isMysql(db)) await sql`analyze table users, document_types, documents, client_staff`.execute(db)
  else await sql`analyze`.execute(db)
}

async function measure(label: string, url: string, db: Db): Promise<void> {
  await withApp(url, db, 'portal-bench-team-', async (app) => {
    const seeding = performance.now()
    const { firstClient, firstType } = await seedClients(db)
    await seedDocuments(db, firstClient, firstType)
    const adminId = await insertAdmin(db)
    const staffId = await seedStaff(db, firstClient)
    await analyze(db)
    console.log(`${label}: seeded ${CLIENTS} clients, ${DOCUMENTS} documents and ${ASSIGNED} assignments in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
    const admin = await app.sessionCookieFor(adminId)
    const staff = await app.sessionCookieFor(staffId)
    const pairs: Array<[what: string, control: { url: string; cookie: string }, measured: { url: string; cookie: string }]> = [
      ['New documents, staff vs admin', { url: '/api/documents/new-documents?pageSize=50', cookie: admin }, { url: '/api/documents/new-documents?pageSize=50', cookie: staff }],
      ['Viewed documents, staff vs admin', { url: '/api/documents/old-documents?pageSize=50', cookie: admin }, { url: '/api/documents/old-documents?pageSize=50', cookie: staff }],
      ['Clients, ?staffId= vs unfiltered (admin)', { url: '/api/users/clients-profile?pageSize=50', cookie: admin }, { url: `/api/users/clients-profile?pageSize=50&staffId=${staffId}`, cookie: admin }],
      ['Clients, staff vs admin', { url: '/api/users/clients-profile?pageSize=50', cookie: admin }, { url: '/api/users/clients-profile?pageSize=50', cookie: staff }],
    ]
    for (const [what, control, measured] of pairs) {
      const base = await timePage(app, control.cookie, control.url, `${what} (control)`, WARMUP, SAMPLES)
      const timed = await timePage(app, measured.cookie, measured.url, what, WARMUP, SAMPLES)
      const ratio = timed / base
      console.log(`${label}: ${what}: ${base.toFixed(2)} ms against ${timed.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'})`)
      appendRow(
        SECTION,
        `Pages of 50 in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests, on one database of ${CLIENTS.toLocaleString('en')} clients and ${DOCUMENTS.toLocaleString('en')} documents (10 % new, 60 % viewed, 30 % archived) with a staff member serving every 47th client. The control is the administrator's same page measured in the same run. Goal: at most 1.5×.`,
        ['date', 'machine', 'database', 'page', 'control (ms)', 'measured (ms)', 'ratio'],
        [now(), machine(), label, what, base.toFixed(2), timed.toFixed(2), `${ratio.toFixed(2)}×`],
      )
    }
  })
}

export async function benchTeamLists(): Promise<void> {
  await onEachDatabase(measure)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchTeamLists().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
