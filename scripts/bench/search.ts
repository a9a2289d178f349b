/**
 * Every list's search (issue 16) at 1,000,000 documents, 100,000 contact messages and 100,000 thread
 * messages, on SQLite and on MariaDB when it answers: the median of each list's page for a rare
 * 3-letter q with accents and for a common one (in process, app.inject), then `/healthz`'s p99 on
 * the built server while 10 searches run concurrently in a loop, against its p99 idle, in the same
 * run. Seeded in bulk through the tables' triggers (the search indexes of migration 0020).
 * BENCH_SEARCH_SIZES="documents,messages" changes the sizes (a quick check: "20000,2000").
 * On databases seeded before (BENCH_SEARCH_SEED_INTO=url migrates and seeds an empty database at url
 * and keeps it): BENCH_SEARCH_ON="url,url" measures both, BENCH_SEARCH_HEALTHZ_ON="url,url" /healthz only.
 */
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { sql } from 'kysely'
import { createDb, isMysql, type Db } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import { indexShortGrams } from '../../migrations/0055-short-document-search.js'
import { HASH, insertAdmin, onEachDatabase, withApp, withoutInsertTriggers, type App } from './databases.js'
import { appendRow, machine, now, percentile } from './report.js'
import { logIn, startPortal } from './server.js'
import { probe } from './hey.js'
import { wrk } from './wrk.js'

const [DOCUMENTS, MESSAGES] = (process.env.BENCH_SEARCH_SIZES ?? '1000000,100000').split(',').map(Number) as [number, number]
const CLIENTS = 10_000
/** Clients with a thread: each holds MESSAGES / THREADS messages. */
const THREADS = 1000
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 20)
const WARMUP = 3
/** How long /healthz is sampled in each window, idle or during the searches, and how often (hey's fixed rate). */
const HEALTHZ_SECONDS = 5
const HEALTHZ_RATE = 200
/**
 * Rounds of an idle window followed by a searching one, for each q: the idle p99 of this 2-core VM
 * moves from one window to the next (2026-11-27), so each q's searching windows are compared with
 * idle windows taken just before them, and each side's samples are pooled over the rounds.
 */
const HEALTHZ_ROUNDS = Number(process.env.BENCH_HEALTHZ_ROUNDS ?? 3)
/**
 * The searches' wrk runs at this nice value (BENCH_LOAD_NICE, 0 to share the cores equally): the ten
 * searching browsers of a real firm are on other machines, and the server's cores are its own and
 * the probe's. At nice 0 wrk takes its third of two cores from the loop it is measuring.
 */
const LOAD_NICE = Number(process.env.BENCH_LOAD_NICE ?? 19)
const CONCURRENT = 10
const BATCH = 500
const BASE = Date.UTC(2026, 0, 1)
const GOAL_MS = 50

/** Three letters with accents: in one name of ten thousand (rare), and in a word of one document type of twenty, one message of eight (common). */
const RARE = 'ïss'
const COMMON = 'evé'

const FIRST = ['Amine', 'Karim', 'Nadia', 'Yasmine', 'Sofiane', 'Lyes', 'Meriem', 'Walid', 'Samia', 'Rachid']
const LAST = ['Saïdi', 'Kaci', 'Hadj', 'Mansouri', 'Belkacem', 'Ouali', 'Zerrouki', 'Haddad', 'Cherif', 'Bouzid']
const TYPES = ['Relevé bancaire', 'Déclaration G50', 'Bulletin de paie', 'Facture d’achat', 'Bilan annuel', 'État des stocks', 'Contrat de bail', 'Registre du commerce', 'Attestation CNAS', 'Attestation CASNOS']
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']
const TEXTS = [
  'Bonjour, voici les pièces demandées pour le trimestre, merci de confirmer la réception.',
  'Pouvez-vous me rappeler la date limite de dépôt de la déclaration ?',
  'Je vous envoie le relevé du mois, il manque encore deux factures.',
  'Merci pour votre retour, nous passerons au cabinet jeudi matin.',
  'Les bulletins de paie de nos quatre employés sont joints.',
  'Nous avons reçu la notification des impôts, que faut-il faire ?',
  'Le bilan provisoire est prêt, pouvons-nous en parler cette semaine ?',
  'La facture d’électricité a été réglée en espèces, est-ce un problème ?',
]

