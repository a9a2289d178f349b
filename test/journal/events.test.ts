// Contract §6: documents', types', clients' and messages' events each write one journal row in their own transaction.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType, multipart, PDF, uploadPdf } from '../documents/fixtures.js'
import { from, IP, UA, written } from './helpers.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true, username: 'Nadia Admin' })
await addType(app, admin, 'Bilan')

/** A request as `who`, from the test's IP and browser. */
const as = (who: SeededAccount, method: string, url: string, payload?: object) => injectAs(app, who, { method: method as 'GET', url, ...(payload ? { payload } : {}), ...from })

t.test('a document: uploaded, viewed, downloaded, opened, archived, deleted — one row each, the owner kept', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Atlas' })
  const [uploaded] = await written(db, async () => t.equal((await injectAs(app, client, { ...uploadRequest(client), remoteAddress: IP })).statusCode, 201))
  t.match(uploaded, { action: 'document.uploaded', actor_id: client.id, actor_label: 'Sarl Atlas', subject_type: 'document', subject_label: 'releve-mars.pdf', owner_id: client.id, ip: IP, user_agent: UA })
  const id = uploaded!.subject_id!

  t.same(await written(db, () => as(admin, 'GET', '/api/documents/new-documents')), [], 'a list read records nothing')
  t.match(await written(db, () => as(admin, 'GET', `/api/documents/view-document/${id}`)), [{ action: 'document.viewed', actor_id: admin.id, subject_id: id, owner_id: client.id, ip: IP }])
  t.match(await written(db, () => as(admin, 'GET', `/api/documents/download/${id}`)), [{ action: 'document.downloaded', actor_id: admin.id, subject_id: id, owner_id: client.id }])
  t.match(await written(db, () => as(client, 'GET', `/api/documents/download/${id}`)), [{ action: 'document.downloaded', actor_id: client.id, subject_id: id }], 'the owner too')
  const url = (await as(admin, 'GET', `/api/documents/view-document/${id}`)).json().path as string
  // Issue 34: « Voir » and the file it opens are one opening, one entry; the owner's opening is theirs.
  t.same(await written(db, () => as(admin, 'GET', url)), [], 'the stored file « Voir » opened: the same opening')
  t.match(await written(db, () => as(client, 'GET', url)), [{ action: 'document.viewed', actor_id: client.id, subject_id: id }], 'the stored file opened')
  const stranger = await seedAccount(app, { accepted: true })
  t.same(await written(db, async () => t.equal((await as(stranger, 'GET', `/api/documents/download/${id}`)).statusCode, 403)), [], 'a refused download: none')

  t.match(await written(db, () => as(admin, 'POST', `/api/documents/archive/${id}`)), [{ action: 'document.archived', actor_id: admin.id, subject_id: id }])
  t.same(await written(db, () => as(admin, 'POST', `/api/documents/archive/${id}`)), [], 'archived twice: nothing changes, nothing recorded')
  t.match(await written(db, () => as(admin, 'DELETE', `/api/documents/delete/${id}`)), [{ action: 'document.deleted', actor_id: admin.id, subject_id: id, subject_label: 'releve-mars.pdf' }])
  t.same(await written(db, () => as(admin, 'DELETE', `/api/documents/delete/${id}`)), [], 'a missing document: none')
})

t.test('the owner deletes an unviewed document (one row); a viewed one is refused (none)', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const first = await uploadPdf(app, client, 'Bilan')
  t.match(await written(db, () => as(client, 'DELETE', `/api/documents/delete/owner/${first}`)), [{ action: 'document.deleted', actor_id: client.id, subject_id: first, owner_id: client.id }])
  const second = await uploadPdf(app, client, 'Bilan')
  await as(admin, 'GET', `/api/documents/view-document/${second}`)
  t.same(await written(db, async () => t.equal((await as(client, 'DELETE', `/api/documents/delete/owner/${second}`)).statusCode, 403)), [])
})

t.test('types: created and deleted, one row each; a duplicate none', async (t) => {
  const [created] = await written(db, () => as(admin, 'POST', '/api/documents/types', { typeName: 'Déclaration G50' }))
  t.match(created, { action: 'type.created', actor_id: admin.id, subject_type: 'type', subject_label: 'Déclaration G50', owner_id: null })
  t.same(await written(db, async () => t.equal((await as(admin, 'POST', '/api/documents/types', { typeName: 'declaration g50' })).statusCode, 409)), [])
  t.match(await written(db, () => as(admin, 'DELETE', `/api/documents/types/${created!.subject_id}`)), [{ action: 'type.deleted', subject_id: created!.subject_id, subject_label: 'Déclaration G50' }])
  t.same(await written(db, () => as(admin, 'DELETE', `/api/documents/types/${created!.subject_id}`)), [], 'gone: none')
})

