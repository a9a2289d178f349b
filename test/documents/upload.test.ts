import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedAccount } from '../helpers/accounts.js'
import { startSmtp } from '../helpers/smtp.js'
import { addType, DOCX, EXE, filesIn, HTML, JPEG, PDF, PLAIN_ZIP, PNG, upload, XLS, XLSX, zip } from './fixtures.js'

/** The documents rows of these users. */
const countRows = async (db: Awaited<ReturnType<typeof buildTestApp>>['db'], ...userIds: number[]) =>
  Number((await db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', userIds).executeTakeFirstOrThrow()).n)

async function setup(t: Parameters<typeof buildTestApp>[0], env: Record<string, string> = {}) {
  const built = await buildTestApp(t, env)
  const admin = await seedAccount(built.app, { admin: true })
  const client = await seedAccount(built.app, { accepted: true, username: 'SARL Atlas' })
  await addType(built.app, admin, 'Bilan')
  return { ...built, admin, client }
}

// One app for the tests that need no other setting, each with a client of its own; the others build theirs.
const shared = await setup(t)
const withClient = async () => ({ ...shared, client: await seedAccount(shared.app, { accepted: true, username: 'SARL Atlas' }) })

t.test('an accepted user uploads a PDF: stored under a random key, the original name kept, 201', async (t) => {
  const { app, db, config, client } = await withClient()
  const res = await upload(app, client, { type: 'Bilan', userId: client.id, description: '  Bilan 2025 ', filename: 'Bilan été 2025.pdf', content: PDF })
  t.equal(res.statusCode, 201)
  t.same(res.json(), { message: 'Document envoyé avec succès.', id: res.json().id })
  const row = await db.selectFrom('documents').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow()
  t.match(row, { user_id: client.id, name: 'Bilan été 2025.pdf', original_name: 'Bilan été 2025.pdf', description: 'Bilan 2025', mime: 'application/pdf', is_viewed: 0, is_archived: 0 })
  t.equal(Number(row.size), PDF.length)
  t.match(row.storage_key, /^documents\/[0-9a-f]{32}\.pdf$/)
  t.same(readFileSync(join(config.uploadDir, row.storage_key)), PDF, 'the stored bytes are the sent ones')
  t.same(filesIn(config.uploadDir, '.tmp'), [], 'no temporary file left')
})

t.test('every accepted format is taken, by extension and content', async (t) => {
  const { app, db, client } = await withClient()
  const cases: Array<[string, Buffer, string]> = [
    ['scan.png', PNG, 'image/png'],
    ['scan.jpg', JPEG, 'image/jpeg'],
    ['scan.JPEG', JPEG, 'image/jpeg'],
    ['statuts.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['comptes.xlsx', XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['ancien.xls', XLS, 'application/vnd.ms-excel'],
  ]
  for (const [filename, content, mime] of cases) {
    const res = await upload(app, client, { type: 'bilan', userId: client.id, filename, content })
    t.equal(res.statusCode, 201, filename)
    const row = await db.selectFrom('documents').select(['mime']).where('id', '=', res.json().id).executeTakeFirstOrThrow()
    t.equal(row.mime, mime, `${filename} is stored as ${mime}`)
  }
})

t.test('content that does not match its extension is refused with 415 and leaves nothing', async (t) => {
  const { app, db, config, client } = await withClient()
  const files = filesIn(config.uploadDir, 'documents').length
  const cases: Array<[string, Buffer, string]> = [
    ['facture.pdf', HTML, 'HTML named .pdf'],
    ['setup.exe', EXE, 'an .exe'],
    ['rapport.docx', PLAIN_ZIP, 'a plain zip named .docx'],
    ['comptes.xlsx', DOCX, 'a docx named .xlsx'],
    ['rapport.docx', zip(['[Content_Types].xml', 'xl/workbook.xml']), 'a workbook named .docx'],
    ['court.pdf', Buffer.from('%PD'), 'a truncated PDF header'],
    ['vide.pdf', Buffer.alloc(0), 'an empty file'],
    ['image.png', JPEG, 'a JPEG named .png'],
    ['ancien.xls', PDF, 'a PDF named .xls'],
    ['sans-extension', PDF, 'no extension'],
    ['rapport.docx', DOCX.subarray(0, DOCX.length - 10), 'a docx cut before its end'],
  ]
  for (const [filename, content, label] of cases) {
    for (const fileLast of [false, true]) {
      const res = await upload(app, client, { type: 'Bilan', userId: client.id, filename, content, fileLast })
      t.equal(res.statusCode, 415, `${label} (file ${fileLast ? 'last' : 'first'})`)
      t.type(res.json().message, 'string')
    }
  }
  t.equal(await countRows(db, client.id), 0)
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file kept')
  t.same(filesIn(config.uploadDir, '.tmp'), [])
})

t.test('§5 messages in order, fields in any order, missing fields as empty ones', async (t) => {
  const { app, db, config, client } = await withClient()
  const files = filesIn(config.uploadDir, 'documents').length
  const cases: Array<[Parameters<typeof upload>[2], number, string, string]> = [
    [{ userId: client.id, content: PDF }, 400, 'Type de document requis', 'type'],
    [{ type: '   ', userId: client.id, content: PDF, fileLast: true }, 400, 'Type de document requis', 'type'],
    [{ userId: client.id, content: EXE, filename: 'x.exe' }, 400, 'Type de document requis', 'type'],
    [{ type: 'Bilan', userId: client.id }, 400, 'Veuillez sélectionner un fichier', 'file'],
    [{ type: 'Bilan', userId: client.id, description: 'd'.repeat(2001), content: PDF }, 400, 'La description ne doit pas dépasser 2000 caractères.', 'description'],
    [{ type: 'Inconnu', userId: client.id, content: PDF }, 400, 'Type de document inconnu.', 'type'],
  ]
  for (const [input, status, message, field] of cases) {
    const res = await upload(app, client, input)
    t.equal(res.statusCode, status, message)
    t.same(res.json(), { message, code: 'validation', field }, message)
  }
  const bodiless = await app.inject({ method: 'POST', url: '/api/documents/upload', headers: { cookie: client.cookie } })
  t.same([bodiless.statusCode, bodiless.json()], [400, { message: 'Type de document requis', code: 'validation', field: 'type' }], 'no body at all')
  const fileLast = await upload(app, client, { type: 'Bilan', userId: client.id, description: 'après', content: PDF, fileLast: true })
  t.equal(fileLast.statusCode, 201, 'the file may come after the fields')
  t.equal(await countRows(db, client.id), 1)
  t.equal(filesIn(config.uploadDir, 'documents').length, files + 1, 'refused uploads left no file')
})

t.test('userId must be the uploader’s own id (403), and the file is not kept', async (t) => {
  const { app, db, config, client } = await withClient()
  const other = await seedAccount(app, { accepted: true })
  const files = filesIn(config.uploadDir, 'documents').length
  const res = await upload(app, client, { type: 'Bilan', userId: other.id, content: PDF })
  t.equal(res.statusCode, 403)
  t.match(res.json(), { message: /propre compte/ })
  t.equal(await countRows(db, client.id, other.id), 0)
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file kept')
})

t.test('the original name is cleaned for display: no path, no control or direction characters', async (t) => {
  const { app, db, client } = await withClient()
  const res = await upload(app, client, { type: 'Bilan', userId: client.id, filename: 'C:\\\\Users\\\\x\\\\rap\u202Eport\u0007.pdf', content: PDF })
  t.equal(res.statusCode, 201)
  const row = await db.selectFrom('documents').select(['original_name']).where('id', '=', res.json().id).executeTakeFirstOrThrow()
  t.equal(row.original_name, 'rapport.pdf')
})

t.test('above MAX_UPLOAD_MB: 413, nothing stored', async (t) => {
  const { app, db, config, client } = await setup(t, { MAX_UPLOAD_MB: '0.01' })
  const big = Buffer.concat([PDF, Buffer.alloc(20_000, 0x20)])
  const res = await upload(app, client, { type: 'Bilan', userId: client.id, content: big })
  t.equal(res.statusCode, 413)
  t.match(res.json(), { message: /trop volumineux/ })
  t.equal(res.headers.connection, 'close', 'the connection is closed rather than the rest read')
  const justUnder = await upload(app, client, { type: 'Bilan', userId: client.id, content: Buffer.concat([PDF, Buffer.alloc(10_000 - PDF.length, 0x20)]) })
  t.equal(justUnder.statusCode, 201, 'a file just within the limit is taken')
  t.equal(await countRows(db, client.id), 1)
  t.equal(filesIn(config.uploadDir, 'documents').length, 1)
  t.same(filesIn(config.uploadDir, '.tmp'), [])
})

t.test('the firm is told of each upload at FIRM_EMAIL by a real SMTP server', async (t) => {
  const smtp = await startSmtp(t)
  const { app, client } = await setup(t, { SMTP_URL: smtp.url, FIRM_EMAIL: 'cabinet@example.dz', PUBLIC_URL: 'http://portail.test' })
  t.equal((await upload(app, client, { type: 'Bilan', userId: client.id, filename: 'bilan-2025.pdf', description: 'Exercice 2025', content: PDF })).statusCode, 201)
  const mail = await smtp.nextMail('cabinet@example.dz')
  t.match(mail.decoded, /SARL Atlas/, 'the client')
  t.match(mail.decoded, /Type : Bilan/, 'the type')
  t.match(mail.decoded, /bilan-2025\.pdf/, 'the file name')
  t.match(mail.decoded, /http:\/\/portail\.test\/admin-dashboard\/new-documents/, 'the link to New documents')
})

t.test('a mail server that is down does not fail the upload', async (t) => {
  const { app, db, client } = await setup(t, { SMTP_URL: 'smtp://127.0.0.1:9' })
  t.equal((await upload(app, client, { type: 'Bilan', userId: client.id, content: PDF })).statusCode, 201)
  t.equal(await countRows(db, client.id), 1)
})
