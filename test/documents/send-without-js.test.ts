// Issue 17: the firm's send form without JavaScript (contract §8). From the client's page it posts one
// file as multipart to the client's send page, /admin-dashboard/clients/:id/send: a 303 back to the
// client's page with the API's message, or the send page at the API's status with each error under
// its field (too large, a refused type, a name too long), nothing stored. Refusals before the body.
import { Readable } from 'node:stream'
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, errorUnder, flashAfter, inputNamed, summaryOf } from '../helpers/forms.js'
import { hrefsOf } from '../helpers/html.js'
import { cookieOf } from '../helpers/two-factor.js'
import { addType, EXE, filesIn, HTML, multipart, PDF, type Part } from './fixtures.js'
import { nextYear } from '../helpers/due-dates.js'

const { app, db, config } = await buildTestApp(t, { MAX_UPLOAD_MB: '1' })
const admin = await seedAccount(app, { admin: true })
const client = await seedAccount(app, { accepted: true, username: 'Atlas Envois' })
const pageOf = (id: number | string) => `/admin-dashboard/clients/${id}/send`

/** The form as a browser without JavaScript posts it: the file (or an empty file input), then the fields. */
function post(account: SeededAccount | null, url: string, input: { filename?: string; content?: Buffer; name?: string; description?: string; requestId?: string } = {}, headers: Record<string, string> = {}) {
  const parts: Part[] = [{ name: 'file', filename: input.filename ?? '', content: input.content ?? Buffer.alloc(0), type: 'application/octet-stream' }]
  parts.push({ name: 'name', value: input.name ?? '' }, { name: 'description', value: input.description ?? '' })
  if (input.requestId !== undefined) parts.push({ name: 'requestId', value: input.requestId })
  const body = multipart(parts)
  return injectAs(app, account, { method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } })
}

const sentTo = async (userId: number) => (await db.selectFrom('documents').select(['name', 'sent_by']).where('user_id', '=', userId).orderBy('id').execute()).map((row) => [row.name, Number(row.sent_by)])
const storedFiles = () => filesIn(config.uploadDir, 'documents').length

t.test('the form is a real form: multipart, posted to the client’s send page, its button enabled; the page holds it too', async (t) => {
  const profile = (await injectAs(app, admin, `/users/profile/${client.id}`)).body
  const form = /<form class="upload-form"[^>]*>/.exec(profile)?.[0] ?? ''
  t.match(form, 'method="post"')
  t.match(form, 'encType="multipart/form-data"')
  t.match(form, `action="${pageOf(client.id)}"`, 'to the client’s send page')
  t.notMatch(profile, /<button type="submit" class="button button-primary upload-submit" disabled/, 'the button works before any script')

  const page = await injectAs(app, admin, pageOf(client.id))
  isPage(t, page, 200, 'the send page')
  t.match(page.body, /<h1 class="admin-title">Envoyer un document — Atlas Envois/)
  t.same(hrefsOf(page.body, 'Voir le profil du client'), [`/users/profile/${client.id}`])
  t.match(/<form class="upload-form"[^>]*>/.exec(page.body)?.[0], `action="${pageOf(client.id)}"`, 'its form posts to itself')
})

t.test('sent: 303 back to the client’s page with the API’s message, stored and journaled as the API’s send', async (t) => {
  const files = storedFiles()
  const res = await post(admin, pageOf(client.id), { filename: 'bilan-signe.pdf', content: PDF, name: 'Bilan 2025 signé', description: 'Votre bilan.' })
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${client.id}#firm-sent-title`, 'back to the client’s page, at what was sent')
  t.match(await flashAfter(app, res, admin.cookie), 'Document envoyé au client.')
  t.same(await sentTo(client.id), [['Bilan 2025 signé', admin.id]], 'in the client’s space, sent by the firm')
  t.equal(storedFiles(), files + 1, 'the file stored')
  const entry = await db.selectFrom('journal').select(['action', 'actor_id']).where('subject_type', '=', 'document').orderBy('id', 'desc').executeTakeFirst()
  t.same(entry && [entry.action, Number(entry.actor_id)], ['document.uploaded', admin.id], 'journaled as the API’s send')
  t.match((await injectAs(app, client, '/api/documents/received')).body, 'Bilan 2025 signé', 'the client finds it')
})

