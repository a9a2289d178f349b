import { existsSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { countDocumentRows as countDocuments, countTypeRows as countTypes, deleteOwnedRows as removeAllOwnedBy } from '../../src/modules/documents/repository.js'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType, filesIn, uploadPdf } from './fixtures.js'

/** An app of the test's own: each test here checks whole lists, totals and the files on disk. */
async function setup(t: Parameters<typeof buildTestApp>[0]) {
  const built = await buildTestApp(t)
  const admin = await seedAccount(built.app, { admin: true })
  const client = await seedAccount(built.app, { accepted: true, username: 'Société Générale Sétif' })
  const other = await seedAccount(built.app, { accepted: true, username: 'Atlas Import' })
  await addType(built.app, admin, 'Bilan')
  await addType(built.app, admin, 'Déclaration fiscale')
  return { ...built, admin, client, other }
}

t.test('types: §5 message, unique ignoring case and accents (409), each naming the name’s field; newest first with search', async (t) => {
  const { app, admin } = await setup(t)
  const post = (payload: object) => injectAs(app, admin, { method: 'POST', url: '/api/documents/types', payload })
  t.same((await post({})).json(), { message: 'Nom de Type requis', code: 'validation', field: 'typeName' })
  t.equal((await post({ typeName: '   ' })).statusCode, 400)
  for (const typeName of ['Bilan', 'BILAN', ' bïlan ', 'declaration FISCALE']) {
    const res = await post({ typeName })
    t.equal(res.statusCode, 409, typeName)
    t.same(res.json(), { message: 'Ce type de document existe déjà.', code: 'conflict', field: 'typeName' })
  }
  const added = await post({ typeName: 'Relevé bancaire' })
  t.same([added.statusCode, added.json()], [201, { message: 'Type ajouté avec succès !' }])
  const list = await injectAs(app, null, '/api/documents/types')
  t.same(list.json().map((type: { typeName: string }) => type.typeName), ['Relevé bancaire', 'Déclaration fiscale', 'Bilan'])
  t.equal(list.headers['x-total-count'], '3')
  t.same((await injectAs(app, null, '/api/documents/types?q=RELEVE')).json().map((type: { typeName: string }) => type.typeName), ['Relevé bancaire'])
  t.equal(await countTypes(app.ports.db), 3)
})

t.test('deleting a type deletes its documents and their files, and only those', async (t) => {
  const { app, db, config, admin, client } = await setup(t)
  const kept = await uploadPdf(app, client, 'Déclaration fiscale')
  await uploadPdf(app, client, 'Bilan')
  await uploadPdf(app, client, 'Bilan')
  t.equal(filesIn(config.uploadDir, 'documents').length, 3)
  const { id } = await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()
  const res = await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/types/${id}` })
  t.same([res.statusCode, res.json()], [200, { message: 'Type supprimé avec succès.' }])
  await app.ports.jobs.drain(10_000)
  t.same((await db.selectFrom('documents').select('id').execute()).map((r) => r.id), [kept])
  t.equal(filesIn(config.uploadDir, 'documents').length, 1)
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/types/${id}` })).statusCode, 404)
})

