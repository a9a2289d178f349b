/**
 * Issue 16's pages that grow with a client's history, on SQLite and on MariaDB when it answers, in
 * process (app.inject: routing, guard, session, queries, render) on a database seeded in bulk; the
 * ratio of medians is the measure (goal ≤ 1.5×):
 * - the client's « Mon espace » (/files) with 50 open requests and 10,000 of their documents, against
 *   10 requests and 100 documents;
 * - a thread page of 50 messages (/messages) with 100,000 messages in the database against 1,000
 *   (spread over 10 clients' threads, then 100, the measured client's among them).
 */
import { sql } from 'kysely'
import { isMysql, type Db } from '../../src/db/database.js'
import { toDbTime } from '../../src/db/values.js'
import { HASH, onEachDatabase, withApp, type App } from './databases.js'
import { appendRow, machine, now, percentile } from './report.js'

const SAMPLES = 200
const WARMUP = 30
const BATCH = 1000
const BASE = Date.UTC(2026, 0, 1)
/** Other clients whose threads fill the database. */
const OTHER_CLIENTS = 99

async function insertClients(db: Db, count: number, prefix: string): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < count; i++) {
    const time = toDbTime(new Date(BASE - i * 60_000))
    const row = { username: `${prefix} ${i}`, email: `${prefix.toLowerCase()}${i}@bench.dz`, entreprise: `SARL ${prefix} ${i}`, telephone: '0551234567', password_hash: HASH, is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: time, updated_at: time }
    ids.push(Number((await db.insertInto('users').values(row).executeTakeFirstOrThrow()).insertId))
  }
  return ids
}

async function insertType(db: Db): Promise<number> {
  return Number((await db.insertInto('document_types').values({ type_name: 'Relevés du banc d’essai', type_key: 'releves du banc d essai', created_at: toDbTime(new Date(BASE)) }).executeTakeFirstOrThrow()).insertId)
}

/** Documents `from`…`to` of one client, newest first going back 30 s each (most already viewed by the firm). */
async function seedDocuments(db: Db, userId: number, typeId: number, from: number, to: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = from; start < to; start += BATCH) {
      const rows = []
      for (let i = start; i < Math.min(to, start + BATCH); i++) {
        rows.push({
          user_id: userId, type_id: typeId, name: `releve-${i}.pdf`, description: `Relevé ${i}`, original_name: `releve-${i}.pdf`,
          storage_key: `documents/${i.toString(16).padStart(32, '0')}.pdf`, mime: 'application/pdf', size: 1024,
          is_viewed: i % 10 === 0 ? 0 : 1, is_archived: 0, created_at: toDbTime(new Date(BASE - i * 30_000)), viewed_at: null, archived_at: null,
        })
      }
      await trx.insertInto('documents').values(rows).execute()
    }
  })
}

/** Open requests `from`…`to` of one client, due from 10 days before the bench's day onwards (some overdue). */
async function seedRequests(db: Db, userId: number, typeId: number, from: number, to: number): Promise<void> {
  const rows = []
  for (let i = from; i < to; i++) {
    const due = new Date(Date.now() + (i - 10) * 86_400_000).toISOString().slice(0, 10)
    rows.push({ user_id: userId, type_id: typeId, title: `Relevés du mois ${i + 1}`, note: 'Toutes les pages, tamponnées par la banque.', due_date: due, status: 'open' as const, created_at: toDbTime(new Date(BASE + i * 60_000)) })
  }
  await db.insertInto('requests').values(rows).execute()
}

/** `count` messages spread over `threads` (round robin), both sides writing, most already read. */
async function seedMessages(db: Db, threads: number[], adminId: number, count: number, offset: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const rows = []
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const userId = threads[i % threads.length]!
        const fromFirm = i % 2
        const at = toDbTime(new Date(BASE + (offset + i) * 1000))
        rows.push({ user_id: userId, author_id: fromFirm ? adminId : userId, from_firm: fromFirm, text: `Bonjour, voici le point ${offset + i} sur votre dossier : merci de vérifier les pièces.`, created_at: at, read_at: at })
      }
      await trx.insertInto('messages').values(rows).execute()
    }
    for (const userId of threads) {
      const at = toDbTime(new Date(BASE + (offset + count) * 1000))
      const thread = { user_id: userId, last_message_at: at, firm_mail_at: at, firm_mail_id: null, client_mail_at: at, client_mail_id: null }
      const exists = await trx.selectFrom('message_threads').select('user_id').where('user_id', '=', userId).executeTakeFirst()
      if (exists) await trx.updateTable('message_threads').set({ last_message_at: at }).where('user_id', '=', userId).execute()
      else await trx.insertInto('message_threads').values(thread).execute()
    }
  })
}