/** Client `i`'s name: one in ten thousand carries the rare letters. */
const clientName = (i: number) => (i % 10_000 === 7 ? `Nassim Benaïssa ${i}` : `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`)

async function inserted<T>(db: Db, table: 'users' | 'documents' | 'contact_messages' | 'messages' | 'requests', count: number, row: (i: number) => T): Promise<void> {
  for (let start = 0; start < count; start += BATCH * 40) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(count, start + BATCH * 40); batch += BATCH) {
        const rows = []
        for (let i = batch; i < Math.min(count, batch + BATCH); i++) rows.push(row(i))
        await trx.insertInto(table).values(rows as never).execute()
      }
    })
  }
}

const time = (i: number, step: number) => toDbTime(new Date(BASE - i * step))

/** Answers the first client's id (clients are numbered from it) and the first type's. */
export async function seed(db: Db): Promise<{ firstUser: number; firstType: number }> {
  await inserted(db, 'users', CLIENTS, (i) => ({
    username: clientName(i), email: `client${i}@bench.dz`, entreprise: `SARL ${i}`, telephone: '0551234567', password_hash: HASH,
    is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: time(i, 60_000), updated_at: time(i, 60_000),
  }))
  const firstUser = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  await db.deleteFrom('document_types').execute() // the default ones: the twenty below instead
  const types = Array.from({ length: 20 }, (_, i) => ({ type_name: TYPES[i] ?? `Pièce ${i}`, type_key: `type ${i}`, created_at: time(i, 60_000) }))
  await db.insertInto('document_types').values(types).execute()
  const firstType = Number((await db.selectFrom('document_types').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id)
  // 10 % new, 60 % viewed, 30 % archived; one in twenty thousand names its client's rare name. The
  // short grams (migration 0055) filled after on MariaDB: through their trigger, a million took too long.
  const documents = () => inserted(db, 'documents', DOCUMENTS, (i) => ({
    user_id: firstUser + (i % CLIENTS), type_id: firstType + (i % 20), name: i % 20_000 === 3 ? `Attestation Benaïssa ${i}` : `${TYPES[i % 20] ?? 'Pièce'} ${MONTHS[i % 12]} ${2000 + (i % 26)}`,
    description: '', original_name: `document-${i}.pdf`, storage_key: `documents/${i.toString(16).padStart(32, '0')}.pdf`, mime: 'application/pdf', size: 1024,
    is_viewed: i % 10 === 0 ? 0 : 1, is_archived: i % 10 >= 7 ? 1 : 0, created_at: time(i, 30_000), viewed_at: null, archived_at: null,
  }))
  await withoutInsertTriggers(db, ['search_documents_short_insert'], documents, () => indexShortGrams(db as never))
  await inserted(db, 'contact_messages', MESSAGES, (i) => ({
    name: clientName(i), email: `visiteur${i}@exemple.dz`, telephone: '0551234567', message: `${TEXTS[i % TEXTS.length]} (${i})`, ip: '192.0.2.10', created_at: time(i, 60_000),
  }))
  await inserted(db, 'messages', MESSAGES, (i) => {
    const userId = firstUser + (i % THREADS)
    return { user_id: userId, author_id: userId, from_firm: i % 2, text: i % 5000 === 11 ? `Madame Benaïssa passera demain (${i})` : `${TEXTS[Math.floor(i / THREADS) % TEXTS.length]} (${i})`, created_at: time(i, 60_000), read_at: null }
  })
  await seedRequestsAndThreads(db, firstUser, firstType)
  return { firstUser, firstType }
}

/** Requests the firm made (one per ten documents, titled like them) and the message threads' rows. */
async function seedRequestsAndThreads(db: Db, firstUser: number, firstType: number): Promise<void> {
  const statuses = ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'open', 'open', 'cancelled'] as const
  await inserted(db, 'requests', DOCUMENTS / 10, (i) => {
    const status = statuses[i % statuses.length]!
    const created = time(i, 300_000)
    return {
      user_id: firstUser + (i % CLIENTS), type_id: firstType + (i % 20), title: `${TYPES[i % 20] ?? 'Pièce'} ${MONTHS[i % 12]} ${2000 + (i % 26)}`, note: i % 7 === 0 ? 'Merci de joindre la version signée.' : '',
      due_date: new Date(BASE - i * 300_000 + 15 * 86_400_000).toISOString().slice(0, 10), status, created_at: created,
      fulfilled_at: status === 'fulfilled' ? created : null, cancelled_at: status === 'cancelled' ? created : null,
    }
  })
  // The threads' rows, as the messages service keeps them: one per client who wrote, its latest message.
  const never = toDbTime(new Date(0))
  await sql`insert into message_threads (user_id, last_message_at, last_message_id, firm_mail_at, firm_mail_id, client_mail_at, client_mail_id)
    select user_id, max(created_at), max(id), ${never}, null, ${never}, null from messages group by user_id`.execute(db)
}

