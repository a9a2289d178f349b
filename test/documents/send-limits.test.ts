// Issue 34: the firm's sends have the limits every other write has. A member of the firm sends as many
// documents a quarter of an hour as a client uploads (RATE_LIMIT_UPLOAD_USER), by the API and the send
// form together; past it, 429 and nothing stored. And what it sends takes the client's space, as uploads do.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { addType, filesIn, multipart, PDF, upload as uploadOf } from './fixtures.js'

const { app, db, config } = await buildTestApp(t, { RATE_LIMIT_UPLOAD_USER: '2' })
const admin = await seedAccount(app, { admin: true })
const colleague = await seedAccount(app, { admin: true })
const client = await seedAccount(app, { accepted: true, username: 'Atlas Envois' })
const parts = (name: string) => [
  { name: 'file', filename: 'attestation.pdf', content: PDF, type: 'application/pdf' },
  { name: 'name', value: name },
  { name: 'description', value: 'Du cabinet' },
]
const byApi = (account: SeededAccount, name: string) => injectAs(app, account, { method: 'POST', url: `/api/documents/send/${client.id}`, ...multipart(parts(name)) })
const byForm = (account: SeededAccount, name: string) => {
  const body = multipart(parts(name))
  return injectAs(app, account, { method: 'POST', url: `/admin-dashboard/clients/${client.id}/send`, payload: body.payload, headers: body.headers })
}
const sent = async () => (await db.selectFrom('documents').select('name').where('user_id', '=', client.id).orderBy('id').execute()).map((row) => row.name)

t.test('RATE_LIMIT_UPLOAD_USER sends a quarter of an hour per member of the firm, the API and the form together', async (t) => {
  t.equal((await byApi(admin, 'Premier')).statusCode, 201)
  t.equal((await byForm(admin, 'Deuxième')).statusCode, 303, 'by the form')
  const files = filesIn(config.uploadDir, 'documents').length
  const refused = await byApi(admin, 'Troisième')
  t.equal(refused.statusCode, 429)
  t.equal(refused.json().code, 'rate_limited')
  t.equal((await byForm(admin, 'Quatrième')).statusCode, 429, 'the form counts with the API')
  t.same(await sent(), ['Premier', 'Deuxième'], 'nothing more stored')
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file left behind')
  t.equal((await byApi(colleague, 'D’un collègue')).statusCode, 201, 'another member of the firm is not concerned')
})

t.test('what the firm sends takes the client’s space (CLIENT_QUOTA_MB) as their uploads do', async (t) => {
  const { app, db, config } = await buildTestApp(t, { CLIENT_QUOTA_MB: '1' })
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const client = await seedAccount(app, { accepted: true })
  const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, bytes - PDF.length), 0x20)])
  const firmSends = (bytes: number) =>
    injectAs(app, admin, { method: 'POST', url: `/api/documents/send/${client.id}`, ...multipart([{ name: 'file', filename: 'grand-livre.pdf', content: pdfOf(bytes), type: 'application/pdf' }, { name: 'name', value: 'Grand livre' }]) })
  t.equal((await firmSends(600 * 1024)).statusCode, 201)
  t.same((await injectAs(app, client, `/api/users/profile/${client.id}`)).json().storage, { usedBytes: 600 * 1024, quotaBytes: 1024 * 1024 }, 'counted in the client’s space')
  const upload = await uploadOf(app, client, { type: 'Bilan', userId: client.id, filename: 'bilan.pdf', content: pdfOf(600 * 1024) })
  t.equal(upload.statusCode, 413, 'the client’s upload no longer fits')
  const files = filesIn(config.uploadDir, 'documents').length
  const refused = await firmSends(600 * 1024)
  t.equal(refused.statusCode, 413)
  t.same(refused.json(), { message: 'Espace de stockage du client insuffisant : il lui reste 0,4 Mo sur 1 Mo. Demandez-lui de faire de la place, ou augmentez CLIENT_QUOTA_MB.', code: 'too_large', field: 'file' })
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file left')
  t.equal(Number((await db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', client.id).executeTakeFirstOrThrow()).n), 1, 'no row')
  t.equal((await firmSends(300 * 1024)).statusCode, 201, 'what fits still goes')
})
