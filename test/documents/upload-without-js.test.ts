// Issue 17: the client's upload form posted without JavaScript (contract §8), one file, to /files: a 303
// with the API's message, or the page again at the JSON route's status with each error under its
// field; nothing stored on a refusal. The same checks, limits and service call as POST /api/documents/upload.
import t from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, type TestApp } from '../helpers/app.js'
import { CROSS_SITE, errorUnder, flashAfter, inputNamed, summaryOf } from '../helpers/forms.js'
import { addType, filesIn, HTML, multipart, PDF, upload, type Part } from './fixtures.js'
import { askFor } from '../requests/helpers.js'
import { cookieOf } from '../helpers/two-factor.js'
import { nextYear } from '../helpers/due-dates.js'

const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, bytes - PDF.length), 0x20)])

interface Posted {
  type?: string
  description?: string
  requestId?: number
  /** The file input: a name and its bytes, or none chosen (the browser sends an empty part). */
  file?: { filename: string; content: Buffer }
  headers?: Record<string, string>
}

/** What a browser without JavaScript posts: the fields in the form's order, the file last. */
function post(app: FastifyInstance, account: SeededAccount | null, { type, description = '', requestId, file, headers = {} }: Posted): Promise<LightMyRequestResponse> {
  const parts: Part[] = []
  if (requestId !== undefined) parts.push({ name: 'requestId', value: String(requestId) })
  if (type !== undefined) parts.push({ name: 'type', value: type })
  parts.push({ name: 'description', value: description })
  parts.push({ name: 'file', filename: file?.filename ?? '', content: file?.content ?? Buffer.alloc(0), type: file ? 'application/pdf' : 'application/octet-stream' })
  const body = multipart(parts)
  return injectAs(app, account, { method: 'POST', url: '/files', payload: body.payload, headers: { ...body.headers, ...headers } })
}

async function setup(t: Parameters<typeof buildTestApp>[0], env: Record<string, string> = {}) {
  const built = await buildTestApp(t, env)
  const admin = await seedAccount(built.app, { admin: true })
  await addType(built.app, admin, 'Bilan')
  return { ...built, admin, client: await seedAccount(built.app, { accepted: true }) }
}

/** What the client has stored: rows and files (never a temporary one). */
async function stored({ db, config }: TestApp, client: SeededAccount) {
  const rows = await db.selectFrom('documents').select('name').where('user_id', '=', client.id).execute()
  return { rows: rows.map((row) => row.name), files: filesIn(config.uploadDir, 'documents').length, temporary: filesIn(config.uploadDir, '.tmp').length }
}

const shared = await setup(t)

t.test('the form is a real form: its action, one file, an enabled button', async (t) => {
  const { app, client } = shared
  const html = (await injectAs(app, client, '/files')).body
  const form = /<form[^>]*class="upload-form"[^>]*>/.exec(html)?.[0] ?? ''
  t.match(form, 'method="post"')
  t.match(form, 'action="/files#envoi"')
  t.match(form, /enctype="multipart\/form-data"/i, 'HTML attribute names have no case')
  t.notMatch(form, 'data-hydrated', 'its island has not taken over')
  t.notMatch(inputNamed(html, 'file'), 'multiple', 'one file without the script')
  t.notMatch(html, /<button type="submit"[^>]*upload-submit[^>]*disabled/, 'the button works before any script')
  t.notMatch(html, /<button type="submit"[^>]*disabled[^>]*upload-submit/)
})

t.test('a document sent without JavaScript: 303 home with the API’s message, stored and listed', async (t) => {
  const { app, client } = shared
  const sent = await post(app, client, { type: 'Bilan', description: '  Bilan de l’exercice  ', file: { filename: 'bilan-sans-js.pdf', content: PDF } })
  t.equal(sent.statusCode, 303)
  t.equal(sent.headers.location, '/', 'home, as the island goes')
  t.match(await flashAfter(app, sent, client.cookie), 'Document envoyé avec succès.')
  t.match(await stored(shared, client), { rows: ['bilan-sans-js.pdf'], temporary: 0 })
  const row = await shared.db.selectFrom('documents').select(['description', 'mime']).where('user_id', '=', client.id).executeTakeFirstOrThrow()
  t.same(row, { description: 'Bilan de l’exercice', mime: 'application/pdf' }, 'checked and trimmed by the same service')
  t.match((await injectAs(app, client, '/files')).body, 'bilan-sans-js.pdf', 'listed in Mon espace')
  t.match((await injectAs(app, shared.admin, '/api/documents/new-documents')).json(), [{ name: 'bilan-sans-js.pdf' }], 'and in the firm’s new documents')
})

