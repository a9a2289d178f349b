// Issue 29, contract §9: a staff member sees and acts on the documents of the clients assigned to
// them only (another client's is a 404, absent from lists and counts), and not on what only an
// administrator does (deleting, types: 403); a company's people share its space, and every upload
// keeps who did it.
import t from 'tap'
import { nowDb } from '../../src/db/values.js'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage } from '../helpers/admin-forms.js'
import { submit } from '../helpers/forms.js'
import { islandProps } from '../helpers/html.js'
import { addType, multipart, PDF, upload, uploadPdf } from './fixtures.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
await addType(app, admin, 'Relevé')

async function assign(staff: SeededAccount, client: SeededAccount): Promise<void> {
  await db.insertInto('client_staff').values({ client_id: client.id, staff_id: staff.id, created_at: nowDb() }).execute()
}

/** A firm of an administrator and a staff member serving `mine` (with a member), not `theirs`. */
async function firm() {
  const staff = await seedAccount(app, { role: 'staff', username: 'Nadia Collab' })
  const mine = await seedAccount(app, { accepted: true, username: 'Atlas Import' })
  const member = await seedAccount(app, { companyId: mine.id, username: 'Karim Membre' })
  const theirs = await seedAccount(app, { accepted: true, username: 'Sahel Export' })
  await assign(staff, mine)
  return { staff, mine, member, theirs }
}

