/**
 * A page of 50 New documents with 100,000 users and 1,000,000 documents against the same page at
 * 10,000 documents (issue 7), on SQLite and on MariaDB when it answers. In process (app.inject:
 * routing, guard, session, query, identity's summaries, serialisation) on a database seeded in
 * bulk; the ratio of medians is the measure (goal ≤ 2×).
 */
import { sql } from 'kysely'
import { isMysql, type Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { HASH, insertAdmin, onEachDatabase, timePage, withApp } from './databases.js'
import { appendRow, machine, now } from './report.js'

const USERS = 100_000
const SMALL = 10_000
const LARGE = 1_000_000
const TYPES = 20
const SAMPLES = 200
const WARMUP = 30
const BATCH = 1000
const PAGE = '/api/documents/new-documents?pageSize=50'
const BASE = Date.UTC(2026, 0, 1)

async function seedUsersAndTypes(db: Db): Promise<number> {
  for (let start = 0; start < USERS; start += BATCH) {
    const rows = []
    for (let i = start; i < Math.min(USERS, start + BATCH); i++) {
      const time = toDbTime(new Date(BASE - i * 60_000))
      rows.push({ username: `Client ${i}`, email: `client${i}@bench.dz`, entreprise: `SARL ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: time, updated_at: time })
    }
    await db.insertInto('users').values(rows).execute()
  }
  const types = Array.from({ length: TYPES }, (_, i) => ({ type_name: `Type ${i}`, type_key: `type ${i}`, created_at: toDbTime(new Date(BASE)) }))
  await db.insertInto('document_types').values(types).execute()
  return insertAdmin(db)
}

/**
 * Documents `from`…`target`, newest first going back 30 s each, spread over every user and type:
 * 10 % new, 60 % viewed, 30 % archived (the firm views what arrives).
 */
async function seedDocuments(db: Db, from: number, target: number, firstUser: number, firstType: number): Promise<void> {
  for (let start = from; start < target; start += BATCH * 20) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(target, start + BATCH * 20); batch += BATCH) {
        const rows = []
        for (let i = batch; i < Math.min(target, batch + BATCH); i++) {
          const state = i % 10
          rows.push({
            user_id: firstUser + (i % USERS), type_id: firstType + (i % TYPES), name: `document-${i}.pdf`, description: `Pièce ${i} du dossier annuel`,
            original_name: `document-${i}.pdf`, storage_key: `documents/${i.toString(16).padStart(32, '0')}.pdf`, mime: 'application/pdf', size: 1024,
            is_viewed: state === 0 ? 0 : 1, is_archived: state >= 7 ? 1 : 0, created_at: toDbTime(new Date(BASE - i * 30_000)), viewed_at: null, archived_at: null,
          })
        }
        await trx.insertInto('documents').values(rows).execute()
      }
    })
  }
}

/** Fresh statistics after a bulk load, as a database in service has them (InnoDB recomputes them late). */
async function analyze(db: Db): Promise<void> {
  if (isMysql(db)) await sql`analyze table users, document_types, documents`.execute(db)
  else await sql`analyze`.execute(db)
}

async function measure(label: string, url: string, db: Db): Promise<void> {
  await withApp(url, db, 'portal-bench-documents-', async (app) => {
    const seeding = performance.now()
    const adminId = await seedUsersAndTypes(db)
    const firstUser = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
    const firstType = Number((await db.selectFrom('document_types').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
    const cookie = await app.sessionCookieFor(adminId)
    await seedDocuments(db, 0, SMALL, firstUser, firstType)
    await analyze(db)
    const small = await timePage(app, cookie, PAGE, 'new documents', WARMUP, SAMPLES)
    await seedDocuments(db, SMALL, LARGE, firstUser, firstType)
    await analyze(db)
    console.log(`${label}: seeded ${USERS} users and ${LARGE} documents in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
    const large = await timePage(app, cookie, PAGE, 'new documents', WARMUP, SAMPLES)
    const ratio = large / small
    console.log(`${label}: New documents page of 50 at ${SMALL} documents ${small.toFixed(2)} ms, at ${LARGE} ${large.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'})`)
    appendRow(
      'A page of 50 New documents at 1,000,000 documents against 10,000 (`npm run bench`)',
      `GET ${PAGE} as an administrator, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests, ` +
        `with ${USERS.toLocaleString('en')} users and ${TYPES} types; documents seeded in bulk (10 % new, 60 % viewed, 30 % archived). Goal: at most 2× slower at ${LARGE.toLocaleString('en')} documents.`,
      ['date', 'machine', 'database', `median at ${SMALL.toLocaleString('en')} (ms)`, `median at ${LARGE.toLocaleString('en')} (ms)`, 'ratio'],
      [now(), machine(), label, small.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}×`],
    )
  })
}

export async function benchDocumentLists(): Promise<void> {
  await onEachDatabase(measure)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchDocumentLists().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