/** Every list with a search, for `q` (encoded); the thread is one of the clients with messages. */
function lists(q: string, threadOf: number) {
  const query = `?pageSize=50&q=${encodeURIComponent(q)}`
  return [
    { what: 'clients', url: `/api/users/clients-profile${query}` },
    { what: 'new users', url: `/api/users/users-profile${query}` },
    { what: 'contact inbox', url: `/api/users/contact${query}` },
    { what: 'document types', url: `/api/documents/types${query}` },
    { what: 'new documents', url: `/api/documents/new-documents${query}` },
    { what: 'viewed documents', url: `/api/documents/old-documents${query}` },
    { what: 'archived documents', url: `/api/documents/arch-documents${query}` },
    { what: 'a thread', url: `/api/messages/${threadOf}${query}` },
    { what: 'requests', url: `/api/requests${query}` },
    { what: 'threads', url: `/api/messages${query}` },
  ]
}

/**
 * The back-office page searched without JavaScript whose list had no JSON API before
 * 2026-11-27: its median is measured beside the lists'; it joins the load on /healthz only with
 * BENCH_HEALTHZ_PAGES=1 (a render on the loop: a page, not a list's search).
 */
function pages(q: string) {
  return [{ what: 'threads page', url: `/admin-dashboard/threads?pageSize=50&q=${encodeURIComponent(q)}` }]
}
const HEALTHZ_PAGES = process.env.BENCH_HEALTHZ_PAGES === '1'

/** Median time of `url` and the total it counts. */
async function timeSearch(app: App, cookie: string, url: string): Promise<{ median: number; total: number | undefined }> {
  let total: number | undefined
  const sample = async () => {
    const start = performance.now()
    const res = await app.inject({ method: 'GET', url, headers: { cookie } })
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
    const counted = res.headers['x-total-count']
    total = counted === undefined ? undefined : Number(counted)
    return performance.now() - start
  }
  for (let i = 0; i < WARMUP; i++) await sample()
  const times = []
  for (let i = 0; i < SAMPLES; i++) times.push(await sample())
  return { median: percentile(times, 0.5), total }
}

/**
 * `/healthz` on the built server on the seeded database, in rounds: for each q of `qs`, an idle
 * window, then one while CONCURRENT connections search every list in turn with its URLs. /healthz
 * is probed by hey at a fixed rate (each request's own latency, scripts/bench/hey.ts), the searches
 * are wrk's: each its own process, so the bench's own event loop measures nothing. Answers, per q,
 * every latency measured idle and searching, each window's p99, and the searches made.
 */
