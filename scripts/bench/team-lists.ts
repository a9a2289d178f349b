/**
 * Issue 29: a staff member's lists against an administrator's, on the same database: 10,000 clients,
 * 1,000,000 documents, a staff member serving 200 of the clients. A staff member's document page is a
 * range of their kept list (migration 0034) and its total a sum of their clients' kept counts
 * (migration 0033); their clients list one statement over their assignments. The ratio of medians,
 * each page timed in turns with the administrator's same page, is the measure (goal ≤ 1.5×), for the
 * three document lists and the clients list (a staff member's, and an administrator's `?staffId=`
 * against it unfiltered). In process (app.inject), on SQLite and on MariaDB when it answers.
 *
 *   npx tsx scripts/bench/team-lists.ts                 both dialects, fresh databases, rows added to BENCHMARKS.md
 *   BENCH_TEAM_ON=mariadb                               one dialect (sqlite or mariadb)
 *   BENCH_TEAM_DB=<DATABASE_URL>                        that database, seeded when empty and kept
 *   BENCH_TEAM_REPORT=0   BENCH_TEAM_SAMPLES=400        print only; samples per page (200)
 */
import { sql } from 'kysely'
import { createDb, isMysql, type Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { documentTexts, indexDocuments } from '../../migrations/0024-document-search-mariadb.js'
import { indexShortGrams } from '../../migrations/0055-short-document-search.js'
import { HASH, insertAdmin, onEachDatabase, timePair, withApp, withoutInsertTriggers, type Dialect, type Timed } from './databases.js'
import { appendRow, machine, now } from './report.js'

const CLIENTS = 10_000
const DOCUMENTS = 1_000_000
const ASSIGNED = 200
const TYPES = 20
const SAMPLES = Number(process.env.BENCH_TEAM_SAMPLES ?? 200)
const WARMUP = 30
const BASE = Date.UTC(2026, 0, 1)
const SECTION = 'A staff member’s lists at 1,000,000 documents and 10,000 clients, 200 of them theirs, against an administrator’s (`npm run bench`)'

/**
 * Numbers from … to − 1 as rows `i`, for set-based seeding: MariaDB's Sequence engine, SQLite's
 * recursive common table expression (rows built in JavaScript and sent in batches took 745 s on MariaDB).
 */
function numbers(db: Db, from: number, to: number) {
  if (isMysql(db)) return sql`(select cast(seq as signed) as i from ${sql.table(`seq_${from}_to_${to - 1}`)}) as s`
  return sql`(with recursive n(i) as (select ${sql.lit(from)} union all select i + 1 from n where i < ${sql.lit(to - 1)}) select i from n) as s`
}

/** The time `step` ms × i before BASE, as the database stores it (toDbTime's form), in SQL. */
function before(db: Db, stepMs: number) {
  const base = toDbTime(new Date(BASE))
  return isMysql(db)
    ? sql`timestampadd(microsecond, -1000 * ${sql.lit(stepMs)} * s.i, ${sql.lit(base)})`
    : sql`strftime('%Y-%m-%d %H:%M:%f', ${sql.lit(BASE / 1000)} - ${sql.lit(stepMs / 1000)} * s.i, 'unixepoch')`
}

const concat = (db: Db, ...parts: ReturnType<typeof sql>[]) => (isMysql(db) ? sql`concat(${sql.join(parts)})` : sql.join(parts, sql` || `))

async function seedClients(db: Db): Promise<{ firstClient: number; firstType: number }> {
  const time = before(db, 60_000)
  await sql`insert into users (username, email, entreprise, telephone, password_hash, is_verified, is_accepted, is_admin, profile_photo, created_at, updated_at)
    select ${concat(db, sql.lit('Client '), sql`s.i`)}, ${concat(db, sql.lit('client'), sql`s.i`, sql.lit('@bench.dz'))}, ${concat(db, sql.lit('SARL '), sql`s.i`)}, '0551234567', ${HASH}, 1, 1, 0, null, ${time}, ${time}
    from ${numbers(db, 0, CLIENTS)} order by s.i`.execute(db)
  await db.insertInto('document_types').values(Array.from({ length: TYPES }, (_, i) => ({ type_name: `Type ${i}`, type_key: `type ${i}`, created_at: toDbTime(new Date(BASE)) }))).execute()
  const firstClient = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  const firstType = Number((await db.selectFrom('document_types').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  return { firstClient, firstType }
}

/** Documents are inserted this many at a time (one statement each: a transaction of a million rows holds its undo long on MariaDB). */
const CHUNK = 100_000

/** Documents spread over every client and type, newest first 30 s apart: 10 % new, 60 % viewed, 30 % archived; set-based, in SQL. */
async function seedDocuments(db: Db, firstClient: number, firstType: number): Promise<void> {
  // The documents' texts indexed as migrations 0024 and 0055 index the rows before them (the senders'
  // columns those of migration 0025).
  const fill = async () => {
    await indexDocuments(db as never, (condition) => documentTexts(condition, ['username', 'entreprise']))
    await indexShortGrams(db as never)
  }
  await withoutInsertTriggers(db, ['search_documents_insert', 'search_documents_short_insert'], async () => {
    const hex = isMysql(db) ? sql`lpad(lower(hex(s.i)), 32, '0')` : sql`printf('%032x', s.i)`
    for (let from = 0; from < DOCUMENTS; from += CHUNK) {
      await sql`insert into documents (user_id, uploaded_by, type_id, name, description, original_name, storage_key, mime, size, is_viewed, is_archived, created_at, viewed_at, archived_at)
        select ${sql.lit(firstClient)} + s.i % ${sql.lit(CLIENTS)}, ${sql.lit(firstClient)} + s.i % ${sql.lit(CLIENTS)}, ${sql.lit(firstType)} + s.i % ${sql.lit(TYPES)},
          ${concat(db, sql.lit('document-'), sql`s.i`, sql.lit('.pdf'))}, ${concat(db, sql.lit('Pièce '), sql`s.i`, sql.lit(' du dossier annuel'))}, ${concat(db, sql.lit('document-'), sql`s.i`, sql.lit('.pdf'))},
          ${concat(db, sql.lit('documents/'), hex, sql.lit('.pdf'))}, 'application/pdf', 1024,
          case when s.i % 10 = 0 then 0 else 1 end, case when s.i % 10 >= 7 then 1 else 0 end, ${before(db, 30_000)}, null, null
        from ${numbers(db, from, Math.min(DOCUMENTS, from + CHUNK))}`.execute(db)
    }
  }, fill)
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
  if (isMysql(db)) await sql`analyze table users, document_types, documents, client_staff, client_document_counts, staff_documents`.execute(db)
  else await sql`analyze`.execute(db)
}

/** Seeds an empty database (the administrator and the staff member last); a database seeded before keeps its rows. */
async function seeded(db: Db, label: string): Promise<{ adminId: number; staffId: number }> {
  const staffOf = () => db.selectFrom('users').select('id').where('email', '=', 'staff@bench.dz').executeTakeFirst()
  const adminOf = () => db.selectFrom('users').select('id').where('email', '=', 'admin@bench.dz').executeTakeFirst()
  const [admin, staff] = [await adminOf(), await staffOf()]
  if (admin && staff) return { adminId: Number(admin.id), staffId: Number(staff.id) }
  const seeding = performance.now()
  const { firstClient, firstType } = await seedClients(db)
  await seedDocuments(db, firstClient, firstType)
  const adminId = await insertAdmin(db)
  const staffId = await seedStaff(db, firstClient)
  await analyze(db)
  console.log(`${label}: seeded ${CLIENTS} clients, ${DOCUMENTS} documents and ${ASSIGNED} assignments in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
  return { adminId, staffId }
}

/** BENCH_TEAM_REPORT=0: the figures are printed, not added to BENCHMARKS.md. */
const REPORT = process.env.BENCH_TEAM_REPORT !== '0'

async function measure(label: string, url: string, db: Db): Promise<void> {
  await withApp(url, db, 'portal-bench-team-', async (app) => {
    const { adminId, staffId } = await seeded(db, label)
    const admin = await app.sessionCookieFor(adminId)
    const staff = await app.sessionCookieFor(staffId)
    const pairs: Array<[what: string, control: Timed, measured: Timed]> = [
      ['New documents, staff vs admin', { url: '/api/documents/new-documents?pageSize=50', cookie: admin }, { url: '/api/documents/new-documents?pageSize=50', cookie: staff }],
      ['Viewed documents, staff vs admin', { url: '/api/documents/old-documents?pageSize=50', cookie: admin }, { url: '/api/documents/old-documents?pageSize=50', cookie: staff }],
      ['Archived documents, staff vs admin', { url: '/api/documents/arch-documents?pageSize=50', cookie: admin }, { url: '/api/documents/arch-documents?pageSize=50', cookie: staff }],
      ['Clients, ?staffId= vs unfiltered (admin)', { url: '/api/users/clients-profile?pageSize=50', cookie: admin }, { url: `/api/users/clients-profile?pageSize=50&staffId=${staffId}`, cookie: admin }],
      ['Clients, staff vs admin', { url: '/api/users/clients-profile?pageSize=50', cookie: admin }, { url: '/api/users/clients-profile?pageSize=50', cookie: staff }],
    ]
    for (const [what, control, measured] of pairs) {
      const times = await timePair(app, what, control, measured, WARMUP, SAMPLES)
      const ratio = times.measured / times.control
      console.log(`${label}: ${what}: ${times.control.toFixed(2)} ms against ${times.measured.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'})`)
      if (!REPORT) continue
      appendRow(
        SECTION,
        `Pages of 50 in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests, on one database of ${CLIENTS.toLocaleString('en')} clients and ${DOCUMENTS.toLocaleString('en')} documents (10 % new, 60 % viewed, 30 % archived) with a staff member serving every 47th client. The control is the administrator's same page measured in the same run, in turns with it. Goal: at most 1.5×.`,
        ['date', 'machine', 'database', 'page', 'control (ms)', 'measured (ms)', 'ratio'],
        [now(), machine(), label, what, times.control.toFixed(2), times.measured.toFixed(2), `${ratio.toFixed(2)}×`],
      )
    }
  })
}

/**
 * On a fresh SQLite file and a fresh MariaDB database. BENCH_TEAM_ON=sqlite or mariadb: that one
 * alone. BENCH_TEAM_DB=<DATABASE_URL>: that database instead, seeded when empty and kept (to measure
 * again without seeding again).
 */
export async function benchTeamLists(): Promise<void> {
  const kept = process.env.BENCH_TEAM_DB
  if (kept) {
    const db = createDb(kept)
    try {
      await measure(isMysql(db) ? 'MariaDB' : 'SQLite', kept, db)
    } finally {
      await db.destroy()
    }
    return
  }
  const on = (process.env.BENCH_TEAM_ON ?? 'sqlite,mariadb').split(',').filter((name): name is Dialect => name === 'sqlite' || name === 'mariadb')
  await onEachDatabase(measure, on)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchTeamLists().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
