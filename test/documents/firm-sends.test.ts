// Issue 16, contract §7: the firm sends documents to a client. Stored and checked like an upload,
// private to that client and the firm, never in the firm's lists or counts of what clients sent;
// the client is mailed, and their first download is marked (every open journaled).
import t from 'tap'
import { buildTestApp, settled } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { linkIn, startSmtp } from '../helpers/smtp.js'
import { addType, EXE, filesIn, HTML, multipart, PDF, uploadPdf, type Part } from './fixtures.js'

const smtp = await startSmtp(t)
const { app, db, config } = await buildTestApp(t, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portail.test', MAX_UPLOAD_MB: '1' })
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')

interface SendInput {
  name?: string
  description?: string
  filename?: string
  content?: Buffer
}

/** POST /api/documents/send/:userId as `account`: the file first, then the fields. */
function send(account: SeededAccount | null, userId: number, input: SendInput = {}) {
  const parts: Part[] = []
  if (input.content !== null) parts.push({ name: 'file', filename: input.filename ?? 'bilan-signe.pdf', content: input.content ?? PDF, type: 'application/pdf' })
  if (input.name !== undefined) parts.push({ name: 'name', value: input.name })
  if (input.description !== undefined) parts.push({ name: 'description', value: input.description })
  return injectAs(app, account, { method: 'POST', url: `/api/documents/send/${userId}`, ...multipart(parts) })
}

async function sendOk(client: SeededAccount, input: SendInput = {}): Promise<number> {
  const res = await send(admin, client.id, { name: 'Bilan 2025 signé', description: 'Votre bilan, signé.', ...input })
  if (res.statusCode !== 201) throw new Error(`send: ${res.statusCode} ${res.body}`)
  return res.json().id as number
}

const documentRows = async () => Number((await db.selectFrom('documents').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)
const journalOf = async (id: number) =>
  (await db.selectFrom('journal').select(['action', 'actor_id']).where('subject_type', '=', 'document').where('subject_id', '=', id).orderBy('id').execute()).map((e) => `${e.action} by ${Number(e.actor_id)}`)
const downloadedAt = async (id: number) => (await db.selectFrom('documents').select('downloaded_at').where('id', '=', id).executeTakeFirstOrThrow()).downloaded_at
const storedPath = async (id: number) => (await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key.replace('documents/', '/uploads/')

type Actor = 'visitor' | 'unaccepted' | 'client' | 'other' | 'admin'
const ACTORS: Actor[] = ['visitor', 'unaccepted', 'client', 'other', 'admin']

t.test('the permission matrix of the new routes', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const accounts: Record<Actor, SeededAccount | null> = { visitor: null, unaccepted: await seedAccount(app), client, other: await seedAccount(app, { accepted: true }), admin }
  async function matrix(label: string, expected: Record<Actor, number>, request: (actor: Actor) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>) {
    for (const actor of ACTORS) {
      const res = await request(actor)
      t.equal(res.statusCode, expected[actor], `${label} as ${actor}`)
      if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) t.type(JSON.parse(res.body).message, 'string')
    }
  }
  const as = (actor: Actor, options: Parameters<typeof injectAs>[2]) => injectAs(app, accounts[actor], options)

  await matrix('POST send/:userId', { visitor: 401, unaccepted: 403, client: 403, other: 403, admin: 201 }, (a) => send(accounts[a], client.id, { name: `De ${a}` }))
  const id = await sendOk(client)
  await matrix('GET received', { visitor: 401, unaccepted: 403, client: 200, other: 200, admin: 200 }, (a) => as(a, '/api/documents/received'))
  await matrix('GET download/:id of a firm-sent document', { visitor: 401, unaccepted: 403, client: 200, other: 403, admin: 200 }, (a) => as(a, `/api/documents/download/${id}`))
  const stored = await storedPath(id)
  await matrix('GET its stored file', { visitor: 401, unaccepted: 403, client: 200, other: 403, admin: 200 }, (a) => as(a, stored))
  await matrix('DELETE delete/owner/:id of a firm-sent document', { visitor: 401, unaccepted: 403, client: 403, other: 403, admin: 403 }, (a) => as(a, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` }))
  await matrix('POST archive/:id of a firm-sent document', { visitor: 401, unaccepted: 403, client: 403, other: 403, admin: 409 }, (a) => as(a, { method: 'POST', url: `/api/documents/archive/${id}` }))

  const archived = async () => {
    const doc = await uploadPdf(app, client, 'Bilan')
    await injectAs(app, admin, `/api/documents/view-document/${doc}`)
    await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${doc}` })
    return doc
  }
  await matrix('POST restore/:id', { visitor: 401, unaccepted: 403, client: 403, other: 403, admin: 200 }, async (a) => as(a, { method: 'POST', url: `/api/documents/restore/${await archived()}` }))
  await matrix('DELETE delete/:id of an archived document', { visitor: 401, unaccepted: 403, client: 403, other: 403, admin: 200 }, async (a) => as(a, { method: 'DELETE', url: `/api/documents/delete/${await archived()}` }))
})

