// Findings of the security review of the documents module, each reproduced.
import { PassThrough } from 'node:stream'
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType, filesIn, multipart, PDF, upload, uploadPdf } from './fixtures.js'

async function setup(t: Parameters<typeof buildTestApp>[0], env: Record<string, string> = {}) {
  const built = await buildTestApp(t, env)
  const admin = await seedAccount(built.app, { admin: true })
  const client = await seedAccount(built.app, { accepted: true })
  await addType(built.app, admin, 'Bilan')
  return { ...built, admin, client }
}

// One app for the tests that need no other setting, each with a client of its own; counts are compared before and after.
const shared = await setup(t)
const withClient = async () => ({ ...shared, client: await seedAccount(shared.app, { accepted: true }) })

t.test('uploads are limited per user: a flood gets 429, other clients are not affected', async (t) => {
  const { app, admin, client } = await setup(t, { RATE_LIMIT_UPLOAD_USER: '2' })
  const other = await seedAccount(app, { accepted: true })
  for (let i = 0; i < 2; i++) t.equal((await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF })).statusCode, 201)
  const third = await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF })
  t.equal(third.statusCode, 429)
  t.match(third.json().message, /Trop de tentatives/)
  t.equal((await upload(app, other, { type: 'Bilan', userId: other.id, content: PDF })).statusCode, 201, 'counted per user, not shared')
  t.equal((await injectAs(app, admin, '/api/users/counts')).json().documents.unviewed, 3)
})

t.test('an upload whose sender is deleted while the file arrives answers 404, not 500, and keeps nothing', async (t) => {
  const { app, db, config, client } = await withClient()
  const files = filesIn(config.uploadDir, 'documents').length
  const body = multipart([{ name: 'type', value: 'Bilan' }, { name: 'file', filename: 'bilan.pdf', content: Buffer.concat([PDF, Buffer.alloc(256 * 1024, 0x20)]) }])
  const half = body.payload.length >> 1
  const stream = new PassThrough()
  const answer = injectAs(app, client, { method: 'POST', url: '/api/documents/upload', headers: { ...body.headers, 'content-length': String(body.payload.length) }, payload: stream })
  stream.write(body.payload.subarray(0, half))
  // The file is being stored once its temporary file exists; then the account goes.
  for (let i = 0; i < 500 && filesIn(config.uploadDir, '.tmp').length === 0; i++) await new Promise((r) => setTimeout(r, 10))
  t.equal(filesIn(config.uploadDir, '.tmp').length, 1, 'the upload is under way')
  t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/users/profile/${client.id}` })).statusCode, 200)
  stream.end(body.payload.subarray(half))
  const res = await answer
  t.equal(res.statusCode, 404)
  t.same(res.json(), { message: 'Compte introuvable.', code: 'not_found' })
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file kept')
  t.same(filesIn(config.uploadDir, '.tmp'), [])
  t.equal((await db.selectFrom('documents').select('id').where('user_id', '=', client.id).execute()).length, 0)
})

t.test('a mailed description has its line breaks normalised and other controls refused', async (t) => {
  const { app, db, client } = await withClient()
  const refused = await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF, description: 'ligne\u0000nul\u001b[31m' })
  t.equal(refused.statusCode, 400)
  t.same(refused.json(), { message: 'La description contient des caractères non autorisés.', code: 'validation', field: 'description' })
  const stored = await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF, description: 'ligne 1\r\nligne 2\rligne 3' })
  t.equal(stored.statusCode, 201)
  t.equal((await db.selectFrom('documents').select('description').where('id', '=', stored.json().id).executeTakeFirstOrThrow()).description, 'ligne 1\nligne 2\nligne 3')
})

t.test('a client gets 403 for someone else’s document, 404 for a missing one (issue 34)', async (t) => {
  const { app, admin, client } = await withClient()
  const other = await seedAccount(app, { accepted: true })
  const theirs = await uploadPdf(app, other, 'Bilan')
  for (const [id, status] of [[theirs, 403], [999_999, 404]] as const) {
    t.equal((await injectAs(app, client, `/api/documents/download/${id}`)).statusCode, status, `download ${id}`)
    t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` })).statusCode, status, `owner delete ${id}`)
  }
  t.equal((await injectAs(app, admin, '/api/documents/download/999999')).statusCode, 404, 'the firm still gets 404')
})

t.test('viewing marks a document only from the portal, never from a link on another site', async (t) => {
  const { app, admin, client } = await withClient()
  const counts = async () => (await injectAs(app, admin, '/api/users/counts')).json().documents as { unviewed: number; viewed: number }
  const before = await counts()
  const id = await uploadPdf(app, client, 'Bilan')
  const crossSite = await injectAs(app, admin, { method: 'GET', url: `/api/documents/view-document/${id}`, headers: { 'sec-fetch-site': 'cross-site' } })
  t.equal(crossSite.statusCode, 403)
  t.same(await counts(), { unviewed: before.unviewed + 1, viewed: before.viewed }, 'still new')
  const own = await injectAs(app, admin, { method: 'GET', url: `/api/documents/view-document/${id}`, headers: { 'sec-fetch-site': 'same-origin' } })
  t.equal(own.statusCode, 200)
  t.same(await counts(), { unviewed: before.unviewed, viewed: before.viewed + 1 })
})

t.test('an administrator opening the stored file by its link marks it viewed, as View does; its owner does not', async (t) => {
  const { app, db, admin, client } = await withClient()
  const counts = async () => (await injectAs(app, admin, '/api/users/counts')).json().documents as { unviewed: number; viewed: number }
  const before = await counts()
  const id = await uploadPdf(app, client, 'Bilan')
  const key = (await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key
  const url = `/uploads/${key.slice('documents/'.length)}`
  t.equal((await injectAs(app, client, url)).statusCode, 200)
  t.same(await counts(), { unviewed: before.unviewed + 1, viewed: before.viewed }, 'the owner’s own look changes nothing')
  t.equal((await injectAs(app, admin, url)).statusCode, 200)
  t.same(await counts(), { unviewed: before.unviewed, viewed: before.viewed + 1 })
  t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` })).statusCode, 403, 'seen by the firm: no longer the owner’s to delete')
})
