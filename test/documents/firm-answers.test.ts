// Issue 16: the firm sends a document "optionally answering a request". POST /api/documents/send/:userId
// with `requestId`: only an open request of that client; it becomes fulfilled and lists the document;
// the client is mailed once (the send's mail, naming the request), the firm not at all; the
// reminders go; anything else is refused with nothing stored. The client's page offers the choice.
import t from 'tap'
import { settled } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { islandProps } from '../helpers/html.js'
import { mailText, startSmtp } from '../helpers/smtp.js'
import { askFor, requestsApp, typeIdOf } from '../requests/helpers.js'
import { addType, filesIn, multipart, PDF, type Part } from './fixtures.js'

const smtp = await startSmtp(t)
const { app, db, config } = await requestsApp(t, { start: '2026-03-02T09:00:00Z', env: { SMTP_URL: smtp.url } })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const bilan = await typeIdOf(db, 'Bilan')

/** POST /api/documents/send/:userId as `account` with `requestId`, the file first or last. */
function send(account: SeededAccount | null, userId: number, requestId: number | string | undefined, options: { fileLast?: boolean; name?: string } = {}) {
  const fields: Part[] = [{ name: 'name', value: options.name ?? 'Bilan 2025 signé' }]
  if (requestId !== undefined) fields.push({ name: 'requestId', value: String(requestId) })
  const file: Part[] = [{ name: 'file', filename: 'bilan-signe.pdf', content: PDF, type: 'application/pdf' }]
  return injectAs(app, account, { method: 'POST', url: `/api/documents/send/${userId}`, ...multipart(options.fileLast ? [...fields, ...file] : [...file, ...fields]) })
}

const ask = (client: SeededAccount, title: string) => askFor(app, admin, { userId: client.id, typeId: bilan, title, dueDate: '2026-03-20' })
const requestOf = async (viewer: SeededAccount, id: number) => ((await injectAs(app, viewer, '/api/requests?pageSize=200')).json() as Array<Record<string, unknown> & { id: number }>).find((r) => r.id === id)
const count = async (table: 'documents' | 'request_reminders' | 'request_documents', column: string, value: number) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column as never, '=', value as never).executeTakeFirstOrThrow()).n)
const mailsWithSubject = async (pattern: string) => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('subject', 'like', pattern).executeTakeFirstOrThrow()).n)

t.test('an open request of that client: fulfilled, it lists the document; one mail to the client, none to the firm; the reminders go', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const id = await ask(client, 'Bilan 2025 à signer')
  t.equal(await count('request_reminders', 'request_id', id), 6, 'six reminders wait')
  await settled(app)
  await smtp.nextMail(client.email) // the request's own mail
  const [sentBefore, fulfilledBefore] = [await mailsWithSubject('Le cabinet vous a envoy%'), await mailsWithSubject('Demande reçue%')]

  const res = await send(admin, client.id, id)
  t.equal(res.statusCode, 201)
  const documentId = res.json().id as number

  for (const viewer of [admin, client]) {
    t.match(await requestOf(viewer, id), { status: 'fulfilled', fulfilledAt: '2026-03-02T09:00:00.000Z', documents: [{ id: documentId, name: 'Bilan 2025 signé' }] }, 'fulfilled, listing the document')
  }
  t.equal(await count('request_reminders', 'request_id', id), 0, 'its reminders are discarded')
  const received = (await injectAs(app, client, '/api/documents/received')).json() as Array<{ id: number }>
  t.same(received.map((d) => d.id), [documentId], 'the client receives it under « Reçus du cabinet »')
  const row = await db.selectFrom('documents').select(['type_id', 'from_firm']).where('id', '=', documentId).executeTakeFirstOrThrow()
  t.same([row.type_id, Number(row.from_firm)], [null, 1], 'a document from the firm, without a type, as any send')

  t.equal(await mailsWithSubject('Le cabinet vous a envoy%'), sentBefore + 1, 'the client is mailed once')
  t.equal(await mailsWithSubject('Demande reçue%'), fulfilledBefore, 'the firm is not mailed: it answered itself')
  await settled(app)
  const mail = await smtp.nextMail(client.email)
  t.match(mail.decoded, /Le cabinet vous a envoy/)
  t.match(mailText(mail.raw), /Il répond à la demande « Bilan 2025 à signer »/, 'the mail names the request it answers')

  const journal = await db.selectFrom('journal').select(['action', 'actor_id']).where('subject_type', '=', 'document').where('subject_id', '=', documentId).execute()
  t.same(journal.map((e) => `${e.action} by ${Number(e.actor_id)}`), [`document.uploaded by ${admin.id}`], 'journaled as the client’s answer is: the upload, by who sent it')

  const again = await send(admin, client.id, id)
  t.same([again.statusCode, again.json().message, again.json().code], [409, 'Cette demande a déjà reçu son document.', 'conflict'], 'a fulfilled request takes no second send')
})