t.test('new → viewed → archived: view marks viewed, archive only viewed ones, the JSON of spec §3', async (t) => {
  const { app, admin, client } = await setup(t)
  const id = await uploadPdf(app, client, 'Bilan', { description: 'x'.repeat(100), filename: 'bilan.pdf' })
  const list = (name: string) => injectAs(app, admin, `/api/documents/${name}`).then((res) => res.json().map((d: { id: number }) => d.id))
  t.same(await list('new-documents'), [id])
  t.same(await list('old-documents'), [])
  t.same(await countDocuments(app.ports.db), { unviewed: 1, viewed: 0 })
  const early = await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${id}` })
  t.same([early.statusCode, early.json()], [409, { message: 'Seul un document déjà consulté peut être archivé.', code: 'conflict' }])

  const viewed = await injectAs(app, admin, `/api/documents/view-document/${id}`)
  t.equal(viewed.statusCode, 200)
  const doc = viewed.json()
  t.match(doc, { id, name: 'bilan.pdf', description: 'x'.repeat(100), isViewed: true, isArchived: false, type: { typeName: 'Bilan' }, user: { id: client.id, username: client.username, profilePhoto: null } })
  t.match(doc.path, /^\/uploads\/[0-9a-f]{32}\.pdf$/)
  t.same(doc.file, { url: doc.path, originalName: 'bilan.pdf', mime: 'application/pdf', size: doc.file.size })
  t.ok(!Number.isNaN(Date.parse(doc.createdAt)))
  t.same(await list('new-documents'), [])
  t.same(await list('old-documents'), [id])
  t.same(await countDocuments(app.ports.db), { unviewed: 0, viewed: 1 })

  t.same((await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${id}` })).json(), { message: 'Document archivé avec succès.' })
  t.same(await list('old-documents'), [])
  t.same(await list('arch-documents'), [id])
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${id}` })).statusCode, 200, 'archiving twice changes nothing')
  t.equal((await injectAs(app, admin, `/api/documents/view-document/999999`)).statusCode, 404)
})

t.test('search on username, document name or type name, ignoring case and accents; paging', async (t) => {
  const { app, admin, client, other } = await setup(t)
  const a = await uploadPdf(app, client, 'Bilan', { filename: 'comptes-2024.pdf' })
  const b = await uploadPdf(app, other, 'Déclaration fiscale', { filename: 'g50-mars.pdf' })
  const c = await uploadPdf(app, other, 'Bilan', { filename: 'Écritures_100%.pdf' })
  const ids = async (query: string) => {
    const res = await injectAs(app, admin, `/api/documents/new-documents?${query}`)
    t.equal(res.statusCode, 200, query)
    return { ids: res.json().map((d: { id: number }) => d.id), total: res.headers['x-total-count'] }
  }
  t.same(await ids(''), { ids: [c, b, a], total: '3' }, 'newest first')
  t.same((await ids('q=SOCIETE%20generale')).ids, [a], 'username, accents and case ignored')
  t.same((await ids('q=declaration')).ids, [b], 'type name')
  t.same((await ids('q=COMPTES')).ids, [a], 'document name')
  t.same((await ids('q=ecritures')).ids, [c], 'document name with an accent')
  t.same((await ids('q=100%25')).ids, [c], 'a literal %')
  t.same((await ids('q=bilan')).ids, [c, a], 'type name again')
  t.same((await ids('q=introuvable')).ids, [])
  t.same(await ids('pageSize=2&page=2'), { ids: [a], total: '3' })
  t.same(await ids('pageSize=2&page=3'), { ids: [], total: '3' })
})

t.test('from/to are inclusive days of the creation date, in the firm’s time (Algiers, UTC+1)', async (t) => {
  const { app, db, admin, client } = await setup(t)
  const at = async (utc: string) => {
    const id = await uploadPdf(app, client, 'Bilan')
    await db.updateTable('documents').set({ created_at: utc }).where('id', '=', id).execute()
    return id
  }
  const before = await at('2026-03-09 22:59:59.999') // 9 March, 23:59:59.999 in Algiers
  const first = await at('2026-03-09 23:00:00.000') // 10 March, 00:00 in Algiers
  const last = await at('2026-03-11 22:59:59.999') // 11 March, 23:59:59.999 in Algiers
  const after = await at('2026-03-11 23:00:00.000') // 12 March, 00:00 in Algiers
  const ids = async (query: string) => (await injectAs(app, admin, `/api/documents/new-documents?${query}`)).json().map((d: { id: number }) => d.id)
  t.same(await ids('from=2026-03-10&to=2026-03-11'), [last, first])
  t.same(await ids('from=2026-03-10'), [after, last, first])
  t.same(await ids('to=2026-03-09'), [before])
  t.same(await ids('from=2026-03-12&to=2026-03-12'), [after])
  t.same(await ids('from=&to='), [after, last, first, before], 'blank dates mean no filter')
  t.equal((await injectAs(app, admin, '/api/documents/new-documents?from=2026-13-01')).statusCode, 400)
  for (const day of ['2026-02-31', '2025-02-29', '2026-04-31']) {
    const impossible = await injectAs(app, admin, `/api/documents/new-documents?to=${day}`)
    t.same([impossible.statusCode, impossible.json().code], [400, 'validation'], `${day} is no day (not read as the next month's)`)
  }
  t.equal((await injectAs(app, admin, '/api/documents/new-documents?from=2024-02-29')).statusCode, 200, 'a leap day is one')
})