t.test('only an accepted client receives; a refused send stores nothing', async (t) => {
  const before = { rows: await documentRows(), files: filesIn(config.uploadDir, 'documents').length }
  const unaccepted = await seedAccount(app)
  const cases: Array<[string, number, number, RegExp]> = [
    ['no such account', 999_999, 404, /introuvable/],
    ['an account not accepted yet', unaccepted.id, 409, /pas encore accepté/],
    ['an administrator', admin.id, 409, /administrateur/],
  ]
  for (const [label, userId, status, message] of cases) {
    const res = await send(admin, userId, { name: 'Refusé' })
    t.equal(res.statusCode, status, label)
    t.match(res.json().message, message, label)
  }
  const client = await seedAccount(app, { accepted: true })
  const checks: Array<[string, SendInput, number, RegExp]> = [
    ['no file', { content: null as unknown as Buffer }, 400, /sélectionner un fichier/],
    ['a refused extension', { filename: 'virus.exe', content: EXE }, 415, /non accepté/],
    ['content that is not what its name says', { filename: 'faux.pdf', content: HTML }, 415, /ne correspond pas/],
    ['too large', { content: Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10)]) }, 413, /trop volumineux/],
    ['a name too long', { name: 'n'.repeat(256) }, 400, /255 caractères/],
    ['a description too long', { description: 'd'.repeat(2001) }, 400, /2000 caractères/],
  ]
  for (const [label, input, status, message] of checks) {
    const res = await send(admin, client.id, input)
    t.equal(res.statusCode, status, label)
    t.match(res.json().message, message, label)
  }
  t.equal(await documentRows(), before.rows, 'no row')
  t.equal(filesIn(config.uploadDir, 'documents').length, before.files, 'no file')
  t.equal(filesIn(config.uploadDir, '.tmp').length, 0, 'nothing half-written')
})

