/**
 * A page of 50 journal entries at 1,000,000 entries against the same page at 10,000 (issue 15), on
 * SQLite and on MariaDB when it answers: unfiltered, ?action=, ?actorId=, one day, a client's
 * activity and a rare `q`. In process (app.inject) on a database seeded in bulk through the
 * journal's own triggers (kept counts, SQLite's search index); the ratio of medians is the
 * measure (goal ≤ 1.5×). BENCH_JOURNAL_SIZES="small,large" changes the sizes (a quick check:
 * "2000,20000").
 */
import { sql } from 'kysely'
import { isMysql, type Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { searchTextOf } from '../../src/modules/journal/search.js'
import { HASH, insertAdmin, onEachDatabase, timePage, withApp } from './databases.js'
import { appendRow, machine, now } from './report.js'

const [SMALL, LARGE] = (process.env.BENCH_JOURNAL_SIZES ?? '10000,1000000').split(',').map(Number) as [number, number]
const SAMPLES = Number(process.env.BENCH_JOURNAL_SAMPLES ?? 200)
const WARMUP = 30
const BATCH = 500
/** A firm's pace: entries per day (so a day holds as many at either size). */
const PER_DAY = 500
/** Each client's entries come together: clients grow with the journal, as the firm does. */
const PER_CLIENT = 200
/** Entries whose subject is the rare word searched: as many at either size, spread over the first SMALL. */
const RARE = 60
const NEWEST = Date.UTC(2026, 10, 1)
const ACTIONS = ['login', 'document.uploaded', 'document.viewed', 'document.downloaded', 'logout', 'document.archived'] as const

/** Entry `i` counted back from the newest: time, action, actor (the admin for the firm's own actions), subject and owner. */
function entry(i: number, adminId: number) {
  const action = ACTIONS[i % ACTIONS.length]!
  const owner = 100_000 + Math.floor(i / PER_CLIENT)
  const byFirm = action === 'document.viewed' || action === 'document.downloaded' || action === 'document.archived'
  const actor = byFirm ? { id: adminId, username: 'Admin', email: 'admin@bench.dz' } : { id: owner, username: `Client ${owner}`, email: `client${owner}@bench.dz` }
  // Every step-th upload of the first SMALL entries (a step that is a multiple of the actions' cycle).
  const step = ACTIONS.length * Math.floor(SMALL / (ACTIONS.length * RARE))
  const rare = i % step === 1 && i < step * RARE
  const subject = action === 'login' || action === 'logout' ? { type: 'user', id: owner, label: `Client ${owner}` } : { type: 'document', id: i + 1, label: rare ? `Zéphyr relevé ${i}.pdf` : `document-${i}.pdf` }
  return {
    at: toDbTime(new Date(NEWEST - Math.floor((i * 86_400_000) / PER_DAY))),
    action,
    actor_id: actor.id,
    actor_label: actor.username,
    actor_email: actor.email,
    subject_type: subject.type,
    subject_id: subject.id,
    subject_label: subject.label,
    owner_id: owner,
    ip: '192.0.2.10',
    user_agent: 'Mozilla/5.0 (bench)',
    search_text: searchTextOf([actor.username, actor.email, action, subject.label]),
  }
}

async function seed(db: Db, from: number, target: number, adminId: number): Promise<void> {
  for (let start = from; start < target; start += BATCH * 40) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(target, start + BATCH * 40); batch += BATCH) {
        const rows = []
        for (let i = batch; i < Math.min(target, batch + BATCH); i++) rows.push(entry(i, adminId))
        await trx.insertInto('journal').values(rows).execute()
      }
    })
  }
}

async function analyze(db: Db): Promise<void> {
  if (isMysql(db)) await sql`analyze table journal`.execute(db)
  else await sql`analyze`.execute(db)
}

/** The firm's day (Algiers) of entry `i`, as `YYYY-MM-DD`: the day filter reads one full day. */
const dayOf = (i: number) => new Date(NEWEST - Math.floor((i * 86_400_000) / PER_DAY) + 3600_000).toISOString().slice(0, 10)

/** The client whose activity is measured: one of the middle of the first SMALL entries (PER_CLIENT entries at either size). */
const CLIENT = 100_000 + Math.floor(SMALL / 2 / PER_CLIENT)

function pagesFor(adminId: number) {
  const client = CLIENT
  return [
    { what: 'unfiltered', url: '/api/journal?pageSize=50' },
    { what: '?action=', url: '/api/journal?pageSize=50&action=document.viewed' },
    { what: '?actorId= (the firm)', url: `/api/journal?pageSize=50&actorId=${adminId}` },
    { what: 'one day', url: `/api/journal?pageSize=50&from=${dayOf(SMALL / 2)}&to=${dayOf(SMALL / 2)}` },
    { what: 'q, a common word and a rare one', url: `/api/journal?pageSize=50&q=client%20${client}` },
    { what: 'q, rare word', url: '/api/journal?pageSize=50&q=zephyr' },
  ]
}

async function measure(label: string, url: string, db: Db): Promise<void> {
  await withApp(url, db, 'portal-bench-journal-', async (app) => {
    const seeding = performance.now()
    const adminId = await insertAdmin(db)
    const cookie = await app.sessionCookieFor(adminId)
    // The measured client's account, with the id its entries name, and its session.
    await db.insertInto('users').values({ id: CLIENT, username: `Client ${CLIENT}`, email: `client${CLIENT}@bench.dz`, entreprise: 'SARL', telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: toDbTime(new Date()), updated_at: toDbTime(new Date()) } as never).execute()
    const clientCookie = await app.sessionCookieFor(CLIENT)
    const pages = [...pagesFor(adminId).map((page) => ({ ...page, cookie })), { what: 'a client’s activity', url: '/api/users/activity?pageSize=50', cookie: clientCookie }]
    await seed(db, 0, SMALL, adminId)
    await analyze(db)
    const small = []
    for (const page of pages) small.push(await timePage(app, page.cookie, page.url, `journal ${page.what}`, WARMUP, SAMPLES))
    await seed(db, SMALL, LARGE, adminId)
    await analyze(db)
    console.log(`${label}: seeded ${LARGE} journal entries in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
    for (const [index, page] of pages.entries()) {
      const large = await timePage(app, page.cookie, page.url, `journal ${page.what}`, WARMUP, SAMPLES)
      const ratio = large / small[index]!
      console.log(`${label}: journal, ${page.what}: at ${SMALL} ${small[index]!.toFixed(2)} ms, at ${LARGE} ${large.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'})`)
      appendRow(
        'A page of 50 journal entries at 1,000,000 entries against 10,000 (`npm run bench`)',
        `GET /api/journal as an administrator (and /api/users/activity as a client), in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests. Entries seeded in bulk through the ` +
          `journal's triggers: ${PER_DAY} a day, ${PER_CLIENT} per client (clients grow with the journal), half of them the firm's; ${RARE} carry the rare word searched. Goal: at most 1.5× slower at the large size.`,
        ['date', 'machine', 'database', 'page', 'entries (small / large)', 'median small (ms)', 'median large (ms)', 'ratio'],
        [now(), machine(), label, page.what, `${SMALL.toLocaleString('en')} / ${LARGE.toLocaleString('en')}`, small[index]!.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}×`],
      )
    }
  })
}

export async function benchJournal(): Promise<void> {
  await onEachDatabase(measure)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchJournal().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