t.test('deletions: the owner while unviewed (then 403), an administrator at any time; files go with rows', async (t) => {
  const { app, db, config, admin, client, other } = await setup(t)
  const fresh = await uploadPdf(app, client, 'Bilan')
  const seen = await uploadPdf(app, client, 'Bilan')
  await injectAs(app, admin, `/api/documents/view-document/${seen}`)
  const keyOf = async (id: number) => (await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key

  const seenKey = await keyOf(seen)
  const refused = await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${seen}` })
  t.same([refused.statusCode, refused.json()], [403, { message: 'Ce document a déjà été consulté par le cabinet : il ne peut plus être supprimé.', code: 'forbidden' }])
  t.equal((await injectAs(app, other, { method: 'DELETE', url: `/api/documents/delete/owner/${fresh}` })).statusCode, 403)

  const freshKey = await keyOf(fresh)
  const owned = (await app.services.documents.listOwned(client.id, { page: 1, pageSize: 200 })).items
  t.same(owned.map((d) => [d.id, d.isViewed, d.typeName]), [[seen, true, 'Bilan'], [fresh, false, 'Bilan']])
  t.match(owned[0]!.url, /^\/uploads\/[0-9a-f]{32}\.pdf$/)

  const res = await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${fresh}` })
  t.same([res.statusCode, res.json()], [200, { message: 'Document supprimé avec succès.' }])
  t.notOk(existsSync(join(config.uploadDir, freshKey)), 'the file is gone')
  t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${fresh}` })).statusCode, 404, 'a deleted id: 404 to its owner too (issue 34)')

  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/delete/${seen}` })).statusCode, 200)
  t.notOk(existsSync(join(config.uploadDir, seenKey)))
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/delete/${seen}` })).statusCode, 404)
})

t.test('removeAllOwnedBy deletes a user’s rows in the caller’s transaction and answers their keys', async (t) => {
  const { app, db, client, other } = await setup(t)
  await uploadPdf(app, client, 'Bilan')
  await uploadPdf(app, client, 'Bilan')
  const kept = await uploadPdf(app, other, 'Bilan')
  const keys = await db.transaction().execute((trx) => removeAllOwnedBy(trx, client.id))
  t.equal(keys.length, 2)
  for (const key of keys) t.match(key, /^documents\/[0-9a-f]{32}\.pdf$/)
  t.same((await db.selectFrom('documents').select('id').execute()).map((r) => r.id), [kept])
  t.same(await removeAllOwnedBy(db, client.id), [])
})

t.test('the kept counts follow every change (uploads, views, archives, deletions, a deleted type)', async (t) => {
  const { app, db, admin, client } = await setup(t)
  const exact = async () => {
    const rows = await db.selectFrom('documents').select(['is_archived', 'is_viewed']).execute()
    return { unviewed: rows.filter((r) => !r.is_archived && !r.is_viewed).length, viewed: rows.filter((r) => !r.is_archived && r.is_viewed).length }
  }
  const ids = []
  for (let i = 0; i < 5; i++) ids.push(await uploadPdf(app, client, i % 2 ? 'Bilan' : 'Déclaration fiscale'))
  await injectAs(app, admin, `/api/documents/view-document/${ids[0]}`)
  await injectAs(app, admin, `/api/documents/view-document/${ids[1]}`)
  await injectAs(app, admin, `/api/documents/view-document/${ids[1]}`)
  await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${ids[1]}` })
  await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${ids[2]}` })
  t.same(await countDocuments(db), await exact())
  t.same(await countDocuments(db), { unviewed: 2, viewed: 1 })
  const archived = await injectAs(app, admin, '/api/documents/arch-documents')
  t.equal(archived.headers['x-total-count'], '1')
  const { id } = await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()
  await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/types/${id}` })
  t.same(await countDocuments(db), await exact())
  t.equal((await injectAs(app, admin, '/api/documents/new-documents')).headers['x-total-count'], String((await exact()).unviewed))
})