const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((d) => d.id)
const stateOf = async (id: number) => {
  const row = await db.selectFrom('documents').select(['is_viewed', 'is_archived']).where('id', '=', id).executeTakeFirst()
  return row ? (Number(row.is_archived) ? 'archived' : Number(row.is_viewed) ? 'viewed' : 'new') : 'gone'
}
const storedUrl = async (id: number) => (await db.selectFrom('documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key.replace('documents/', '/uploads/')

t.test('the lists, their search, dates, pages and totals: the staff member’s clients only', async (t) => {
  const { staff, mine, theirs } = await firm()
  const a1 = await uploadPdf(app, mine, 'Bilan', { filename: 'scope-liste-a1.pdf' })
  const a2 = await uploadPdf(app, mine, 'Relevé', { filename: 'scope-liste-a2.pdf' })
  const b1 = await uploadPdf(app, theirs, 'Bilan', { filename: 'scope-liste-b1.pdf' })
  const q = 'q=scope-liste'

  const staffNew = await injectAs(app, staff, `/api/documents/new-documents?${q}`)
  t.equal(staffNew.statusCode, 200)
  t.same(ids(staffNew), [a2, a1], 'their client’s, newest first')
  t.equal(staffNew.headers['x-total-count'], '2')
  const adminNew = await injectAs(app, admin, `/api/documents/new-documents?${q}`)
  t.same(ids(adminNew), [b1, a2, a1], 'the administrator sees every client’s')
  t.equal(adminNew.headers['x-total-count'], '3')

  t.same(ids(await injectAs(app, staff, '/api/documents/new-documents?q=scope-liste-b1')), [], 'another client’s is not found by its name')
  t.same(ids(await injectAs(app, staff, '/api/documents/new-documents?q=Sahel')), [], 'nor by its sender')
  t.same(ids(await injectAs(app, staff, '/api/documents/new-documents?q=Atlas')), [a2, a1], 'their client by name')
  t.same(ids(await injectAs(app, staff, '/api/documents/new-documents?q=Rel')), [a2], 'by type (a 3-letter search)')
  const page2 = await injectAs(app, staff, `/api/documents/new-documents?${q}&pageSize=1&page=2`)
  t.same([ids(page2), page2.headers['x-total-count']], [[a1], '2'], 'pages and the total of the narrowed list')
  t.same(ids(await injectAs(app, staff, `/api/documents/new-documents?${q}&from=2000-01-01&to=2000-01-02`)), [], 'dates')
  t.equal((await injectAs(app, staff, `/api/documents/new-documents?from=2000-01-01`)).headers['x-total-count'], '2', 'a date without q: counted over their clients')

  await injectAs(app, staff, `/api/documents/view-document/${a1}`)
  await injectAs(app, admin, `/api/documents/view-document/${b1}`)
  t.same(ids(await injectAs(app, staff, `/api/documents/old-documents?${q}`)), [a1])
  await injectAs(app, staff, { method: 'POST', url: `/api/documents/archive/${a1}` })
  await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${b1}` })
  const archived = await injectAs(app, staff, '/api/documents/arch-documents')
  t.same([ids(archived), archived.headers['x-total-count']], [[a1], '1'], 'the archive, without a search: the total counted over their clients')
})

t.test('the dashboard’s counts: a staff member’s are COUNTs over their clients, the administrator keeps the whole firm’s', async (t) => {
  const { staff, mine, theirs } = await firm()
  const before = await app.services.documents.count()
  const a1 = await uploadPdf(app, mine, 'Bilan')
  await uploadPdf(app, mine, 'Bilan')
  const b1 = await uploadPdf(app, theirs, 'Bilan')
  await injectAs(app, staff, `/api/documents/view-document/${a1}`)
  await injectAs(app, admin, `/api/documents/view-document/${b1}`)
  t.same(await app.services.documents.count({ kind: 'staff', staffId: staff.id }), { unviewed: 1, viewed: 1 })
  t.same(await app.services.documents.count(), { unviewed: before.unviewed + 1, viewed: before.viewed + 2 })
  const lonely = await seedAccount(app, { role: 'staff' })
  t.same(await app.services.documents.count({ kind: 'staff', staffId: lonely.id }), { unviewed: 0, viewed: 0 }, 'no client: nothing')
  t.same(ids(await injectAs(app, lonely, '/api/documents/new-documents')), [])
})

t.test('each route about one document: 200 for an assigned client’s, 404 for another’s; deleting and types are 403', async (t) => {
  const { staff, mine, theirs } = await firm()
  const a = await uploadPdf(app, mine, 'Bilan')
  const b = await uploadPdf(app, theirs, 'Bilan')
  const as = (id: number, method: 'GET' | 'POST' | 'DELETE', url: string) => injectAs(app, staff, { method, url: url.replace(':id', String(id)) })

  t.equal((await as(b, 'GET', '/api/documents/download/:id')).statusCode, 404, 'download: another client’s')
  t.equal((await injectAs(app, staff, await storedUrl(b))).statusCode, 404, 'the stored file: another client’s')
  t.equal(await stateOf(b), 'new', 'and it stays new')
  t.equal((await as(b, 'GET', '/api/documents/view-document/:id')).statusCode, 404, 'mark viewed: another client’s')
  t.equal(await stateOf(b), 'new')

  t.equal((await as(a, 'GET', '/api/documents/download/:id')).statusCode, 200, 'download: their client’s')
  t.equal((await injectAs(app, staff, await storedUrl(a))).statusCode, 200, 'the stored file')
  t.equal(await stateOf(a), 'viewed', 'opened by the firm: viewed (spec §4)')
  const viewed = await as(a, 'GET', '/api/documents/view-document/:id')
  t.equal(viewed.statusCode, 200)

  await injectAs(app, admin, `/api/documents/view-document/${b}`)
  t.equal((await as(b, 'POST', '/api/documents/archive/:id')).statusCode, 404, 'archive: another client’s')
  t.equal(await stateOf(b), 'viewed')
  t.equal((await as(a, 'POST', '/api/documents/archive/:id')).statusCode, 200, 'archive: their client’s')
  await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${b}` })
  t.equal((await as(b, 'POST', '/api/documents/restore/:id')).statusCode, 404, 'restore: another client’s')
  t.equal((await as(a, 'POST', '/api/documents/restore/:id')).statusCode, 200, 'restore: their client’s')

  t.equal((await as(a, 'DELETE', '/api/documents/delete/:id')).statusCode, 403, 'deleting is an administrator’s, even their client’s')
  t.equal((await as(b, 'DELETE', '/api/documents/delete/:id')).statusCode, 403)
  t.equal(await stateOf(a), 'viewed', 'nothing deleted')
  t.equal((await injectAs(app, staff, { method: 'POST', url: '/api/documents/types', payload: { typeName: 'Par le collaborateur' } })).statusCode, 403, 'types: 403')
  const [type] = await db.selectFrom('document_types').select('id').where('type_name', '=', 'Relevé').execute()
  t.equal((await injectAs(app, staff, { method: 'PATCH', url: `/api/documents/types/${type!.id}`, payload: { typeName: 'Relevés' } })).statusCode, 403)
  t.equal((await injectAs(app, staff, { method: 'DELETE', url: `/api/documents/types/${type!.id}` })).statusCode, 403)
  t.equal((await injectAs(app, staff, '/api/documents/types')).statusCode, 200, 'listing types is anyone’s')
})