t.test('refused: the send page again at the API’s status, the error under its field, what was typed kept, nothing stored', async (t) => {
  const other = await seedAccount(app, { accepted: true })
  const files = storedFiles()
  const cases = [
    [400, 'file', { name: 'Sans fichier' }, 'Veuillez sélectionner un fichier'],
    [415, 'file', { filename: 'outil.exe', content: EXE, name: 'Un exécutable' }, 'Type de fichier non accepté.'],
    [415, 'file', { filename: 'page.pdf', content: HTML, name: 'Une page' }, 'Le contenu du fichier ne correspond pas à son extension : fichier refusé.'],
    [413, 'file', { filename: 'gros.pdf', content: Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10)]), name: 'Trop gros' }, 'Fichier trop volumineux : 1 Mo au maximum.'],
    [400, 'name', { filename: 'bilan.pdf', content: PDF, name: 'n'.repeat(256) }, 'Le nom du document ne doit pas dépasser 255 caractères.'],
  ] as const
  for (const [status, field, input, message] of cases) {
    const res = await post(admin, pageOf(other.id), { description: 'Gardée telle quelle.', ...input })
    isPage(t, res, status, `${message}: the JSON route’s status`)
    t.match(errorUnder(res.body, field) ?? '', message, `under the ${field}`)
    t.match(summaryOf(res.body), message, 'and summed up at the top')
    // Too large, the body is cut at the file: the fields after it never arrive (a browser sends the file first).
    if (status !== 413) {
      if (field !== 'name') t.match(inputNamed(res.body, 'name'), `value="${input.name}"`, 'the name typed is kept')
      t.match(res.body, 'Gardée telle quelle.</textarea>', 'the description too')
    }
    t.match(/<form class="upload-form"[^>]*>/.exec(res.body)?.[0], `action="${pageOf(other.id)}"`, 'the form, to try again')
  }
  t.same(await sentTo(other.id), [], 'no document')
  t.equal(storedFiles(), files, 'no file left behind')
})

t.test('a send answering one of the client’s open requests: fulfilled; another client’s refused in place, the choice kept, nothing stored', async (t) => {
  const asker = await seedAccount(app, { accepted: true, username: 'Atlas Demandes' })
  const stranger = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Liasse')
  const typeId = Number((await db.selectFrom('document_types').select('id').where('type_name', '=', 'Liasse').executeTakeFirstOrThrow()).id)
  const ask = async (userId: number) => (await injectAs(app, admin, { method: 'POST', url: '/api/requests', payload: { userId, typeId, title: `Liasse de ${userId}`, dueDate: nextYear('12-31') } })).json().id as number
  const mine = await ask(asker.id)
  const theirs = await ask(stranger.id)
  const page = (await injectAs(app, admin, pageOf(asker.id))).body
  t.match(page, `<option value="${mine}">Liasse de ${asker.id}`, 'the send page offers the client’s open request, as the client’s page does')

  const files = storedFiles()
  const refused = await post(admin, pageOf(asker.id), { filename: 'liasse.pdf', content: PDF, name: 'Liasse', requestId: String(theirs) })
  isPage(t, refused, 400, 'another client’s request: the API’s refusal')
  t.match(summaryOf(refused.body), 'Cette demande a été faite à un autre client')
  t.match(inputNamed(refused.body, 'name'), 'value="Liasse"', 'what was typed is kept')
  t.equal(storedFiles(), files, 'nothing stored')

  const wrongType = await post(admin, pageOf(asker.id), { filename: 'liasse.exe', content: EXE, requestId: String(mine) })
  isPage(t, wrongType, 415, 'a refused type')
  t.match(wrongType.body, `<option value="${mine}" selected="">`, 'the request chosen is kept')

  const sent = await post(admin, pageOf(asker.id), { filename: 'liasse.pdf', content: PDF, requestId: String(mine) })
  t.equal(sent.statusCode, 303)
  const answered = (await injectAs(app, admin, `/api/requests?userId=${asker.id}`)).json() as Array<{ id: number; status: string; documents: Array<{ name: string }> }>
  t.match(answered.find((r) => r.id === mine), { status: 'fulfilled', documents: [{ name: 'liasse.pdf' }] }, 'the request is received and lists the document')
})

