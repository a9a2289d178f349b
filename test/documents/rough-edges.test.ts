// Issue 34, flows: one click on « Voir le document » is one « Document consulté », and a document
// that does not exist (deleted by its owner) is a 404 for everyone, its owner included.
import t from 'tap'
import { urlOf } from '../../src/modules/documents/service.js'
import { toDbTime } from '../../src/db/values.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType, uploadPdf } from './fixtures.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')

const OWN = { 'sec-fetch-site': 'same-origin' }

async function newDocument() {
  const client = await seedAccount(app, { accepted: true })
  const id = await uploadPdf(app, client, 'Bilan')
  const row = await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()
  return { client, id, url: urlOf(row.storage_key) }
}

/** The answer's message: the API's JSON, or the error page a stored file's address shows. */
const says = (res: { headers: Record<string, unknown>; payload: string; json: () => { message: string } }, message: string) =>
  String(res.headers['content-type']).startsWith('application/json') ? res.json().message === message : res.payload.includes(message.replace('’', '&#x27;')) || res.payload.includes(message)

const viewedRows = async (id: number) =>
  (await db.selectFrom('journal').select(['actor_id']).where('action', '=', 'document.viewed').where('subject_type', '=', 'document').where('subject_id', '=', id).execute()).map((r) => Number(r.actor_id))

/** What the list's « Voir » does on one click: the new tab's fetch of the file, and the API's mark (in either order, or at once). */
const click = {
  'file first': async (id: number, url: string) => {
    await injectAs(app, admin, { url, headers: OWN })
    await injectAs(app, admin, { url: `/api/documents/view-document/${id}`, headers: OWN })
  },
  'view first': async (id: number, url: string) => {
    await injectAs(app, admin, { url: `/api/documents/view-document/${id}`, headers: OWN })
    await injectAs(app, admin, { url, headers: OWN })
  },
  together: async (id: number, url: string) => {
    await Promise.all([injectAs(app, admin, { url, headers: OWN }), injectAs(app, admin, { url: `/api/documents/view-document/${id}`, headers: OWN })])
  },
}

for (const [order, run] of Object.entries(click)) {
  t.test(`one click on « Voir » (${order}): one « Document consulté »`, async (t) => {
    const { id, url } = await newDocument()
    await run(id, url)
    t.same(await viewedRows(id), [admin.id], 'exactly one document.viewed row')
    const doc = await db.selectFrom('documents').select('is_viewed').where('id', '=', id).executeTakeFirstOrThrow()
    t.equal(Number(doc.is_viewed), 1, 'and the document is viewed')
  })
}

t.test('another opening later, or by someone else, is another entry', async (t) => {
  const { client, id, url } = await newDocument()
  await click['view first'](id, url)
  await injectAs(app, client, { url, headers: OWN })
  t.same(await viewedRows(id), [admin.id, client.id], 'the owner opening it is their own entry')
  // The click of two minutes ago is over: opening the file again is a new entry.
  const past = toDbTime(new Date(Date.now() - 120_000))
  await db.updateTable('journal').set({ at: past }).where('subject_type', '=', 'document').where('subject_id', '=', id).execute()
  await injectAs(app, admin, { url, headers: OWN })
  t.same(await viewedRows(id), [admin.id, client.id, admin.id])
})

/** Every address of one document, as `who` asks for it. */
const addresses = (id: number, url: string): Array<[string, SeededAccount | 'owner', 'GET' | 'POST' | 'DELETE', string]> => [
  ['the owner downloads', 'owner', 'GET', `/api/documents/download/${id}`],
  ['the owner opens the file', 'owner', 'GET', url],
  ['the owner deletes', 'owner', 'DELETE', `/api/documents/delete/owner/${id}`],
  ['the firm views', admin, 'GET', `/api/documents/view-document/${id}`],
  ['the firm downloads', admin, 'GET', `/api/documents/download/${id}`],
  ['the firm opens the file', admin, 'GET', url],
  ['the firm archives', admin, 'POST', `/api/documents/archive/${id}`],
  ['the firm restores', admin, 'POST', `/api/documents/restore/${id}`],
  ['the firm deletes', admin, 'DELETE', `/api/documents/delete/${id}`],
]

t.test('a document deleted by its owner is a 404 to everyone, its owner first', async (t) => {
  const { client, id, url } = await newDocument()
  const other = await seedAccount(app, { accepted: true })
  t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` })).statusCode, 200)
  for (const [what, who, method, address] of [...addresses(id, url), ['another client downloads', other, 'GET', `/api/documents/download/${id}`] as const]) {
    const res = await injectAs(app, who === 'owner' ? client : who, { method, url: address, headers: OWN })
    t.equal(res.statusCode, 404, what)
    t.ok(says(res, 'Document introuvable.'), `${what}: « Document introuvable. »`)
  }
})

t.test('someone else’s document that exists is still refused as theirs (403)', async (t) => {
  const { id, url } = await newDocument()
  const other = await seedAccount(app, { accepted: true })
  for (const [method, address] of [['GET', `/api/documents/download/${id}`], ['GET', url], ['DELETE', `/api/documents/delete/owner/${id}`]] as const) {
    const res = await injectAs(app, other, { method, url: address, headers: OWN })
    t.equal(res.statusCode, 403, `${method} ${address}`)
    t.ok(says(res, 'Ce document ne vous appartient pas.'), '« Ce document ne vous appartient pas. »')
  }
})