t.test('another client’s, a cancelled, a fulfilled, an unknown or a malformed request: refused, nothing stored', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const others = await ask(other, 'Relevés de l’autre client')
  const cancelled = await ask(client, 'Annulée')
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/requests/${cancelled}/cancel` })).statusCode, 200)
  const fulfilled = await ask(client, 'Déjà reçue')
  t.equal((await send(admin, client.id, fulfilled)).statusCode, 201)
  const [files, rows, answers] = [filesIn(config.uploadDir, 'documents').length, await count('documents', 'user_id', client.id), await count('request_documents', 'request_id', fulfilled)]
  const sentMails = await mailsWithSubject('Le cabinet vous a envoy%')

  const cases: Array<[string, number | string, number, string]> = [
    ['another client’s', others, 400, 'Cette demande a été faite à un autre client : choisissez une demande de ce client.'],
    ['a cancelled one', cancelled, 409, 'Cette demande a été annulée par le cabinet.'],
    ['a fulfilled one', fulfilled, 409, 'Cette demande a déjà reçu son document.'],
    ['an unknown one', 999_999, 404, 'Demande introuvable.'],
    ['a malformed one', 'abc', 404, 'Demande introuvable.'],
    ['a negative one', '-1', 404, 'Demande introuvable.'],
  ]
  for (const [label, requestId, status, message] of cases) {
    for (const fileLast of [false, true]) {
      const res = await send(admin, client.id, requestId, { fileLast })
      t.same([res.statusCode, res.json().message], [status, message], `${label}${fileLast ? ', the file last' : ''}`)
    }
  }
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file')
  t.equal(filesIn(config.uploadDir, '.tmp').length, 0, 'nothing half-written')
  t.equal(await count('documents', 'user_id', client.id), rows, 'no row')
  t.equal(await count('request_documents', 'request_id', fulfilled), answers, 'the fulfilled request lists nothing more')
  t.equal(await mailsWithSubject('Le cabinet vous a envoy%'), sentMails, 'no mail')
  t.match(await requestOf(admin, others), { status: 'open', documents: [] }, 'the other client’s request is still open')
  t.match(await requestOf(admin, cancelled), { status: 'cancelled', documents: [] }, 'the cancelled one is still cancelled')
  t.equal(await count('request_reminders', 'request_id', others), 6, 'and keeps its reminders')
  t.equal((await send(admin, client.id, '')).statusCode, 201, 'a blank requestId is an ordinary send')
})

t.test('the permission matrix is unchanged, and no one but the firm closes a request by sending', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const accounts: Array<[string, SeededAccount | null, number]> = [
    ['visitor', null, 401],
    ['unaccepted', await seedAccount(app), 403],
    ['client', client, 403],
    ['another client', await seedAccount(app, { accepted: true }), 403],
  ]
  const id = await ask(client, 'Fiches de paie')
  for (const [label, account, status] of accounts) {
    const res = await send(account, client.id, id)
    t.equal(res.statusCode, status, label)
    t.type(res.json().message, 'string')
  }
  t.match(await requestOf(admin, id), { status: 'open', documents: [] }, 'still open')
  t.equal((await send(admin, client.id, id)).statusCode, 201, 'administrator')
})

t.test('the client’s page offers the client’s open requests, and only them', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const open = await ask(client, 'Liasse fiscale 2025')
  const cancelled = await ask(client, 'Plus utile')
  await injectAs(app, admin, { method: 'POST', url: `/api/requests/${cancelled}/cancel` })
  const others = await ask(other, 'Demande d’un autre')
  const page = await injectAs(app, admin, `/users/profile/${client.id}`)
  t.equal(page.statusCode, 200)
  const props = islandProps(page.body, 'SendDocumentForm') as { openRequests: Array<{ id: number; title: string }> }
  t.same(props.openRequests.map((r) => [r.id, r.title]), [[open, 'Liasse fiscale 2025']], 'its open request, not the cancelled one nor another client’s')
  t.notOk(page.body.includes('Demande d’un autre'), `nothing of the other client’s request ${others}`)
  t.match(page.body, /En réponse à la demande/, 'the select is rendered on the server')
})
