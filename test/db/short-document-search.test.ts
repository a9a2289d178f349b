// Issue 34: a q of 1 or 2 characters is one key of the documents' short grams (migration 0055, both
// dialects): each list answers what a scan of its rows answers (the collation's LIKE on MariaDB,
// fold() on SQLite), the same items in the same order and the same exact total, page after page and
// between dates; after documents change list, are renamed or deleted, after their type or sender is
// renamed; for a company's list (the scoped page) and a client's « Reçus du cabinet »; and for the
// documents written before the migration.
import t, { type Test } from 'tap'
import { sql, type SqlBool } from 'kysely'
import type { Db } from '../../src/db/database.js'
import { containsAny } from '../../src/db/lists.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import { findDocumentsPage, findReceivedPage, type DocumentState } from '../../src/modules/documents/repository.js'
import { idsMatching } from '../../src/modules/identity/accounts.js'
import type { Scope } from '../../src/modules/identity/index.js'
import { freshDatabase } from '../helpers/app.js'

const at = (i: number) => toDbTime(new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 10), 10, i % 10)))
const STATES = ['new', 'viewed', 'archived'] as const
const FLAGS: Record<DocumentState, string> = { new: 'd.is_archived = 0 and d.is_viewed = 0', viewed: 'd.is_archived = 0 and d.is_viewed = 1', archived: 'd.is_archived = 1' }
/** Accents and case, LIKE's wildcards, the collation's expansions (œ = oe, ß = ss in `=`, not in LIKE), digits. */
const QS = ['e', 'É', 'ed', 'ÉD', 'œ', 'oe', 'ß', 'ss', '%', '_b', '7', 'zz', 'q', 'bi', 'ï']
const NAMES = ['Été 2025', 'Édition 7', 'facture', 'œuvre', 'Coeur', 'a_b', '50% payé', 'Straße', 'ordre', 'x', 'Bilan ed']

async function seed(db: Db, from: number, count: number, users: number[], types: number[]) {
  for (let i = from; i < from + count; i++) {
    // Ids and dates disagree on purpose (the lists are newest first by date); a firm-sent one in every seven, in no list.
    const created = i % 3 === 1 ? i - 40 : i
    const firm = i % 7 === 3
    await db
      .insertInto('documents')
      .values({
        user_id: users[i % users.length]!, type_id: firm ? null : types[i % types.length]!, name: `${NAMES[i % NAMES.length]}`, description: '', original_name: `${i}.pdf`, storage_key: `k${i}`,
        mime: 'application/pdf', size: 1, is_viewed: i % 9 < 5 ? 0 : 1, is_archived: i % 9 >= 8 ? 1 : 0, created_at: at(created + 50), viewed_at: null, archived_at: null, from_firm: firm ? 1 : 0,
      } as never)
      .execute()
  }
}

async function people(db: Db, n = 0) {
  const user = async (username: string, k: number, entreprise: string) =>
    Number((await db.insertInto('users').values({ username, email: `u${n + k}@x.dz`, entreprise, telephone: '0551234567', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at(k), updated_at: at(k) }).executeTakeFirstOrThrow()).insertId)
  const users = [await user('Élodie Benaïssa', 1, 'Cœur SARL'), await user('KARIM', 2, 'Straße Import'), await user('Nadia', 3, '100% Bio_Net')]
  const type = async (name: string) => Number((await db.insertInto('document_types').values({ type_name: name, type_key: `${name.toLowerCase()} ${n}`, created_at: at(0) }).executeTakeFirstOrThrow()).insertId)
  return { users, types: [await type(n ? 'Bilan mensuel' : 'Bilan'), await type(n ? 'Relevé bis' : 'Relevé')] }
}

