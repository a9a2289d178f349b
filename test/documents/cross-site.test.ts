// Issue 15: a GET changes nothing unless the portal's own pages (or the address typed) asked for it.
// Another site sending a logged-in administrator to a download or a stored file's address marks nothing viewed,
// and a HEAD (answered by the GET's handler) neither marks nor journals.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType, uploadPdf } from './fixtures.js'

const { app, admin } = await (async () => {
  const built = await buildTestApp(t)
  const admin = await seedAccount(built.app, { admin: true })
  await addType(built.app, admin, 'Bilan')
  return { ...built, admin }
})()

async function newDocument() {
  const client = await seedAccount(app, { accepted: true })
  const id = await uploadPdf(app, client, 'Bilan')
  const listed = (await injectAs(app, admin, '/api/documents/new-documents?pageSize=200')).json<Array<{ id: number; path: string }>>()
  return { client, id, url: listed.find((d) => d.id === id)!.path }
}

/** The journal's entries about a document, oldest first. */
const opened = async (id: number) =>
  (await app.ports.db.selectFrom('journal').select(['action', 'actor_id']).where('subject_type', '=', 'document').where('subject_id', '=', id).orderBy('id').execute()).map((e) => `${e.action} by ${Number(e.actor_id)}`)

const isNew = async (id: number) => (await injectAs(app, admin, '/api/documents/new-documents?pageSize=200')).json<Array<{ id: number }>>().some((d) => d.id === id)

for (const site of ['cross-site', 'same-site']) {
  t.test(`a ${site} GET of a download or a stored file serves it and marks nothing viewed`, async (t) => {
    const { client, id, url } = await newDocument()
    const download = await injectAs(app, admin, { url: `/api/documents/download/${id}`, headers: { 'sec-fetch-site': site } })
    t.equal(download.statusCode, 200, 'the file is still served')
    const stored = await injectAs(app, admin, { url, headers: { 'sec-fetch-site': site } })
    t.equal(stored.statusCode, 200)
    t.ok(await isNew(id), 'still in "Nouveaux documents"')
    // The journal records what was opened either way (issue 15).
    t.same((await opened(id)).slice(1), [`document.downloaded by ${admin.id}`, `document.viewed by ${admin.id}`], 'both openings journaled')
    // So its owner can still delete it.
    t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` })).statusCode, 200)
  })
}

for (const site of ['same-origin', 'none', undefined]) {
  t.test(`a GET with Sec-Fetch-Site ${site ?? 'absent'} marks the document viewed`, async (t) => {
    for (const opened of ['download', 'stored'] as const) {
      const { id, url } = await newDocument()
      const res = await injectAs(app, admin, { url: opened === 'download' ? `/api/documents/download/${id}` : url, headers: site ? { 'sec-fetch-site': site } : {} })
      t.equal(res.statusCode, 200)
      t.notOk(await isNew(id), `${opened}: viewed`)
    }
  })
}

t.test('view-document refuses a same-site request like a cross-site one', async (t) => {
  const { id } = await newDocument()
  const res = await injectAs(app, admin, { url: `/api/documents/view-document/${id}`, headers: { 'sec-fetch-site': 'same-site' } })
  t.equal(res.statusCode, 403)
  t.ok(await isNew(id))
})

t.test('a HEAD of a download or a stored file answers its headers, marks nothing and journals nothing', async (t) => {
  const { id, url } = await newDocument()
  const before = await opened(id)
  for (const path of [`/api/documents/download/${id}`, url]) {
    const res = await injectAs(app, admin, { method: 'HEAD', url: path })
    t.equal(res.statusCode, 200, `${path}: 200`)
    t.equal(res.headers['content-type'], 'application/pdf')
    t.equal(res.body, '', 'no body')
  }
  t.ok(await isNew(id), 'still new')
  t.same(await opened(id), before, 'nothing journaled')
  t.equal((await injectAs(app, admin, { method: 'HEAD', url: `/api/documents/view-document/${id}` })).statusCode, 404, 'view-document has no HEAD')
  t.ok(await isNew(id))
  // The GET after it does what a GET does.
  t.equal((await injectAs(app, admin, `/api/documents/download/${id}`)).statusCode, 200)
  t.notOk(await isNew(id), 'viewed by the GET')
  t.same((await opened(id)).slice(before.length), [`document.downloaded by ${admin.id}`])
})