async function healthzUnderSearches(url: string, qs: Array<{ kind: string; urls: string[] }>) {
  const server = await startPortal({ DATABASE_URL: url, RATE_LIMIT_LOGIN_IP: '1000000', RATE_LIMIT_LOGIN_ACCOUNT: '1000000' })
  try {
    const cookie = await logIn(server.base)
    const healthz = () => probe(`${server.base}/healthz`, { seconds: HEALTHZ_SECONDS, rate: HEALTHZ_RATE })
    // Warm-up: the server's first seconds (compiling) and the lists' first reads.
    await wrk(`${server.base}/healthz`, { connections: 1, seconds: 2 })
    await wrk(server.base, { connections: CONCURRENT, seconds: 2, headers: { cookie }, paths: qs.flatMap(({ urls }) => urls) })
    const measured = qs.map(({ kind }) => ({ kind, idle: [] as number[], searching: [] as number[], idleWindows: [] as number[], searchingWindows: [] as number[], searches: 0, steal: [] as number[] }))
    for (let round = 0; round < HEALTHZ_ROUNDS; round++) {
      for (const [i, { urls }] of qs.entries()) {
        const windows = measured[i]!
        const idle = await healthz()
        const searching = wrk(server.base, { connections: CONCURRENT, seconds: HEALTHZ_SECONDS + 2, headers: { cookie }, paths: urls, nice: LOAD_NICE })
        await new Promise((r) => setTimeout(r, 1000))
        const before = cpuTimes()
        const sampled = await healthz()
        windows.steal.push(stolen(before, cpuTimes()))
        windows.searches += (await searching).requests
        windows.idle.push(...idle)
        windows.searching.push(...sampled)
        windows.idleWindows.push(percentile(idle, 0.99))
        windows.searchingWindows.push(percentile(sampled, 0.99))
      }
    }
    return measured
  } finally {
    await server.stop()
  }
}

/** What the ten connections search during /healthz's windows: every list's API, and the page if asked. */
const searched = (q: string, thread: number) => [...lists(q, thread), ...(HEALTHZ_PAGES ? pages(q) : [])].map((list) => list.url)

/** `/healthz` during searches (the second half of `measure`), on a database seeded before, e.g. by an earlier run: appends its rows. */
async function measureHealthz(label: string, url: string, firstUser: number): Promise<void> {
  const size = `${DOCUMENTS.toLocaleString('en')} documents, ${MESSAGES.toLocaleString('en')} + ${MESSAGES.toLocaleString('en')} messages`
  const thread = firstUser + 11
  const qs = [
    // The same lists unfiltered: what 10 concurrent requests cost the loop whatever they do.
    { kind: 'none (the lists unfiltered)', urls: searched('', thread) },
    { kind: `${RARE} (rare)`, urls: searched(RARE, thread) },
    { kind: `${COMMON} (common)`, urls: searched(COMMON, thread) },
  ]
  const ms = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ')
  for (const { kind, idle, searching, idleWindows, searchingWindows, searches, steal } of await healthzUnderSearches(url, qs)) {
    const [idleP99, searchingP99] = [percentile(idle, 0.99), percentile(searching, 0.99)]
    const ratio = searchingP99 / idleP99
    const stealShown = steal.map((share) => `${(share * 100).toFixed(1)} %`).join(', ')
    console.log(`${label}: /healthz p99 idle ${idleP99.toFixed(1)} ms (windows ${ms(idleWindows)}), during ${CONCURRENT} concurrent searches of q=${kind} ${searchingP99.toFixed(1)} ms (windows ${ms(searchingWindows)}): ${ratio.toFixed(2)}× (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}); ${searches} searches; wrk at nice ${LOAD_NICE}; stolen ${stealShown}`)
    appendRow(
      '/healthz during 10 concurrent searches, probed at a fixed rate (`npm run bench`)',
      `GET /healthz on the built server probed by \`hey -c 1 -q ${HEALTHZ_RATE}\` (Debian's package: ${HEALTHZ_RATE} requests/s on one connection, each request's own latency, 0.1 ms resolution), in ${HEALTHZ_SECONDS} s windows: for each q, an idle window, then one while ${CONCURRENT} connections search every list in turn (\`wrk -t1 -c${CONCURRENT}\`, a Lua script cycling through the lists, at the nice value in the row: 19 since 2026-11-27, the load of remote clients, which takes the CPU the server and the probe leave; \`BENCH_LOAD_NICE=0\` shares the cores equally, as before), ${HEALTHZ_ROUNDS} rounds (\`BENCH_HEALTHZ_ROUNDS\`), on the database seeded above; once without q (the same lists unfiltered, a baseline), once with the rare q and once with the common one. Each side's p99 is over its windows' samples pooled (each window's own p99 in brackets). Until 2026-11-27 the samples were \`wrk -c1\`'s, one request after the other, whose percentiles are corrected for coordinated omission: at ~4,000 requests/s idle one stall added dozens of synthetic samples, and the idle p99 read 13–16 ms where the requests measured 2–5 ms (BENCHMARKS.md, session 10 notes). The threads are searched through their JSON list (\`GET /api/messages\`, since 2026-11-27; before, through their page, rendered on the loop); the page joins the load only with \`BENCH_HEALTHZ_PAGES=1\` (last column). Goal: ≤ 2×.`,
      ['date', 'machine', 'load average', 'database', 'size', 'q', 'idle p99 (ms)', 'searching p99 (ms)', 'samples idle / searching', 'ratio', 'searches made', 'wrk\'s nice', 'CPU stolen by the host (each searching window)', 'the threads page in the load'],
      [now(), machine(), loadAverage(), label, size, kind, `${idleP99.toFixed(1)} (${ms(idleWindows)})`, `${searchingP99.toFixed(1)} (${ms(searchingWindows)})`, `${idle.length} / ${searching.length}`, `${ratio.toFixed(2)}×`, String(searches), String(LOAD_NICE), stealShown, HEALTHZ_PAGES ? 'yes' : 'no'],
    )
  }
}

