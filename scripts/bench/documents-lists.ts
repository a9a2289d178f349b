/**
 * A page of 50 New documents with 100,000 users and 1,000,000 documents against the same page at
 * 10,000 documents (issue 7), on SQLite and on MariaDB when it answers. In process (app.inject:
 * routing, guard, session, query, identity's summaries, serialisation) on a database seeded in
 * bulk; the ratio of medians is the measure (goal ≤ 2×). Then, issue 34, each list searched by one
 * and two letters at that size (goal ≤ 50 ms, the exact total in X-Total-Count).
 * BENCH_DOCUMENTS=200000 seeds that many instead of 1,000,000 (the page's ratio is then printed, not
 * recorded: its table is at 1,000,000); BENCH_DOCUMENTS_ON=sqlite or mariadb runs one dialect.
 */
import { sql } from 'kysely'
import { isMysql, type Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { HASH, insertAdmin, onEachDatabase, timePage, withApp, type App, type Dialect } from './databases.js'
import { appendRow, machine, now, percentile } from './report.js'

const USERS = 100_000
const SMALL = 10_000
const DEFAULT_LARGE = 1_000_000
const LARGE = Number(process.env.BENCH_DOCUMENTS ?? DEFAULT_LARGE)
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
    await timeShortSearches(app, cookie, label)
    if (LARGE !== DEFAULT_LARGE) return
    appendRow(
      'A page of 50 New documents at 1,000,000 documents against 10,000 (`npm run bench`)',
      `GET ${PAGE} as an administrator, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests, ` +
        `with ${USERS.toLocaleString('en')} users and ${TYPES} types; documents seeded in bulk (10 % new, 60 % viewed, 30 % archived). Goal: at most 2× slower at ${LARGE.toLocaleString('en')} documents.`,
      ['date', 'machine', 'database', `median at ${SMALL.toLocaleString('en')} (ms)`, `median at ${LARGE.toLocaleString('en')} (ms)`, 'ratio'],
      [now(), machine(), label, small.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}×`],
    )
  })
}

/** Issue 34: one and two letters, in every document (`e`, `nt`) or in some (`7`, `42`: names, clients, companies). */
const SHORT_QS = ['e', '7', 'nt', '42']
const LISTS = ['new-documents', 'old-documents', 'arch-documents']
const SHORT_SAMPLES = 20
const SHORT_WARMUP = 3

/** Each list by each short q: the median, and the total, checked against the whole list's where every document holds q. */
async function timeShortSearches(app: App, cookie: string, label: string): Promise<void> {
  const get = async (url: string) => {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url, headers: { cookie } })
    const took = performance.now() - start
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
    return { took, total: Number(res.headers['x-total-count']), items: (res.json() as unknown[]).length }
  }
  for (const list of LISTS) {
    const whole = (await get(`/api/documents/${list}?pageSize=50`)).total
    for (const q of SHORT_QS) {
      const url = `/api/documents/${list}?pageSize=50&q=${encodeURIComponent(q)}`
      for (let i = 0; i < SHORT_WARMUP; i++) await get(url)
      const times = []
      let last = await get(url)
      for (let i = 0; i < SHORT_SAMPLES; i++) times.push((last = await get(url)).took)
      if (last.items !== Math.min(50, last.total)) throw new Error(`${url}: ${last.items} items of ${last.total}`)
      if ((q === 'e' || q === 'nt') && last.total !== whole) throw new Error(`${url}: ${last.total} found, the list has ${whole}`)
      const median = percentile(times, 0.5)
      console.log(`${label}: ${list}?q=${q} ${median.toFixed(2)} ms, ${last.total} found`)
      appendRow(
        'One- and two-letter searches of the documents lists (`npx tsx scripts/bench/documents-lists.ts`)',
        'Command alone: `BENCH_DOCUMENTS=200000 BENCH_DOCUMENTS_ON=sqlite npx tsx scripts/bench/documents-lists.ts`. ' +
          `GET /api/documents/{new,old,arch}-documents?pageSize=50&q=… as an administrator, in process, median of ${SHORT_SAMPLES} after ${SHORT_WARMUP} warm-ups, ` +
          `with ${USERS.toLocaleString('en')} users and ${TYPES} types, documents seeded through the triggers. ` +
          '`e` and `nt` are in every document (the total is checked against the whole list\'s), `7` and `42` in some. Goal: ≤ 50 ms, the total exact.',
        ['date', 'machine', 'database', 'documents', 'list', 'q', 'found', 'median (ms)'],
        [now(), machine(), label, LARGE.toLocaleString('en'), list, q, String(last.total), median.toFixed(2)],
      )
    }
  }
}

export async function benchDocumentLists(): Promise<void> {
  const on = process.env.BENCH_DOCUMENTS_ON?.split(',') as Dialect[] | undefined
  await onEachDatabase(measure, on)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchDocumentLists().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
