// Issue 16: an administrator's document lists search through an index that knows each document's
// list (migration 0023 on SQLite): the total is counted there, and the page comes either from the
// few matches sorted or from the list read newest first; both give what a plain filter gives, page
// after page, with dates, after a document changes list, and after its sender is renamed.
import t, { type Test } from 'tap'
import type { Db } from '../../src/db/database.js'
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js'
import { toDbTime } from '../../src/db/values.js'
import { findDocumentsPage, type DocumentState } from '../../src/modules/documents/repository.js'
import { idsMatching } from '../../src/modules/identity/accounts.js'
import { freshDatabase } from '../helpers/app.js'

const at = (i: number) => toDbTime(new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 10), 10, i % 10)))

interface Doc { id: number; name: string; userId: number; state: DocumentState; i: number }

async function seed(db: Db) {
  const user = async (username: string, n: number, entreprise: string) =>
    Number((await db.insertInto('users').values({ username, email: `u${n}@x.dz`, entreprise, telephone: '0551234567', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at(n), updated_at: at(n) }).executeTakeFirstOrThrow()).insertId)
  const karim = await user('Karim Saïdi', 1, 'Cabinet Zéphyr')
  const nadia = await user('Nadia Haddad', 2, 'SARL')
  const type = Number((await db.insertInto('document_types').values({ type_name: 'Bilan', type_key: 'bilan', created_at: at(0) }).executeTakeFirstOrThrow()).insertId)
  const docs: Doc[] = []
  // Ids and dates disagree on purpose (the list is newest first by date): every third is older than its id says.
  for (let i = 0; i < 90; i++) {
    const state: DocumentState = i % 9 < 6 ? 'new' : i % 9 < 8 ? 'viewed' : 'archived'
    const name = i % 30 === 5 ? `Attestation rare ${i}` : i % 3 === 0 ? `Relevé ${i}` : `Facture ${i}`
    const userId = i % 2 ? karim : nadia
    const created = i % 3 === 1 ? i - 40 : i
    const result = await db
      .insertInto('documents')
      .values({ user_id: userId, type_id: type, name, description: '', original_name: `${i}.pdf`, storage_key: `k${i}`, mime: 'application/pdf', size: 1, is_viewed: state === 'new' ? 0 : 1, is_archived: state === 'archived' ? 1 : 0, created_at: at(created + 50), viewed_at: null, archived_at: null } as never)
      .executeTakeFirstOrThrow()
    docs.push({ id: Number(result.insertId), name, userId, state, i: created + 50 })
  }
  return { docs, karim, nadia }
}

/** What the list should answer: the plain filter, newest first by date then by id. */
function expected(docs: Doc[], state: DocumentState, matches: (doc: Doc) => boolean, page: number, pageSize: number) {
  const all = docs.filter((doc) => doc.state === state && matches(doc)).sort((a, b) => b.i - a.i || b.id - a.id)
  return { total: all.length, names: all.slice((page - 1) * pageSize, page * pageSize).map((doc) => doc.name) }
}

async function list(db: Db, state: DocumentState, q: string, page: number, pageSize: number, dates: { from?: string; to?: string } = {}) {
  const result = await findDocumentsPage(db, state, { q, page, pageSize, ...dates }, await idsMatching(db, q))
  return { total: result.total, names: result.items.map((doc) => doc.name) }
}

// One database for the searches, one for the migrations: each costs seconds of DDL on MariaDB.
t.test('the lists’ searches', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  const { docs, karim } = await seed(db)
  await t.test('common and rare words, page after page, in each list', async (t) => searches(t, db, docs))
  await t.test('with dates; after a change of list; after the sender is renamed', async (t) => changes(t, db, docs, karim))
})

async function searches(t: Test, db: Db, docs: Doc[]) {
  for (const state of ['new', 'viewed', 'archived'] as const) {
    // Three letters (one key of MariaDB's index) and more (its rarest key, then LIKE; FTS5's phrase on SQLite).
    for (const q of ['relev', 'RÉL']) {
      for (let page = 1; page <= 4; page++) {
        t.same(await list(db, state, q, page, 4), expected(docs, state, (doc) => doc.name.startsWith('Relevé'), page, 4), `${state}, common word ${q}, page ${page}`)
      }
    }
    for (const q of ['RARE', 'rar']) t.same(await list(db, state, q, 1, 4), expected(docs, state, (doc) => doc.name.includes('rare'), 1, 4), `${state}, rare word ${q}`)
    for (const q of ['bilan', 'bil']) t.same(await list(db, state, q, 2, 5), expected(docs, state, () => true, 2, 5), `${state}, by the type’s name, ${q}`)
    const karim = docs[1]!.userId
    for (const q of ['saïd', 'SAI']) t.same(await list(db, state, q, 1, 50), expected(docs, state, (doc) => doc.userId === karim, 1, 50), `${state}, by sender, ${q}`)
    // Issue 17: by the sender's company (migration 0025), on every path: FTS5 or the key, the rarest key and LIKE, two letters.
    for (const q of ['zéphyr', 'ZEP', 'ph']) t.same(await list(db, state, q, 1, 50), expected(docs, state, (doc) => doc.userId === karim, 1, 50), `${state}, by the sender’s company, ${q}`)
    t.same(await list(db, state, 'zzz', 1, 50), { total: 0, names: [] }, `${state}: nothing`)
  }
}