t.test('a body declared too large is refused before it is read: the page at 413, the connection closed', async (t) => {
  const other = await seedAccount(app, { accepted: true })
  const res = await post(admin, pageOf(other.id), { filename: 'enorme.pdf', content: Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]), name: 'Énorme' })
  isPage(t, res, 413, 'too large')
  t.equal(res.headers.connection, 'close')
  t.match(errorUnder(res.body, 'file') ?? '', 'Fichier trop volumineux')
  t.same(await sentTo(other.id), [])
})

t.test('refusals before the body: a visitor logs in and comes back; not an administrator, the 403 page; no client, its error page; another site', async (t) => {
  const files = storedFiles()
  const url = pageOf(client.id)
  const before = await sentTo(client.id)
  const file = { filename: 'bilan.pdf', content: PDF, name: 'Refusé' }

  const visitor = await post(null, url, file)
  t.equal(visitor.statusCode, 303, 'a visitor')
  t.equal(visitor.headers.location, '/login')
  const login = await injectAs(app, null, { method: 'POST', url: '/login', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(visitor, /^return-to$/)! }, payload: new URLSearchParams({ email: admin.email, password: admin.password }).toString() })
  t.equal(login.headers.location, url, 'logged in, back to the send page (the post is not replayed)')
  t.equal((await injectAs(app, null, url)).headers.location, '/login', 'the page, like every admin page, sends a visitor to /login')

  for (const who of [client, await seedAccount(app, { accepted: true }), await seedAccount(app)]) {
    const res = await post(who, url, file)
    isPage(t, res, 403, 'not an administrator')
    t.match(res.body, 'Accès réservé au cabinet.')
  }
  const waiting = await seedAccount(app)
  const notYet = await post(admin, pageOf(waiting.id), file)
  isPage(t, notYet, 409, 'a client not accepted yet: the API’s 409')
  t.match(notYet.body, 'Ce client n’est pas encore accepté')
  isPage(t, await post(admin, pageOf(admin.id), file), 409, 'an administrator receives nothing')
  for (const id of ['999999', 'abc', '0']) {
    isPage(t, await post(admin, pageOf(id), file), 404, `no client ${id}`)
    isPage(t, await injectAs(app, admin, pageOf(id)), 404, `and no page ${id}`)
  }
  isPage(t, await injectAs(app, admin, pageOf(waiting.id)), 409, 'nor a page for an account not accepted')
  const crossSite = await post(admin, url, file, CROSS_SITE)
  t.equal(crossSite.statusCode, 403, 'another site')
  t.same(await sentTo(client.id), before, 'nothing sent')
  t.same(await sentTo(waiting.id), [])
  t.equal(storedFiles(), files, 'no file stored')
})

/** The form's body in two pieces, `meanwhile` run once the route has started reading it: what changes while a file uploads. */
function arrivingSlowly(payload: Buffer, meanwhile: () => Promise<unknown>): Readable {
  let reads = 0
  return new Readable({
    read() {
      reads += 1
      if (reads === 1) this.push(payload.subarray(0, payload.length >> 1))
      else if (reads === 2) meanwhile().then(() => (this.push(payload.subarray(payload.length >> 1)), this.push(null)), (error: Error) => this.destroy(error))
    },
  })
}

t.test('the client deleted or no longer accepted while the file arrives: the error page in French, never JSON; nothing stored', async (t) => {
  const files = storedFiles()
  const cases = [
    [404, 'Client introuvable.', (id: number) => injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${id}` })],
    [409, 'Ce client n’est pas encore accepté', (id: number) => db.updateTable('users').set({ is_accepted: 0 }).where('id', '=', id).execute()],
  ] as const
  for (const [status, message, meanwhile] of cases) {
    const gone = await seedAccount(app, { accepted: true })
    const body = multipart([{ name: 'file', filename: 'bilan.pdf', content: PDF, type: 'application/pdf' }, { name: 'name', value: 'Bilan' }, { name: 'description', value: '' }])
    const res = await injectAs(app, admin, {
      method: 'POST',
      url: pageOf(gone.id),
      payload: arrivingSlowly(body.payload, () => meanwhile(gone.id)),
      headers: { ...body.headers, 'content-length': String(body.payload.length) },
    })
    isPage(t, res, status, `${message}: the page of the status`)
    t.match(res.body, message, 'saying why')
    t.notMatch(res.body, /"code":/, 'no JSON')
    t.same(await sentTo(gone.id), [], 'no document')
  }
  t.equal(storedFiles(), files, 'no file left behind')
})
