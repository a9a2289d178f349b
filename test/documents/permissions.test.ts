// Contract §3 for every /api/documents/* route and the stored file: visitor, unaccepted user,
// owner, another (accepted) user and administrator.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { addType, PDF, upload, uploadPdf } from './fixtures.js'

type Actor = 'visitor' | 'unaccepted' | 'owner' | 'other' | 'admin'
const ACTORS: Actor[] = ['visitor', 'unaccepted', 'owner', 'other', 'admin']

// One app for the file, with its administrator and the type Bilan; each test has its own clients.
const { app, db, config } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')

t.test('the permission matrix', async (t) => {
  const owner = await seedAccount(app, { accepted: true })
  const accounts: Record<Actor, SeededAccount | null> = {
    visitor: null,
    unaccepted: await seedAccount(app, { accepted: false }),
    owner,
    other: await seedAccount(app, { accepted: true }),
    admin,
  }
  const pathOf = async (id: number) => (await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key.replace('documents/', '/uploads/')

  /** Runs `request` for each actor (a fresh document or type each time when asked) and checks the statuses. */
  async function matrix(label: string, expected: Record<Actor, number>, request: (actor: Actor) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>) {
    for (const actor of ACTORS) {
      const res = await request(actor)
      t.equal(res.statusCode, expected[actor], `${label} as ${actor}`)
      if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) t.type(JSON.parse(res.body).message, 'string')
    }
  }
  const as = (actor: Actor, options: Parameters<typeof injectAs>[2]) => injectAs(app, accounts[actor], options)
  const adminOnly = { visitor: 401, unaccepted: 403, owner: 403, other: 403, admin: 200 }
  const ownerOrAdmin = { visitor: 401, unaccepted: 403, owner: 200, other: 403, admin: 200 }

  await matrix('GET types', { visitor: 200, unaccepted: 200, owner: 200, other: 200, admin: 200 }, (a) => as(a, '/api/documents/types'))
  await matrix('POST types', { ...adminOnly, admin: 201 }, (a) => as(a, { method: 'POST', url: '/api/documents/types', payload: { typeName: `Type ${a}` } }))
  await matrix('PATCH types/:id', adminOnly, async (a) => {
    await addType(app, admin, `Renommable ${a}`)
    const { id } = await db.selectFrom('document_types').select('id').where('type_name', '=', `Renommable ${a}`).executeTakeFirstOrThrow()
    return as(a, { method: 'PATCH', url: `/api/documents/types/${id}`, payload: { typeName: `Renommé ${a}` } })
  })
  await matrix('DELETE types/:id', adminOnly, async (a) => {
    await addType(app, admin, `Jetable ${a}`)
    const { id } = await db.selectFrom('document_types').select('id').where('type_name', '=', `Jetable ${a}`).executeTakeFirstOrThrow()
    return as(a, { method: 'DELETE', url: `/api/documents/types/${id}` })
  })
  await matrix('POST upload for oneself', { visitor: 401, unaccepted: 403, owner: 201, other: 201, admin: 201 }, (a) =>
    upload(app, accounts[a], { type: 'Bilan', userId: accounts[a]?.id ?? owner.id, content: PDF }),
  )
  await matrix('POST upload for the owner', { visitor: 401, unaccepted: 403, owner: 201, other: 403, admin: 403 }, (a) =>
    upload(app, accounts[a], { type: 'Bilan', userId: owner.id, content: PDF }),
  )
  for (const list of ['new-documents', 'old-documents', 'arch-documents']) await matrix(`GET ${list}`, adminOnly, (a) => as(a, `/api/documents/${list}`))

  const doc = await uploadPdf(app, owner, 'Bilan')
  await matrix('GET download/:id', ownerOrAdmin, (a) => as(a, `/api/documents/download/${doc}`))
  const stored = await pathOf(doc)
  await matrix('GET the stored file', ownerOrAdmin, (a) => as(a, stored))
  t.equal((await db.selectFrom('documents').select('is_viewed').where('id', '=', doc).executeTakeFirstOrThrow()).is_viewed, 1, 'the administrator opened it: viewed (spec §4)')
  await matrix('DELETE delete/owner/:id', { visitor: 401, unaccepted: 403, owner: 200, other: 403, admin: 403 }, async (a) =>
    as(a, { method: 'DELETE', url: `/api/documents/delete/owner/${a === 'owner' ? await uploadPdf(app, owner, 'Bilan') : doc}` }),
  )
  await matrix('GET view-document/:id', adminOnly, (a) => as(a, `/api/documents/view-document/${doc}`))
  await matrix('POST archive/:id', adminOnly, (a) => as(a, { method: 'POST', url: `/api/documents/archive/${doc}` }))
  await matrix('DELETE delete/:id', adminOnly, (a) => as(a, { method: 'DELETE', url: `/api/documents/delete/${doc}` }))
})

t.test('the stored file and the download: private, never cached or sniffed, named after the original', async (t) => {
  const owner = await seedAccount(app, { accepted: true })
  const id = await uploadPdf(app, owner, 'Bilan', { filename: 'Bilan été (2025).pdf' })
  const { storage_key } = await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()

  const file = await injectAs(app, owner, storage_key.replace('documents/', '/uploads/'))
  t.equal(file.statusCode, 200)
  t.same(file.rawPayload, PDF)
  t.equal(file.headers['content-type'], 'application/pdf')
  t.equal(file.headers['x-content-type-options'], 'nosniff')
  t.equal(file.headers['cache-control'], 'private, no-store')
  t.match(file.headers['content-disposition'], /^inline; /, 'a PDF opens in the browser')

  const download = await injectAs(app, admin, `/api/documents/download/${id}`)
  t.equal(download.statusCode, 200)
  t.same(download.rawPayload, PDF)
  t.equal(download.headers['x-content-type-options'], 'nosniff')
  t.match(download.headers['cache-control'], /no-store/)
  t.equal(download.headers['content-disposition'], `attachment; filename="Bilan ete (2025).pdf"; filename*=UTF-8''Bilan%20%C3%A9t%C3%A9%20%282025%29.pdf`)
  t.equal((await injectAs(app, admin, '/api/documents/download/999999')).statusCode, 404)
})

t.test('no path with .., no encoded variant and no unknown key reaches the disk', async (t) => {
  const owner = await seedAccount(app, { accepted: true })
  await uploadPdf(app, owner, 'Bilan')
  // A file sitting in UPLOAD_DIR under a key-like name, but with no row: never served.
  writeFileSync(join(config.uploadDir, 'documents', `${'a'.repeat(32)}.pdf`), PDF)
  writeFileSync(join(config.uploadDir, 'secret.txt'), 'CONTENU-PRIVE-42')
  const attempts = [
    `/uploads/${'a'.repeat(32)}.pdf`,
    '/uploads/..%2fsecret.txt',
    '/uploads/%2e%2e%2fsecret.txt',
    '/uploads/..%252fsecret.txt',
    '/uploads/documents%2f' + 'a'.repeat(32) + '.pdf',
    '/uploads/secret.txt',
    '/uploads/.tmp',
    `/uploads/${'A'.repeat(32)}.pdf`,
  ]
  for (const url of attempts) {
    const res = await injectAs(app, admin, url)
    t.equal(res.statusCode, 404, url)
    t.notMatch(res.body, /CONTENU-PRIVE|%PDF/, `${url} shows nothing of the disk`)
  }
  t.equal((await injectAs(app, null, `/uploads/${'a'.repeat(32)}.pdf`)).statusCode, 401, 'a visitor learns nothing')
})
