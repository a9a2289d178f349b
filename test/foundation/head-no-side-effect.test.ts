// Issue 34: a HEAD has no side effect. Fastify answers a HEAD with its GET's handler, so every GET that
// changes something (a document opened, downloaded or marked viewed, a thread read) is asked by HEAD
// from the portal's own pages, and no row changes: the journal, the documents' flags, messages' read_at.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { urlOf } from '../../src/modules/documents/service.js'
import { addType, multipart, PDF, uploadPdf } from '../documents/fixtures.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
const client = await seedAccount(app, { accepted: true })
await addType(app, admin, 'Bilan')
const OWN = { 'sec-fetch-site': 'same-origin' }

const uploaded = await uploadPdf(app, client, 'Bilan')
const sent = (await injectAs(app, admin, { method: 'POST', url: `/api/documents/send/${client.id}`, ...multipart([{ name: 'file', filename: 'du-cabinet.pdf', content: PDF, type: 'application/pdf' }, { name: 'name', value: 'Du cabinet' }]) })).json<{ id: number }>().id
for (const [who, text] of [[client, 'Question'], [admin, 'Réponse']] as const) {
  const res = await injectAs(app, who, { method: 'POST', url: `/api/messages/${client.id}`, payload: { text } })
  if (res.statusCode !== 201) throw new Error(`message not posted: ${res.statusCode}`)
}
const keyOf = async (id: number) => urlOf((await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key)

/** Every row a side-effecting GET would change. */
async function state() {
  const journal = await db.selectFrom('journal').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  const documents = await db.selectFrom('documents').select(['id', 'is_viewed', 'viewed_at', 'downloaded_at']).orderBy('id').execute()
  const messages = await db.selectFrom('messages').select(['id', 'read_at']).orderBy('id').execute()
  return JSON.stringify({ journal: Number(journal.n), documents, messages })
}

const heads: Array<[typeof admin, string]> = [
  [admin, `/api/documents/download/${uploaded}`],
  [admin, await keyOf(uploaded)],
  [admin, `/api/documents/view-document/${uploaded}`],
  [client, `/api/documents/download/${sent}`],
  [client, await keyOf(sent)],
  [client, `/api/documents/download/${uploaded}`],
  [client, `/api/messages/${client.id}`],
  [admin, `/api/messages/${client.id}`],
  [client, '/messages'],
  [admin, `/admin-dashboard/clients/${client.id}/messages`],
]

t.test('a HEAD of every GET with a side effect changes no row', async (t) => {
  const before = await state()
  for (const [who, url] of heads) {
    const res = await injectAs(app, who, { method: 'HEAD', url, headers: OWN })
    t.ok([200, 404].includes(res.statusCode), `HEAD ${url}: ${res.statusCode}`)
    t.equal(res.payload, '', `HEAD ${url}: no body`)
    t.equal(await state(), before, `HEAD ${url}: no row changed`)
  }
  // The same GETs do change them: the test would see a HEAD that did.
  await injectAs(app, admin, { url: `/api/documents/download/${uploaded}`, headers: OWN })
  t.not(await state(), before, 'a GET of the download journals')
})