t.test('the firm sends to an assigned client only; the mail goes to each active person of the company', async (t) => {
  const { staff, mine, member, theirs } = await firm()
  const send = (who: SeededAccount, userId: number) =>
    injectAs(app, who, { method: 'POST', url: `/api/documents/send/${userId}`, ...multipart([{ name: 'file', filename: 'attestation.pdf', content: PDF, type: 'application/pdf' }, { name: 'name', value: 'Attestation' }]) })
  const refused = await send(staff, theirs.id)
  t.equal(refused.statusCode, 404, 'another client: 404')
  t.equal((await send(staff, member.id)).statusCode, 404, 'a member’s own id is no company')
  const outboxBefore = Number((await db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
  const sent = await send(staff, mine.id)
  t.equal(sent.statusCode, 201, 'their client')
  const recipients = (await db.selectFrom('outbox').select('recipient').where('id', '>', outboxBefore).orderBy('id').execute()).map((r) => r.recipient)
  t.same(recipients.sort(), [mine.email, member.email].sort(), 'the owner and the member are mailed')
  await db.updateTable('users').set({ status: 'removed' }).where('id', '=', member.id).execute()
  const after = Number((await db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
  const byAdmin = await send(admin, mine.id)
  t.equal(byAdmin.statusCode, 201)
  t.same((await db.selectFrom('outbox').select('recipient').where('id', '>', after).execute()).map((r) => r.recipient), [mine.email], 'a removed member is not')
  await db.updateTable('users').set({ status: 'active' }).where('id', '=', member.id).execute()

  const firmSent = sent.json().id as number
  t.equal((await injectAs(app, staff, `/api/documents/download/${firmSent}`)).statusCode, 200, 'the firm opens what it sent its client')
  t.same((await app.services.documents.listReceived(theirs.id, { q: '', page: 1, pageSize: 10 }, { kind: 'staff', staffId: staff.id })).total, 0, 'another client’s received list is empty to them')
  t.same((await app.services.documents.listReceived(mine.id, { q: '', page: 1, pageSize: 10 }, { kind: 'staff', staffId: staff.id })).items.map((d) => d.id), [byAdmin.json().id, firmSent], 'their client’s')
})

t.test('the pages and their forms without JavaScript', async (t) => {
  const { staff, mine, theirs } = await firm()
  const a = await uploadPdf(app, mine, 'Bilan', { filename: 'scope-page-a.pdf' })
  const b = await uploadPdf(app, theirs, 'Bilan', { filename: 'scope-page-b.pdf' })
  const news = await injectAs(app, staff, '/admin-dashboard/new-documents?q=scope-page')
  t.equal(news.statusCode, 200, 'the list page is the firm’s')
  t.same((islandProps(news.body, 'AdminList').items as Array<{ id: number }>).map((d) => d.id), [a], 'their client’s only')
  t.equal((await injectAs(app, staff, '/admin-dashboard/documents/types')).headers.location, '/', 'the types’ page is an administrator’s: home')

  t.equal((await submit(app, `/admin-dashboard/new-documents/${b}/view`, {}, staff.cookie)).statusCode, 404, '« Voir » of another client’s: 404')
  t.equal(await stateOf(b), 'new')
  const view = await submit(app, `/admin-dashboard/new-documents/${a}/view`, {}, staff.cookie)
  t.equal(view.statusCode, 303, '« Voir » of their client’s')
  t.equal(await stateOf(a), 'viewed')
  await injectAs(app, admin, `/api/documents/view-document/${b}`)

  isPage(t, await injectAs(app, staff, `/admin-dashboard/documents/${b}/archive`), 404, 'the confirmation page of another client’s')
  t.equal((await injectAs(app, staff, `/admin-dashboard/documents/${a}/archive`)).statusCode, 200, 'of their client’s')
  const olds = await injectAs(app, staff, '/admin-dashboard/documents?q=scope-page')
  t.equal(islandProps(olds.body, 'AdminList').kind, 'staff-documents', 'their list offers no « Supprimer »')
  t.notMatch(olds.body, /Supprimer/)
  t.equal((await injectAs(app, admin, '/admin-dashboard/documents?q=scope-page')).body.includes('Supprimer'), true, 'the administrator’s does')
  isPage(t, await submit(app, `/admin-dashboard/documents/${b}/archive`, {}, staff.cookie), 404, 'archiving another client’s without JavaScript')
  t.equal((await submit(app, `/admin-dashboard/documents/${a}/archive`, {}, staff.cookie)).statusCode, 303)
  t.equal(await stateOf(a), 'archived')
  isPage(t, await submit(app, `/admin-dashboard/arch-documents/${a}/delete`, {}, staff.cookie), 403, 'deleting without JavaScript: 403')
  t.equal(await stateOf(a), 'archived')
})

t.test('a company’s member uploads into the company’s space; the owner and the staff member see who did', async (t) => {
  const { staff, mine, member, theirs } = await firm()
  t.equal((await upload(app, member, { type: 'Bilan', userId: member.id, content: PDF })).statusCode, 403, 'the member’s own id is refused, as another user’s')
  t.equal((await upload(app, member, { type: 'Bilan', userId: theirs.id, content: PDF })).statusCode, 403)
  const outboxBefore = Number((await db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0)
  const res = await upload(app, member, { type: 'Bilan', userId: mine.id, content: PDF, filename: 'par-le-membre.pdf' })
  t.equal(res.statusCode, 201, 'the company’s id')
  t.same((await db.selectFrom('outbox').select('subject').where('id', '>', outboxBefore).execute()).map((r) => r.subject), [`Nouveau document — ${mine.username}`], 'the firm’s mail names the company')
  const id = res.json().id as number
  const row = await db.selectFrom('documents').select(['user_id', 'uploaded_by']).where('id', '=', id).executeTakeFirstOrThrow()
  t.same([Number(row.user_id), Number(row.uploaded_by)], [mine.id, member.id], 'in the company’s space, uploaded by the member')
  const own = await uploadPdf(app, mine, 'Bilan', { filename: 'par-le-titulaire.pdf' })
  t.equal(Number((await db.selectFrom('documents').select('uploaded_by').where('id', '=', own).executeTakeFirstOrThrow()).uploaded_by), mine.id, 'the owner’s own upload')

  for (const who of [staff, admin]) {
    const list = (await injectAs(app, who, '/api/documents/new-documents?q=par-le-')).json() as Array<{ id: number; user: { id: number }; uploadedBy: unknown }>
    t.same(list.map((d) => [d.id, d.user.id, d.uploadedBy]), [
      [own, mine.id, { id: mine.id, username: mine.username }],
      [id, mine.id, { id: member.id, username: member.username }],
    ], 'the firm’s list names who uploaded')
  }
  const page = await injectAs(app, staff, '/admin-dashboard/new-documents?q=par-le-membre')
  t.match(page.body, `déposé par ${member.username}`, 'the page says it')

  const ownerFiles = await injectAs(app, mine, '/files')
  const memberFiles = await injectAs(app, member, '/files')
  for (const [who, files] of [['the owner', ownerFiles], ['the member', memberFiles]] as const) {
    t.equal(files.statusCode, 200, `${who}: the space page`)
    const owned = islandProps(files.body, 'OwnedDocuments') as { rows: Array<{ id: number; uploadedBy: unknown }>; companyId: number }
    t.same(owned.rows.map((d) => d.id).slice(0, 2), [own, id], `${who}: the company’s documents`)
    t.same(owned.rows[1]!.uploadedBy, { id: member.id, username: member.username })
    t.equal(owned.companyId, mine.id)
    t.equal((islandProps(files.body, 'UploadForm') as { userId: number }).userId, mine.id, `${who}: the form uploads with the company’s id`)
  }
  t.match(ownerFiles.body, `déposé par ${member.username}`)

  t.equal((await injectAs(app, member, `/api/documents/download/${own}`)).statusCode, 200, 'the member opens the owner’s upload')
  t.equal((await injectAs(app, mine, await storedUrl(id))).statusCode, 200, 'the owner the member’s')
  const outsider = await seedAccount(app, { companyId: theirs.id })
  t.equal((await injectAs(app, outsider, `/api/documents/download/${id}`)).statusCode, 403, 'another company’s member cannot')
  t.equal((await injectAs(app, outsider, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` })).statusCode, 403)
  t.equal((await injectAs(app, member, { method: 'DELETE', url: `/api/documents/delete/owner/${own}` })).statusCode, 200, 'the member deletes a company document not yet viewed')
  t.equal(await stateOf(own), 'gone')
  await injectAs(app, staff, `/api/documents/view-document/${id}`)
  t.equal((await injectAs(app, mine, { method: 'DELETE', url: `/api/documents/delete/owner/${id}` })).statusCode, 403, 'viewed: no longer')

  const sent = await injectAs(app, staff, { method: 'POST', url: `/api/documents/send/${mine.id}`, ...multipart([{ name: 'file', filename: 'retour.pdf', content: PDF, type: 'application/pdf' }]) })
  const received = (await injectAs(app, member, '/api/documents/received')).json() as Array<{ id: number; uploadedBy: unknown }>
  t.same(received.map((d) => [d.id, d.uploadedBy]), [[sent.json().id, null]], 'the member sees what the firm sent the company; no uploader')
  t.equal((await injectAs(app, member, `/api/documents/download/${sent.json().id}`)).statusCode, 200)
  t.not((await db.selectFrom('documents').select('downloaded_at').where('id', '=', sent.json().id).executeTakeFirstOrThrow()).downloaded_at, null, 'the member’s download marks it downloaded')
})
