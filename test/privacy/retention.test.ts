// Contract §12: retention. An archived document uploaded more than RETENTION_YEARS ago is deleted with
// its file, journaled (`document.purged`, by no one), unless it is on legal hold (its own or its
// company's); recent or unarchived ones stay. Driven by an injected clock, on two instances of one
// database: each document is purged once however many run, a restart purges nothing again, and a file
// storage refused to remove is removed by the next run (decision 163).
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { fixedClock } from '../../src/clock/clock.js'
import { toDbTime } from '../../src/db/values.js'
import { PURGE_BATCH, retentionCutoff } from '../../src/modules/documents/retention.js'
import { localDiskStorage } from '../../src/storage/local-disk.js'
import type { FileStorage } from '../../src/storage/storage.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { instances } from '../helpers/instances.js'
import { addType, uploadPdf } from '../documents/fixtures.js'

const YEAR_MS = 365.25 * 24 * 3600_000
const DAY_MS = 24 * 3600_000
const start = new Date()
const clock = fixedClock(start)
const another = await instances(t, {}, { clock })
const a = await another()
const b = await another()
const db = a.ports.db
const admin = await seedAccount(a, { admin: true, role: 'admin' })
const owner = await seedAccount(a, { accepted: true })
const company = await seedAccount(a, { accepted: true })
await addType(a, admin, 'Bilan')

/** The account with a session opened now: the clock moves years at a time, past any session's end. */
const as = async (account: SeededAccount): Promise<SeededAccount> => ({ ...account, cookie: await a.sessionCookieFor(account.id) })