async function measure(label: string, url: string, db: Db): Promise<void> {
  const seeding = performance.now()
  await migrateToLatest(db)
  const { firstUser } = await seed(db)
  if (isMysql(db)) await sql`analyze table users, document_types, documents, contact_messages, messages`.execute(db)
  else await sql`analyze`.execute(db)
  console.log(`${label}: seeded ${DOCUMENTS} documents, ${MESSAGES} contact messages and ${MESSAGES} thread messages in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
  await measureSearches(label, url, db, firstUser)
}

/** Each list's median with both q (in process), then /healthz during the searches (the built server), on a seeded database. */
async function measureSearches(label: string, url: string, db: Db, firstUser: number): Promise<void> {
  await withApp(url, db, 'portal-bench-search-', async (app) => {
    const kept = await db.selectFrom('users').select('id').where('email', '=', 'admin@bench.dz').executeTakeFirst()
    const cookie = await app.sessionCookieFor(kept ? Number(kept.id) : await insertAdmin(db))
    const size = `${DOCUMENTS.toLocaleString('en')} documents, ${MESSAGES.toLocaleString('en')} + ${MESSAGES.toLocaleString('en')} messages`
    const thread = firstUser + 11
    for (const [kind, q] of [['rare', RARE], ['common', COMMON]] as const) {
      for (const list of [...lists(q, thread), ...pages(q)]) {
        const { median, total } = await timeSearch(app, cookie, list.url)
        console.log(`${label}: ${list.what}, q=${q} (${kind}): ${median.toFixed(2)} ms, ${total ?? 'a page'} found (goal ≤ ${GOAL_MS} ms: ${median <= GOAL_MS ? 'met' : 'NOT met'})`)
        appendRow(
          'Every list’s search at 1,000,000 documents and 100,000 messages (`npm run bench`)',
          `GET each list with a 3-letter \`q\` with accents, as an administrator, in process (app.inject), median of ${SAMPLES} after ${WARMUP} warm-up requests; ` +
            `${CLIENTS.toLocaleString('en')} clients, 20 types, documents, contact messages and thread messages seeded in bulk through the search indexes' triggers (migration 0020). ` +
            `The rare q (\`${RARE}\`) is in one name in 10,000; the common one (\`${COMMON}\`) in one type in 20 and one message in 8: X-Total-Count counts every match. Goal: at most ${GOAL_MS} ms.`,
          ['date', 'machine', 'load average', 'database', 'size', 'list', 'q', 'found', 'median (ms)'],
          [now(), machine(), loadAverage(), label, size, list.what, `${q} (${kind})`, total === undefined ? '(a page)' : String(total), median.toFixed(2)],
        )
      }
    }
  })
  await measureHealthz(label, url, firstUser)
}