async function changes(t: Test, db: Db, docs: Doc[], karim: number) {
  const byKarim = (doc: Doc) => doc.userId === karim
  t.same(await list(db, 'new', 'karim', 1, 50), expected(docs, 'new', byKarim, 1, 50), 'by sender')
  const from = '2026-03-07'
  const to = '2026-03-10'
  const inDates = (doc: Doc) => doc.i >= 60 && doc.i < 100
  for (const q of ['relev', 'rel']) {
    t.same(await list(db, 'new', q, 1, 3, { from, to }), expected(docs, 'new', (doc) => doc.name.startsWith('Relevé') && inDates(doc), 1, 3), `a common word between two dates, ${q}`)
    t.same(await list(db, 'new', q, 2, 3, { from }), expected(docs, 'new', (doc) => doc.name.startsWith('Relevé') && doc.i >= 60, 2, 3), `from a date, ${q}`)
  }

  const moved = docs.filter((doc) => doc.state === 'new' && doc.name.startsWith('Relevé')).slice(0, 5)
  await db.updateTable('documents').set({ is_viewed: 1, is_archived: 1 }).where('id', 'in', moved.map((doc) => doc.id)).execute()
  for (const doc of moved) doc.state = 'archived'
  t.same(await list(db, 'new', 'relev', 1, 50), expected(docs, 'new', (doc) => doc.name.startsWith('Relevé'), 1, 50), 'archived ones leave the new list')
  t.same(await list(db, 'archived', 'relev', 1, 50), expected(docs, 'archived', (doc) => doc.name.startsWith('Relevé'), 1, 50), 'and are found among the archived')

  await db.updateTable('users').set({ username: 'Yacine Mansouri' }).where('id', '=', karim).execute()
  t.same((await list(db, 'new', 'karim', 1, 50)).total, 0, 'the old name finds nothing')
  t.same(await list(db, 'new', 'mansou', 1, 50), expected(docs, 'new', byKarim, 1, 50), 'the new one finds his documents')
  t.same(await list(db, 'new', 'yac', 1, 50), expected(docs, 'new', byKarim, 1, 50), 'three letters of it too')
  t.same((await list(db, 'new', 'kar', 1, 50)).total, 0)
  for (const doc of moved) t.same((await list(db, 'archived', 'rel', 1, 50)).names.includes(doc.name), true, `${doc.name} archived, found by three letters`)
  await db.deleteFrom('documents').where('id', '=', moved[0]!.id).execute()
  t.notOk((await list(db, 'archived', 'rel', 1, 50)).names.includes(moved[0]!.name), 'a deleted document leaves the index')
}

t.test('migrations 0023–0027 index the documents written before them, make archived ones viewed, and go down cleanly', async (t) => {
  const { db, drop } = await freshDatabase()
  t.teardown(drop)
  await migrateTo(db, '0022-requests-search')
  const { docs, karim } = await seed(db)
  // Archived unviewed by hand: migration 0027 makes it viewed, and it stays in the archived list.
  const target = docs.find((doc) => doc.state === 'new')!
  await db.updateTable('documents').set({ is_archived: 1 }).where('id', '=', target.id).execute()
  target.state = 'archived'
  await migrateToLatest(db)
  for (const q of ['rel', 'relevé', 'sai', 'saïdi']) {
    const matches = q.startsWith('s') ? (doc: Doc) => doc.userId === karim : (doc: Doc) => doc.name.startsWith('Relevé')
    t.same(await list(db, 'viewed', q, 1, 50), expected(docs, 'viewed', matches, 1, 50), `found after the migration: ${q}`)
  }
  t.same(await list(db, 'archived', '', 1, 100), expected(docs, 'archived', () => true, 1, 100), 'every archived document listed, newest first')
  t.same(await list(db, 'archived', 'rel', 1, 100), expected(docs, 'archived', (doc) => doc.name.startsWith('Relevé'), 1, 100), 'and found by a search')
  const row = await db.selectFrom('documents').select('is_viewed').where('id', '=', target.id).executeTakeFirstOrThrow()
  t.equal(Number(row.is_viewed), 1, 'the hand-archived document is viewed')
  // Down (the code of 0022 would search migration 0020's index of the names), then up again.
  await migrateTo(db, '0022-requests-search')
  await migrateToLatest(db)
  t.same(await list(db, 'viewed', 'sai', 1, 50), expected(docs, 'viewed', (doc) => doc.userId === karim, 1, 50), 'and up again')
})