t.test('a client accepted (one row, once) and a message deleted (one row)', async (t) => {
  const client = await seedAccount(app, { accepted: false, username: 'Eurl Hoggar' })
  t.match(await written(db, () => as(admin, 'POST', `/api/users/accept/${client.id}`)), [{ action: 'user.accepted', actor_id: admin.id, subject_type: 'user', subject_id: client.id, subject_label: 'Eurl Hoggar', owner_id: client.id, ip: IP }])
  t.same(await written(db, () => as(admin, 'POST', `/api/users/accept/${client.id}`)), [], 'already accepted: 409, none')

  await app.inject({ method: 'POST', url: '/api/users/contact', payload: { name: 'Visiteur', email: 'visiteur@example.dz', telephone: '0551234567', message: 'Bonjour' } })
  const message = (await as(admin, 'GET', '/api/users/contact')).json()[0]
  t.match(await written(db, () => as(admin, 'DELETE', `/api/users/contact/${message.id}`)), [{ action: 'message.deleted', actor_id: admin.id, subject_type: 'message', subject_id: message.id }])
  t.same(await written(db, () => as(admin, 'DELETE', `/api/users/contact/${message.id}`)), [], 'a missing message: none')
})

t.test('deleting a user keeps their rows: labels stay, the deletion is one more row', async (t) => {
  const client = await seedAccount(app, { accepted: true, username: 'Sarl Djurdjura' })
  const id = await uploadPdf(app, client, 'Bilan')
  await as(admin, 'GET', `/api/documents/download/${id}`)
  t.match(await written(db, () => as(client, 'DELETE', `/api/users/profile/${client.id}`)), [{ action: 'user.deleted', actor_id: client.id, subject_id: client.id, subject_label: 'Sarl Djurdjura' }])
  const res = await injectAs(app, admin, `/api/journal?q=djurdjura`)
  t.same(
    (res.json() as Array<{ action: string }>).map((e) => e.action),
    ['user.deleted', 'document.uploaded'],
    'the rows outlive the account, found by its name',
  )
  const downloads = (await injectAs(app, admin, `/api/journal?action=document.downloaded&actorId=${admin.id}`)).json() as Array<{ subject: { id: number } }>
  t.ok(downloads.some((e) => e.subject.id === id), 'and what others did with its documents')
})

t.test('an event and its row are one transaction: when the journal fails, the event does not happen', async (t) => {
  const client = await seedAccount(app, { accepted: false })
  const viewed = await uploadPdf(app, await seedAccount(app, { accepted: true }), 'Bilan')
  await as(admin, 'GET', `/api/documents/view-document/${viewed}`)
  const journal = app.services.journal
  const record = journal.record
  journal.record = async () => {
    throw new Error('journal down')
  }
  try {
    t.equal((await as(admin, 'POST', `/api/users/accept/${client.id}`)).statusCode, 500)
    t.equal((await as(admin, 'POST', `/api/documents/archive/${viewed}`)).statusCode, 500)
    t.equal((await as(admin, 'POST', '/api/documents/types', { typeName: 'Jamais' })).statusCode, 500)
  } finally {
    journal.record = record
  }
  t.equal((await injectAs(app, admin, `/api/users/profile/${client.id}`)).json().isAccepted, false, 'not accepted')
  t.equal((await injectAs(app, admin, '/api/documents/arch-documents')).json().length, 0, 'not archived')
  t.notOk((await injectAs(app, admin, '/api/documents/types?pageSize=200')).json().some((type: { typeName: string }) => type.typeName === 'Jamais'), 'no type')
})

/** The upload of `releve-mars.pdf` with the test's browser. */
function uploadRequest(client: SeededAccount) {
  const body = multipart([{ name: 'file', filename: 'releve-mars.pdf', content: PDF, type: 'application/pdf' }, { name: 'type', value: 'Bilan' }, { name: 'userId', value: String(client.id) }])
  return { method: 'POST' as const, url: '/api/documents/upload', payload: body.payload, headers: { ...body.headers, 'user-agent': UA } }
}