async function analyze(db: Db): Promise<void> {
  if (isMysql(db)) await sql`analyze table users, documents, requests, messages, message_threads`.execute(db)
  else await sql`analyze`.execute(db)
}

/** The median of `samples` GETs of the page `url` as `cookie` after `warmup`; each must answer 200 and hold `mark`. */
async function timeHtml(app: App, cookie: string, url: string, mark: string): Promise<number> {
  const sample = async () => {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url, headers: { cookie, 'sec-fetch-site': 'same-origin' } })
    if (res.statusCode !== 200 || !res.body.includes(mark)) throw new Error(`${url} answered ${res.statusCode}`)
    return performance.now() - start
  }
  for (let i = 0; i < WARMUP; i++) await sample()
  const times = []
  for (let i = 0; i < SAMPLES; i++) times.push(await sample())
  return percentile(times, 0.5)
}

function report(title: string, intro: string, label: string, small: number, large: number, sizes: [string, string]): void {
  const ratio = large / small
  console.log(`${label}: ${title}: ${small.toFixed(2)} ms → ${large.toFixed(2)} ms: ${ratio.toFixed(2)}× (goal ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'NOT met'})`)
  appendRow(title, intro, ['date', 'machine', 'database', `median at ${sizes[0]} (ms)`, `median at ${sizes[1]} (ms)`, 'ratio'], [now(), machine(), label, small.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}×`])
}

async function measure(label: string, url: string, db: Db): Promise<void> {
  await withApp(url, db, 'portal-bench-space-', async (app) => {
    const [adminId] = await insertClients(db, 1, 'Admin')
    await db.updateTable('users').set({ is_admin: 1, role: 'admin' }).where('id', '=', adminId!).execute()
    const [clientId] = await insertClients(db, 1, 'Atlas')
    const others = await insertClients(db, OTHER_CLIENTS, 'Client')
    const typeId = await insertType(db)
    const cookie = await app.sessionCookieFor(clientId!)

    // « Mon espace »: 10 requests and 100 documents, then 50 and 10,000.
    await seedRequests(db, clientId!, typeId, 0, 10)
    await seedDocuments(db, clientId!, typeId, 0, 100)
    await analyze(db)
    const spaceSmall = await timeHtml(app, cookie, '/files', 'Relevés du mois 10')
    await seedRequests(db, clientId!, typeId, 10, 50)
    await seedDocuments(db, clientId!, typeId, 100, 10_000)
    await analyze(db)
    const spaceLarge = await timeHtml(app, cookie, '/files', 'Relevés du mois 50')
    report(
      '« Mon espace » with 50 open requests and 10,000 documents against 10 and 100 (`npm run bench`)',
      `GET /files as the client, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests: every open request, then the newest of the client's documents and of what the firm sent. Goal: at most 1.5× slower with 50 requests and 10,000 documents than with 10 and 100.`,
      label,
      spaceSmall,
      spaceLarge,
      ['10 / 100', '50 / 10,000'],
    )

    // A thread page of 50: 1,000 messages in the database (100 in the client's thread), then 100,000 (10,000).
    const threads = [clientId!, ...others.slice(0, 9)]
    await seedMessages(db, threads, adminId!, 1_000, 0)
    await analyze(db)
    const threadSmall = await timeHtml(app, cookie, '/messages?pageSize=50', 'voici le point')
    await seedMessages(db, [clientId!, ...others], adminId!, 99_000, 1_000)
    await analyze(db)
    const threadLarge = await timeHtml(app, cookie, '/messages?pageSize=50', 'voici le point')
    report(
      'A thread page of 50 messages at 100,000 messages against 1,000 (`npm run bench`)',
      `GET /messages?pageSize=50 as the client, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests; messages seeded in bulk over 10 clients' threads, then ${OTHER_CLIENTS + 1} (the measured client's thread: 100 messages, then about 2,000). Goal: at most 1.5× slower at 100,000 messages.`,
      label,
      threadSmall,
      threadLarge,
      ['1,000', '100,000'],
    )
  })
}

export async function benchSpaceAndThread(): Promise<void> {
  await onEachDatabase(measure)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchSpaceAndThread().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