/** A document of `account`, viewed by the firm and archived (the only state retention purges). */
async function archived(account: SeededAccount): Promise<number> {
  const id = await uploadPdf(a, await as(account), 'Bilan')
  const firm = await as(admin)
  t.equal((await injectAs(a, firm, `/api/documents/view-document/${id}`)).statusCode, 200)
  t.equal((await injectAs(a, firm, { method: 'POST', url: `/api/documents/archive/${id}` })).statusCode, 200)
  return id
}
const keyOf = async (id: number) => (await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key
const exists = async (id: number) => (await db.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
const stored = async (app: FastifyInstance, key: string) => {
  const file = await app.ports.storage.read(key)
  file?.stream.destroy()
  return file !== undefined
}
const purgedEntries = async () => (await db.selectFrom('journal').select(['subject_type', 'subject_id', 'subject_label', 'actor_id', 'owner_id', 'ip']).where('action', '=', 'document.purged').orderBy('subject_id').execute()).map((row) => ({ ...row, subject_id: Number(row.subject_id), owner_id: Number(row.owner_id) }))
const purgedIds = async () => (await purgedEntries()).map((row) => row.subject_id)
/** The clock this many years and days after the uploads. */
const at = (years: number, days = 0) => clock.set(new Date(start.getTime() + years * YEAR_MS + days * DAY_MS))

t.test('the cutoff is RETENTION_YEARS calendar years before the clock', async (t) => {
  t.equal(retentionCutoff(new Date('2036-12-06T20:00:00Z'), 10).toISOString(), '2026-12-06T20:00:00.000Z')
  t.equal(retentionCutoff(new Date('2030-03-01T00:00:00Z'), 3).toISOString(), '2027-03-01T00:00:00.000Z')
})

t.test('old archived documents go with their files; held, recent and unarchived ones stay', async (t) => {
  const old = [await archived(owner), await archived(owner)]
  const held = await archived(owner)
  const companyHeld = [await archived(company), await archived(company)]
  const recent = await archived(owner)
  const viewedOnly = await uploadPdf(a, await as(owner), 'Bilan')
  t.equal((await injectAs(a, await as(admin), `/api/documents/view-document/${viewedOnly}`)).statusCode, 200)
  const unviewed = await uploadPdf(a, await as(owner), 'Bilan')
  t.equal((await injectAs(a, await as(admin), { method: 'POST', url: `/api/documents/hold/${held}` })).statusCode, 200)
  t.equal((await injectAs(a, await as(admin), { method: 'POST', url: `/api/documents/hold/company/${company.id}` })).statusCode, 200)
  const keys = new Map(await Promise.all([...old, held, ...companyHeld, recent, viewedOnly, unviewed].map(async (id) => [id, await keyOf(id)] as const)))

  at(10, -1)
  t.same(await a.services.retention.run(), { purged: 0, filesRemoved: 0, filesLeft: 0 }, 'a day short of ten years: nothing goes')

  at(10, 1)
  // Uploaded five years before the clock: kept, as archived as the others.
  await db.updateTable('documents').set({ created_at: toDbTime(new Date(clock.now().getTime() - 5 * YEAR_MS)) }).where('id', '=', recent).execute()
  const outcomes = await Promise.all([a.services.retention.run(), b.services.retention.run()])
  t.equal(outcomes.filter((outcome) => outcome === undefined).length, 1, 'two instances at once: one runs, the other finds the lease held')
  t.same(outcomes.find(Boolean), { purged: 2, filesRemoved: 2, filesLeft: 0 })

  for (const id of old) {
    t.notOk(await exists(id), `old archived ${id} purged`)
    t.notOk(await stored(b, keys.get(id)!), 'its file too')
  }
  for (const id of [held, ...companyHeld, recent, viewedOnly, unviewed]) {
    t.ok(await exists(id), `${id} kept`)
    t.ok(await stored(a, keys.get(id)!), 'with its file')
  }
  t.same(await purgedEntries(), old.map((id) => ({ subject_type: 'document', subject_id: id, subject_label: 'bilan.pdf', actor_id: null, owner_id: owner.id, ip: null })), 'one entry per document, by no one')
  t.equal(Number((await db.selectFrom('purged_files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n), 0, 'no file left to remove')

  const journal = await injectAs(a, await as(admin), '/api/journal?action=document.purged')
  t.equal(journal.statusCode, 200)
  t.same(journal.json().map((entry: { action: string; actor: unknown; subject: { id: number } }) => [entry.action, entry.actor, entry.subject.id]).sort(), old.map((id) => ['document.purged', null, id]).sort())
  const page = await injectAs(a, await as(admin), '/admin-dashboard/journal?action=document.purged')
  t.match(page.body, 'Document supprimé (durée de conservation écoulée)')
  t.match(page.body, 'Le portail (automatique)', 'done by the portal, not by someone unknown')
  t.notMatch(page.body, 'Inconnu')
  const arabic = await a.inject({ method: 'GET', url: '/users/profile/activity', headers: { cookie: `${(await as(owner)).cookie}; lang=ar` } })
  t.match(arabic.body, 'حذف وثيقة (انقضاء مدة الحفظ)', 'the owner reads it in their activity, in Arabic')
  t.match(arabic.body, 'البوابة (تلقائيًا)')

  // Lifted, the held ones are purged at the next run like the others.
  t.equal((await injectAs(a, await as(admin), { method: 'DELETE', url: `/api/documents/hold/${held}` })).statusCode, 200)
  t.same(await b.services.retention.run(), { purged: 1, filesRemoved: 1, filesLeft: 0 })
  t.notOk(await exists(held))
})

t.test('runs at once without the lease still purge each document once', async (t) => {
  // A twin of `a` on its database: on MariaDB its pool's connections run the two purges side by side; on
  // SQLite its one connection takes their transactions in turn (two processes would wait on the file's
  // lock, which in one process would block the event loop), each having read the same batch first.
  const twin = await another({}, { db, clock })
  t.ok(await twin.ports.jobs.drain(10_000), 'its start’s run has ended')
  const ids = [await archived(owner), await archived(owner), await archived(owner), await archived(company)]
  const before = (await purgedIds()).length
  at(11)
  const [first, second] = await Promise.all([a.services.retention.purge(), twin.services.retention.purge()])
  t.equal(first.purged + second.purged, 4, 'each document by one of them')
  t.equal(first.filesRemoved + second.filesRemoved, 4)
  const entries = await purgedIds()
  t.equal(entries.length, before + 4)
  for (const id of ids) t.equal(entries.filter((entry) => entry === id).length, 1, `one entry for ${id}`)
})

t.test('a restart purges nothing again; a lapsed lease is taken over', async (t) => {
  const before = await purgedIds()
  const c = await another()
  t.ok(await c.ports.jobs.drain(10_000), 'the start’s run has ended')
  t.same(await purgedIds(), before, 'nothing purged twice')
  t.same(await c.services.retention.run(), { purged: 0, filesRemoved: 0, filesLeft: 0 })

  // An instance that died holding the lease: nobody runs until it lapses.
  const id = await archived(owner)
  at(12)
  await db.updateTable('job_leases').set({ holder: 'dead:1.x', claimed_until: toDbTime(new Date(clock.now().getTime() + 60_000)) }).where('name', '=', 'retention.purge').execute()
  t.equal(await c.services.retention.run(), undefined, 'held by the dead instance')
  t.ok(await exists(id))
  clock.advance(60_001)
  t.same(await c.services.retention.run(), { purged: 1, filesRemoved: 1, filesLeft: 0 }, 'lapsed: taken over')
})

t.test('a file storage refuses to remove stays noted, and goes at the next run', async (t) => {
  let refusing = true
  const disk = localDiskStorage(a.config.uploadDir)
  const storage: FileStorage = {
    ...disk,
    remove: async (key) => {
      if (refusing) throw new Error('storage unreachable')
      await disk.remove(key)
    },
  }
  const d = await another({}, { storage, clock })
  t.ok(await d.ports.jobs.drain(10_000))
  const id = await archived(owner)
  const key = await keyOf(id)
  at(13)
  t.same(await d.services.retention.run(), { purged: 1, filesRemoved: 0, filesLeft: 1 })
  t.notOk(await exists(id), 'the row is gone: nobody reaches the document any more')
  t.ok(await stored(a, key), 'its file is still there…')
  t.same((await db.selectFrom('purged_files').select('storage_key').execute()).map((row) => row.storage_key), [key], '…and noted')

  refusing = false
  t.same(await d.services.retention.run(), { purged: 0, filesRemoved: 1, filesLeft: 0 }, 'the next run removes it')
  t.notOk(await stored(a, key))
  t.same(await db.selectFrom('purged_files').select('storage_key').execute(), [])
  t.equal((await purgedIds()).filter((entry) => entry === id).length, 1, 'journaled once')
})

t.test('RETENTION_YEARS shortens or lengthens the period', async (t) => {
  const id = await archived(owner)
  at(13, 2)
  const short = await another({ RETENTION_YEARS: '20' })
  t.ok(await short.ports.jobs.drain(10_000))
  t.same(await short.services.retention.run(), { purged: 0, filesRemoved: 0, filesLeft: 0 }, 'not yet twenty years old')
  t.ok(await exists(id))
  at(20, 2)
  t.same(await short.services.retention.run(), { purged: 1, filesRemoved: 1, filesLeft: 0 })
})

t.test('batch after batch: every old document, each once', async (t) => {
  const typeId = Number((await db.selectFrom('document_types').select('id').executeTakeFirstOrThrow()).id)
  at(21)
  const old = toDbTime(new Date(clock.now().getTime() - 11 * YEAR_MS))
  // Rows alone (a missing file is no error to remove): more than a batch, a held one among them.
  const rows = Array.from({ length: PURGE_BATCH + 5 }, (_, i) => ({
    user_id: owner.id, type_id: typeId, name: `Ancien ${i}`, description: '', original_name: `ancien-${i}.pdf`, storage_key: `documents/${i.toString(16).padStart(32, '0')}.pdf`,
    mime: 'application/pdf', size: 10, is_viewed: 1, is_archived: 1, created_at: old, viewed_at: old, archived_at: old, from_firm: 0, sent_by: null, downloaded_at: null, uploaded_by: owner.id,
  }))
  await db.insertInto('documents').values(rows).execute()
  const ids = (await db.selectFrom('documents').select('id').where('name', 'like', 'Ancien %').orderBy('id').execute()).map((row) => Number(row.id))
  const held = ids[PURGE_BATCH - 1]!
  await db.insertInto('document_holds').values({ document_id: held, held_by: admin.id, created_at: old }).execute()
  // And the first test's recent one, sixteen years old now.
  t.same(await a.services.retention.run(), { purged: ids.length, filesRemoved: ids.length, filesLeft: 0 })
  t.same((await db.selectFrom('documents').select('id').where('name', 'like', 'Ancien %').execute()).map((row) => Number(row.id)), [held], 'only the held one is left')
  const entries = await purgedIds()
  t.ok(ids.every((id) => entries.filter((entry) => entry === id).length === (id === held ? 0 : 1)), 'one entry each, none for the held one')
})