t.test('the checks’ errors, each under its field, the summary at the top, what was typed kept; nothing stored', async (t) => {
  const { app } = shared
  const client = await seedAccount(app, { accepted: true })
  const empty = await post(app, client, { type: '', description: 'Relevés de mars' })
  t.equal(empty.statusCode, 400)
  t.match(empty.headers['content-type'], /text\/html/)
  t.equal(errorUnder(empty.body, 'type'), 'Type de document requis')
  t.equal(errorUnder(empty.body, 'file'), 'Veuillez sélectionner un fichier')
  t.equal(errorUnder(empty.body, 'description'), undefined, 'a right field has none')
  t.match(summaryOf(empty.body), /Type de document requis.*Veuillez sélectionner un fichier/s, 'in the order of spec §5')
  t.match(empty.body, '>Relevés de mars</textarea>', 'the description kept')

  const long = await post(app, client, { type: 'Bilan', description: 'x'.repeat(2001), file: { filename: 'bilan.pdf', content: PDF } })
  t.equal(long.statusCode, 400)
  t.equal(errorUnder(long.body, 'description'), 'La description ne doit pas dépasser 2000 caractères.')
  t.match(inputNamed(long.body, 'type'), 'name="type"')
  t.match(long.body, /<option value="Bilan" selected="">Bilan<\/option>/, 'the type chosen is kept')

  const unknown = await post(app, client, { type: 'Inconnu', file: { filename: 'bilan.pdf', content: PDF } })
  t.equal(unknown.statusCode, 400)
  t.equal(errorUnder(unknown.body, 'type'), 'Type de document inconnu.')
  t.same(await stored(shared, client), { rows: [], files: (await stored(shared, shared.client)).files, temporary: 0 }, 'no row, no file')
})

t.test('a refused file: 415 under the file field, nothing stored', async (t) => {
  const { app } = shared
  const client = await seedAccount(app, { accepted: true })
  const before = await stored(shared, client)
  const text = await post(app, client, { type: 'Bilan', file: { filename: 'notes.txt', content: Buffer.from('des notes') } })
  t.equal(text.statusCode, 415)
  t.equal(errorUnder(text.body, 'file'), 'Type de fichier non accepté. Formats acceptés : pdf, xls, xlsx, docx, jpeg, jpg, png.')
  const disguised = await post(app, client, { type: 'Bilan', file: { filename: 'facture.pdf', content: HTML } })
  t.equal(disguised.statusCode, 415)
  t.equal(errorUnder(disguised.body, 'file'), 'Le contenu du fichier ne correspond pas à son extension : fichier refusé.')
  t.same(await stored(shared, client), before, 'no row, no file, no temporary file')
})

t.test('too large, declared or streamed, and a full space: 413 under the file field, nothing stored', async (t) => {
  const app = await setup(t, { MAX_UPLOAD_MB: '1', CLIENT_QUOTA_MB: '2' })
  const { client } = app
  const declared = await post(app.app, client, { type: 'Bilan', description: 'gardée ?', file: { filename: 'gros.pdf', content: pdfOf(2 * 1024 * 1024) } })
  t.equal(declared.statusCode, 413)
  t.equal(declared.headers.connection, 'close', 'refused from its headers: the body is not read')
  t.equal(errorUnder(declared.body, 'file'), 'Fichier trop volumineux : 1 Mo au maximum.')
  // Within the room left for the fields, so it is read, and cut at the limit.
  const streamed = await post(app.app, client, { type: 'Bilan', description: 'gardée', file: { filename: 'gros.pdf', content: pdfOf(1024 * 1024 + 1000) } })
  t.equal(streamed.statusCode, 413)
  t.equal(errorUnder(streamed.body, 'file'), 'Fichier trop volumineux : 1 Mo au maximum.')
  t.match(streamed.body, '>gardée</textarea>', 'the fields read before the file are kept')
  t.same(await stored(app, client), { rows: [], files: 0, temporary: 0 })

  for (const name of ['un.pdf', 'deux.pdf']) t.equal((await post(app.app, client, { type: 'Bilan', file: { filename: name, content: pdfOf(900 * 1024) } })).statusCode, 303)
  const full = await post(app.app, client, { type: 'Bilan', file: { filename: 'trois.pdf', content: pdfOf(300 * 1024) } })
  t.equal(full.statusCode, 413)
  t.match(errorUnder(full.body, 'file'), /^Espace de stockage insuffisant : il vous reste 0,2 Mo sur 2 Mo\./)
  t.match(await stored(app, client), { rows: ['un.pdf', 'deux.pdf'], files: 2, temporary: 0 }, 'nothing more stored')
})

