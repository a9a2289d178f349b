/**
 * A page of 50 new users at 100,000 users against the same page at 1,000 (issue 6), on SQLite
 * and on MariaDB when it answers. In process (app.inject: routing, guard, session, query,
 * serialisation), on a database seeded in bulk; the ratio of medians is the measure.
 */
import type { Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { HASH, insertAdmin, onEachDatabase, timePage, withApp } from './databases.js'
import { appendRow, machine, now } from './report.js'

const SMALL = 1_000
const LARGE = 100_000
const SAMPLES = 300
const WARMUP = 50

/** Adds users up to `target`, a third of them accepted, one a minute apart going back in time. */
async function seedUsers(db: Db, from: number, target: number): Promise<void> {
  const base = Date.UTC(2026, 0, 1)
  for (let start = from; start < target; start += 1000) {
    const rows = []
    for (let i = start; i < Math.min(target, start + 1000); i++) {
      const time = toDbTime(new Date(base - i * 60_000))
      rows.push({ username: `Client ${i}`, email: `client${i}@bench.dz`, entreprise: `SARL ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: i % 3 === 0 ? 1 : 0, is_admin: 0, profile_photo: null, created_at: time, updated_at: time })
    }
    await db.insertInto('users').values(rows).execute()
  }
}

const PAGE = '/api/users/users-profile?pageSize=50'

async function measure(label: string, url: string, db: Db): Promise<void> {
  await withApp(url, db, 'portal-bench-lists-', async (app) => {
    const cookie = await app.sessionCookieFor(await insertAdmin(db))
    await seedUsers(db, 0, SMALL)
    const small = await timePage(app, cookie, PAGE, 'new users', WARMUP, SAMPLES)
    await seedUsers(db, SMALL, LARGE)
    const large = await timePage(app, cookie, PAGE, 'new users', WARMUP, SAMPLES)
    const ratio = large / small
    console.log(`${label}: page of 50 at ${SMALL} users ${small.toFixed(2)} ms, at ${LARGE} users ${large.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'})`)
    appendRow(
      'A page of 50 new users at 100,000 users against 1,000 (`npm run bench`)',
      `GET ${PAGE} as an administrator, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests, ` +
        `on a database seeded in bulk (a third of the users accepted). Goal: at most 1.5× slower at ${LARGE.toLocaleString('en')} users.`,
      ['date', 'machine', 'database', `median at ${SMALL} (ms)`, `median at ${LARGE} (ms)`, 'ratio'],
      [now(), machine(), label, small.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}×`],
    )
  })
}

export async function benchLists(): Promise<void> {
  await onEachDatabase(measure)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLists().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