/** The machine's load over 1, 5 and 15 minutes (5 engineers share it): read beside the times. */
const loadAverage = () => loadavg().map((n) => n.toFixed(2)).join(' ')

/** The machine's CPU times from /proc/stat (clock ticks): all of them, and those the hypervisor gave another guest (steal). */
function cpuTimes(): { total: number; steal: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 }
  } catch {
    return { total: NaN, steal: NaN }
  }
}
/** The share of the CPU time between two readings that the host gave to other machines: a window measured while it was high says little of the server. */
const stolen = (before: { total: number; steal: number }, after: { total: number; steal: number }) => (after.steal - before.steal) / (after.total - before.total)

export async function benchSearch(): Promise<void> {
  await onEachDatabase(measure)
}

/**
 * BENCH_SEARCH_ON="url,url": the medians and `/healthz` during searches on databases seeded before
 * (BENCH_SEARCH_SEED_INTO; seeding a million documents takes 20 to 30 minutes on MariaDB);
 * BENCH_SEARCH_HEALTHZ_ON="url,url": only `/healthz` during searches.
 */
async function onSeeded(urls: string[], what: 'all' | 'healthz'): Promise<void> {
  for (const url of urls) {
    const db = createDb(url)
    try {
      const first = await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).where('is_admin', '=', 0).executeTakeFirstOrThrow()
      const label = isMysql(db) ? 'MariaDB' : 'SQLite'
      await migrateToLatest(db)
      await topUp(db)
      if (what === 'all') await measureSearches(label, url, db, Number(first.id))
      else await measureHealthz(label, url, Number(first.id))
    } finally {
      await db.destroy()
    }
  }
}

/**
 * BENCH_SEARCH_SEED_INTO=url: the database at `url` migrated and seeded as the bench seeds its own, and
 * kept; one seeded before the requests and the threads were (2026-11-26) gets them.
 */
async function seedInto(url: string): Promise<void> {
  const db = createDb(url)
  try {
    await migrateToLatest(db)
    const seeding = performance.now()
    if (await topUp(db)) {
      console.log(`${url}: requests and threads added in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
      return
    }
    await seed(db)
    if (isMysql(db)) await sql`analyze table users, document_types, documents, contact_messages, messages, requests, message_threads`.execute(db)
    else await sql`analyze`.execute(db)
    console.log(`${url}: seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
  } finally {
    await db.destroy()
  }
}

/** A database seeded before the requests and the threads were gets them; false when it holds no clients yet. */
async function topUp(db: Db): Promise<boolean> {
  const first = await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).where('is_admin', '=', 0).executeTakeFirst()
  if (first?.id === null || first?.id === undefined) return false
  const requests = await db.selectFrom('requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  if (Number(requests.n) > 0) return true
  const type = await db.selectFrom('document_types').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()
  await seedRequestsAndThreads(db, Number(first.id), Number(type.id))
  if (isMysql(db)) await sql`analyze table requests, message_threads`.execute(db)
  else await sql`analyze`.execute(db)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { BENCH_SEARCH_SEED_INTO: into, BENCH_SEARCH_ON: all, BENCH_SEARCH_HEALTHZ_ON: healthz } = process.env
  ;(into ? seedInto(into) : all ? onSeeded(all.split(','), 'all') : healthz ? onSeeded(healthz.split(','), 'healthz') : benchSearch()).catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