t.test('a firm-sent document: the client is mailed, sees it, and it stays out of the firm’s lists and counts', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  const counts = async () => (await injectAs(app, admin, '/api/users/counts')).json()
  const totals = async () => {
    const all: Record<string, string> = {}
    for (const list of ['new-documents', 'old-documents', 'arch-documents']) all[list] = String((await injectAs(app, admin, `/api/documents/${list}?pageSize=200`)).headers['x-total-count'])
    return all
  }
  const [countsBefore, totalsBefore] = [await counts(), await totals()]
  const quotaBefore = (await injectAs(app, client, `/api/users/profile/${client.id}`)).json()

  const id = await sendOk(client, { filename: 'Bilan été.pdf' })
  t.same(await journalOf(id), [`document.uploaded by ${admin.id}`], 'the send is journaled as the administrator’s')

  await settled(app)
  const mail = await smtp.nextMail(client.email)
  t.match(mail.decoded, /Le cabinet vous a envoy/)
  t.match(mail.decoded, /Bilan 2025 sign/)
  t.equal(linkIn(mail, /^\/files$/).origin, 'http://portail.test', 'a link to the client’s space')
  t.equal(smtp.countFor(other.email), 0, 'no one else is mailed')

  const received = await injectAs(app, client, '/api/documents/received')
  t.equal(received.headers['x-total-count'], '1')
  const [item] = received.json()
  t.same(Object.keys(item).sort(), ['createdAt', 'description', 'downloadedAt', 'file', 'id', 'name', 'uploadedBy'])
  t.match(item, { id, name: 'Bilan 2025 signé', description: 'Votre bilan, signé.', downloadedAt: null, uploadedBy: null, file: { originalName: 'Bilan été.pdf', mime: 'application/pdf', size: PDF.length } })
  t.match(item.file.url, /^\/uploads\/[0-9a-f]{32}\.pdf$/)
  t.same((await injectAs(app, other, '/api/documents/received')).json(), [], 'another client sees nothing of it')
  t.same((await injectAs(app, client, '/api/documents/received?q=zzz')).json(), [], 'q narrows the list')
  t.equal((await injectAs(app, client, '/api/documents/received?q=bilan')).json().length, 1)

  t.same(await counts(), countsBefore, 'the dashboard’s counts do not move')
  t.same(await totals(), totalsBefore, 'nor do the firm’s lists')
  for (const list of ['new-documents', 'old-documents', 'arch-documents']) {
    const ids = (await injectAs(app, admin, `/api/documents/${list}?pageSize=200`)).json().map((d: { id: number }) => d.id)
    t.notOk(ids.includes(id), `not in ${list}`)
  }
  const profile = (await injectAs(app, admin, `/api/users/profile/${client.id}`)).json()
  t.notOk(profile.documents.some((d: { id: number }) => d.id === id), 'not among the documents the client sent')
  t.same(profile.storage, { ...quotaBefore.storage, usedBytes: quotaBefore.storage.usedBytes + PDF.length }, 'it takes the client’s space, as their uploads do (issue 34)')

  // The client's own upload still counts, and only it.
  const own = await uploadPdf(app, client, 'Bilan')
  t.equal((await counts()).documents.unviewed, countsBefore.documents.unviewed + 1)
  await injectAs(app, admin, `/api/documents/view-document/${id}`)
  t.equal((await counts()).documents.unviewed, countsBefore.documents.unviewed + 1, 'the firm opening what it sent counts nothing')
  await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/delete/${own}` })
})

t.test('the client’s first download marks it; every open is journaled; a cross-site one marks nothing', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const id = await sendOk(client)
  const stored = await storedPath(id)

  t.equal((await injectAs(app, admin, `/api/documents/download/${id}`)).statusCode, 200)
  t.equal(await downloadedAt(id), null, 'the firm downloading it marks nothing')
  const cross = await injectAs(app, client, { url: `/api/documents/download/${id}`, headers: { 'sec-fetch-site': 'cross-site' } })
  t.equal(cross.statusCode, 200, 'served')
  t.equal(await downloadedAt(id), null, 'a link followed from another site marks nothing')

  const first = await injectAs(app, client, `/api/documents/download/${id}`)
  t.equal(first.statusCode, 200)
  t.same(first.rawPayload, PDF)
  t.match(first.headers['content-disposition'], /^attachment; /)
  const marked = await downloadedAt(id)
  t.ok(marked, 'the first download is marked')
  t.equal((await injectAs(app, client, '/api/documents/received')).json()[0].downloadedAt !== null, true)
  t.equal((await injectAs(app, client, `/api/documents/download/${id}`)).statusCode, 200)
  t.equal((await injectAs(app, client, stored)).statusCode, 200)
  t.equal(await downloadedAt(id), marked, 'later opens keep the first time')
  t.same(await journalOf(id), [
    `document.uploaded by ${admin.id}`,
    `document.downloaded by ${admin.id}`,
    `document.downloaded by ${client.id}`,
    `document.downloaded by ${client.id}`,
    `document.downloaded by ${client.id}`,
    `document.viewed by ${client.id}`,
  ], 'every open journaled (contract §6), the first download once as the first')

  const activity = (await injectAs(app, client, '/api/users/activity')).json().map((e: { action: string }) => e.action)
  t.ok(activity.includes('document.downloaded'), 'the client sees the opens in their activity')
  t.equal((await injectAs(app, client, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` })).json().message, 'Ce document vous a été envoyé par le cabinet : vous ne pouvez ni le supprimer ni l’archiver.')
})