/** What a scan answers: the list's rows whose name, type's name, sender's username or company contain q, newest first. */
async function scanned(db: Db, state: DocumentState, q: string, page: number, pageSize: number, dates: { from?: string; to?: string } = {}, clientId?: number) {
  let query = db
    .selectFrom('documents as d')
    .leftJoin('document_types as t', 't.id', 'd.type_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .where(sql<SqlBool>`d.from_firm = 0 and ${sql.raw(FLAGS[state])}`)
    .where(containsAny(db, ['d.name', 't.type_name', 'u.username', 'u.entreprise'], q))
  if (dates.from) query = query.where('d.created_at', '>=', toDbTime(new Date(`${dates.from}T00:00:00+01:00`)))
  if (dates.to) query = query.where('d.created_at', '<', toDbTime(new Date(new Date(`${dates.to}T00:00:00+01:00`).getTime() + 86_400_000)))
  if (clientId !== undefined) query = query.where('d.user_id', '=', clientId)
  const rows = await query.select(['d.id', 'd.name']).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').execute()
  return { total: rows.length, items: rows.slice((page - 1) * pageSize, page * pageSize).map((row) => `${row.id} ${row.name}`) }
}

async function listed(db: Db, state: DocumentState, q: string, page: number, pageSize: number, dates: { from?: string; to?: string } = {}, scope?: Scope) {
  const result = await findDocumentsPage(db, state, { q, page, pageSize, ...dates }, await idsMatching(db, q), scope)
  return { total: result.total, items: result.items.map((doc) => `${doc.id} ${doc.name}`) }
}

/** Every list, every short q, the first page and a later one: as a scan. */
async function sameAsScan(t: Test, db: Db, what: string) {
  for (const state of STATES) {
    for (const q of QS) {
      const expected = await scanned(db, state, q, 1, 500)
      t.same(await listed(db, state, q, 1, 500), expected, `${what}: ${state}, q=${q}, ${expected.total} found`)
      t.same(await listed(db, state, q, 3, 4), await scanned(db, state, q, 3, 4), `${what}: ${state}, q=${q}, page 3 of 4`)
    }
  }
}

t.test('a q of one or two letters', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  const { users, types } = await people(db)
  await seed(db, 0, 120, users, types)

  await t.test('each list as a scan', async (t) => {
    await sameAsScan(t, db, 'seeded')
    for (const q of ['e', 'ed']) t.ok((await listed(db, 'new', q, 1, 500)).total > 10, `${q}: many found`)
    const dates = { from: '2026-03-07', to: '2026-03-12' }
    for (const state of STATES) for (const q of ['e', 'ÉD', 'bi']) t.same(await listed(db, state, q, 2, 3, dates), await scanned(db, state, q, 2, 3, dates), `${state}, q=${q}, between two dates`)
    for (const q of ['e', 'oe', 'ss']) t.same(await listed(db, 'new', q, 1, 50, {}, { kind: 'company', companyId: users[1]! }), await scanned(db, 'new', q, 1, 50, {}, users[1]!), `one company's list, q=${q}`)
  })

  await t.test('a client’s « Reçus du cabinet »: their firm-sent documents by name', async (t) => {
    for (const q of ['e', 'Éd', 'x']) {
      const page = await findReceivedPage(db, { kind: 'firm' }, users[0]!, { q, page: 1, pageSize: 50 })
      const rows = await db.selectFrom('documents').select(['id', 'name']).where('user_id', '=', users[0]!).where('from_firm', '=', 1).where(containsAny(db, ['name'], q)).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
      t.same(page.items.map((doc) => doc.id), rows.map((row) => Number(row.id)), `q=${q}`)
      t.equal(page.total, rows.length)
    }
  })

  await t.test('after changes of list, renames and deletes', async (t) => {
    const ids = (await db.selectFrom('documents').select('id').orderBy('id').execute()).map((row) => Number(row.id))
    await db.updateTable('documents').set({ is_viewed: 1 }).where('id', 'in', ids.slice(0, 20)).execute()
    await db.updateTable('documents').set({ is_archived: 1 }).where('id', 'in', ids.slice(10, 15)).execute()
    await db.updateTable('documents').set({ is_archived: 0 }).where('id', '=', ids[8]!).execute()
    await db.updateTable('documents').set({ name: 'Quittance' }).where('id', 'in', ids.slice(30, 40)).execute()
    await db.updateTable('documents').set({ created_at: at(500) }).where('id', '=', ids[41]!).execute()
    await db.updateTable('documents').set({ name: 'Zinc', is_viewed: 1 }).where('id', '=', ids[42]!).execute()
    await sameAsScan(t, db, 'documents changed')
    await db.updateTable('document_types').set({ type_name: 'Quittance', type_key: 'quittance' }).where('id', '=', types[0]!).execute()
    await db.updateTable('users').set({ username: 'Yacine Zeroual' }).where('id', '=', users[1]!).execute()
    await db.updateTable('users').set({ entreprise: 'EURL Ïmzad' }).where('id', '=', users[2]!).execute()
    t.equal((await listed(db, 'new', 'zz', 1, 50)).total, 0, 'nobody has zz')
    await sameAsScan(t, db, 'type and senders renamed')
    await db.deleteFrom('documents').where('id', 'in', ids.slice(50, 70)).execute()
    await sameAsScan(t, db, 'documents deleted')
    const left = await db.selectFrom('search_documents_short' as never).select(sql<number>`count(*)`.as('n')).where(sql<SqlBool>`row_id in (${sql.join(ids.slice(50, 70))})`).executeTakeFirstOrThrow()
    t.equal(Number((left as { n: number }).n), 0, 'a deleted document leaves no gram')
  })

  await t.test('the migration indexes the documents written before it, and goes down', async (t) => {
    await migrateTo(db, '0050-retention')
    const { users: more, types: kinds } = await people(db, 10)
    await seed(db, 200, 40, more, kinds)
    await migrateToLatest(db)
    await sameAsScan(t, db, 'after the migration')
  })
})