t.test('answering a request: back to the space, the request answered; another client’s refused (404), nothing stored', async (t) => {
  const { app, admin, client } = shared
  const other = await seedAccount(app, { accepted: true })
  const typeId = Number((await shared.db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').executeTakeFirstOrThrow()).id)
  const mine = await askFor(app, admin, { userId: client.id, typeId, title: 'Bilan 2025', dueDate: nextYear('06-30') })
  const theirs = await askFor(app, admin, { userId: other.id, typeId, title: 'Leur bilan', dueDate: nextYear('06-30') })

  const page = (await injectAs(app, client, `/files?request=${mine}`)).body
  t.match(inputNamed(page, 'requestId'), `value="${mine}"`, 'the form carries the request it answers')

  const before = await stored(shared, client)
  const refused = await post(app, client, { requestId: theirs, file: { filename: 'pas-pour-moi.pdf', content: PDF } })
  t.equal(refused.statusCode, 404, 'the JSON route’s status')
  t.match(summaryOf(refused.body), 'Demande introuvable.')
  t.same(await stored(shared, client), before, 'no row, no file')
  t.equal((await injectAs(app, admin, `/api/requests?userId=${other.id}`)).json()[0].status, 'open', 'their request untouched')

  const answered = await post(app, client, { requestId: mine, file: { filename: 'bilan-2025.pdf', content: PDF } })
  t.equal(answered.statusCode, 303)
  t.equal(answered.headers.location, '/files', 'back to Mon espace, as the island goes')
  t.match(await flashAfter(app, answered, client.cookie), 'Document envoyé avec succès.')
  t.match((await injectAs(app, admin, `/api/requests?userId=${client.id}`)).json(), [{ id: mine, status: 'fulfilled' }])
})

t.test('a visitor goes to /login, a client not yet accepted gets the 403 page; another site is refused; nothing stored', async (t) => {
  const { app, db, config } = shared
  const before = filesIn(config.uploadDir, 'documents').length
  const count = async () => Number((await db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await count()
  const file = { filename: 'bilan.pdf', content: PDF }

  const visitor = await post(app, null, { type: 'Bilan', file })
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'])
  t.equal(cookieOf(visitor, /^return-to$/), 'return-to=/files', 'back to the form once logged in')

  const waiting = await post(app, await seedAccount(app, { accepted: false }), { type: 'Bilan', file })
  t.equal(waiting.statusCode, 403)
  t.match(waiting.headers['content-type'], /text\/html/, 'a page, not JSON')
  t.match(waiting.body, 'Votre compte doit être accepté par le cabinet avant de déposer des documents.')

  const crossSite = await post(app, shared.client, { type: 'Bilan', file, headers: CROSS_SITE })
  t.equal(crossSite.statusCode, 403)
  t.same([await count(), filesIn(config.uploadDir, 'documents').length], [rows, before], 'nothing stored')
})

t.test('the upload limit counts the form and the API together: 429, the page again', async (t) => {
  const app = await setup(t, { RATE_LIMIT_UPLOAD_USER: '2' })
  const { client } = app
  t.equal((await upload(app.app, client, { type: 'Bilan', content: PDF })).statusCode, 201)
  t.equal((await post(app.app, client, { type: 'Bilan', file: { filename: 'deux.pdf', content: PDF } })).statusCode, 303)
  const limited = await post(app.app, client, { type: 'Bilan', file: { filename: 'trois.pdf', content: PDF } })
  t.equal(limited.statusCode, 429)
  t.ok(limited.headers['retry-after'], 'with Retry-After')
  t.match(summaryOf(limited.body), /Trop de tentatives/)
  t.equal((await upload(app.app, client, { type: 'Bilan', content: PDF })).statusCode, 429, 'the API counted the form’s post')
  t.equal((await stored(app, client)).rows.length, 2)
})