t.test('archived documents: restored to viewed, or deleted with their file; the kept counts follow', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const counts = async () => (await injectAs(app, admin, '/api/users/counts')).json().documents as { unviewed: number; viewed: number }
  const archivedTotal = async () => Number((await injectAs(app, admin, '/api/documents/arch-documents')).headers['x-total-count'])
  const before = { counts: await counts(), archived: await archivedTotal() }

  const [a, b] = [await uploadPdf(app, client, 'Bilan'), await uploadPdf(app, client, 'Bilan')]
  for (const id of [a, b]) {
    await injectAs(app, admin, `/api/documents/view-document/${id}`)
    t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${id}` })).statusCode, 200)
  }
  t.equal(await archivedTotal(), before.archived + 2)
  t.same(await counts(), before.counts)

  const restored = await injectAs(app, admin, { method: 'POST', url: `/api/documents/restore/${a}` })
  t.equal(restored.statusCode, 200)
  t.equal(restored.json().message, 'Document restauré avec succès.')
  t.equal(await archivedTotal(), before.archived + 1)
  t.same(await counts(), { ...before.counts, viewed: before.counts.viewed + 1 }, 'back among the viewed ones')
  const viewed = (await injectAs(app, admin, '/api/documents/old-documents?pageSize=200')).json()
  t.match(viewed.find((d: { id: number }) => d.id === a), { isViewed: true, isArchived: false })
  const again = await injectAs(app, admin, { method: 'POST', url: `/api/documents/restore/${a}` })
  t.equal(again.statusCode, 409)
  t.equal(again.json().message, 'Seul un document archivé peut être restauré.')
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/documents/restore/999999' })).statusCode, 404)
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/documents/restore/${await sendOk(client)}` })).statusCode, 409, 'nor is what the firm sent')

  const stored = await storedPath(b)
  const files = filesIn(config.uploadDir, 'documents').length
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/delete/${b}` })).statusCode, 200)
  t.equal(await archivedTotal(), before.archived)
  t.equal(filesIn(config.uploadDir, 'documents').length, files - 1, 'its file is gone')
  t.equal((await injectAs(app, admin, stored)).statusCode, 404)
  t.same(await journalOf(a), [`document.uploaded by ${client.id}`, `document.viewed by ${admin.id}`, `document.archived by ${admin.id}`, `document.restored by ${admin.id}`])
  t.same((await journalOf(b)).at(-1), `document.deleted by ${admin.id}`)
  // The kept counts agree with the rows themselves.
  const counted = await db.selectFrom('documents').select(['from_firm', 'is_archived', 'is_viewed', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy(['from_firm', 'is_archived', 'is_viewed']).execute()
  const kept = await db.selectFrom('document_counts').selectAll().execute()
  for (const row of counted) {
    const match = kept.find((k) => Number(k.from_firm) === Number(row.from_firm) && Number(k.is_archived) === Number(row.is_archived) && Number(k.is_viewed) === Number(row.is_viewed))
    t.equal(Number(match?.n), Number(row.n), `kept count ${row.from_firm}/${row.is_archived}/${row.is_viewed}`)
  }
})
