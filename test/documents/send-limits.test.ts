// Issue 34: the firm's sends have the limits every other write has. A member of the firm sends as many
// documents a quarter of an hour as a client uploads (RATE_LIMIT_UPLOAD_USER), by the API and the send
// form together; past it, 429 and nothing stored.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp } from '../helpers/app.js'
import { filesIn, multipart, PDF } from './fixtures.js'

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
