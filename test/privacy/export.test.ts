// Contract §12: GET /api/users/export, a ZIP of everything held about the logged-in person, read
// back with yauzl: the JSON (account, requests, messages, journal entries, documents) and every
// file they sent or received under its original name, byte for byte; only their own, for a client
// owner, a member and a staff member alike. Journaled; refused to an access token (§8).
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { nextYear } from '../helpers/due-dates.js'
import { addType, multipart, PDF, PNG, upload } from '../documents/fixtures.js'
import { readZip } from './zip-reader.js'

const { app, db } = await buildTestApp(t, { PUBLIC_URL: 'http://portail.test' })
const admin = await seedAccount(app, { admin: true, role: 'admin' })
const staff = await seedAccount(app, { role: 'staff', username: 'Nadia Staff' })
const owner = await seedAccount(app, { accepted: true, username: 'Amina Owner', entreprise: 'SARL Atlas' })
const member = await seedAccount(app, { companyId: owner.id, username: 'Yacine Member' })
const other = await seedAccount(app, { accepted: true, username: 'Karim Other', entreprise: 'EURL Autre' })
await addType(app, admin, 'Bilan')
const typeId = Number((await db.selectFrom('document_types').select('id').executeTakeFirstOrThrow()).id)
t.equal((await injectAs(app, admin, { method: 'PUT', url: `/api/users/${owner.id}/staff`, payload: { staffIds: [staff.id] } })).statusCode, 200)

/** A PDF whose bytes are its own (the content check reads the first ones). */
const pdfOf = (label: string) => Buffer.concat([PDF, Buffer.from(`% ${label} `), randomBytes(256)])

async function uploadAs(account: SeededAccount, companyId: number, filename: string, content: Buffer, type = 'application/pdf') {
  const res = await upload(app, account, { type: 'Bilan', userId: companyId, description: 'Pièce', content, filename })
  t.equal(res.statusCode, 201, `upload ${filename}: ${res.body}`)
  void type
  return res.json().id as number
}
async function send(from: SeededAccount, to: number, filename: string, content: Buffer) {
  const res = await injectAs(app, from, { method: 'POST', url: `/api/documents/send/${to}`, ...multipart([{ name: 'file', filename, content, type: 'application/pdf' }, { name: 'name', value: filename }]) })
  t.equal(res.statusCode, 201, `send ${filename}: ${res.body}`)
  return res.json().id as number
}

// The owner's two « bilan.pdf » (one name, two files), the member's image, what the firm sent the company, another company's file.
const ownerFirst = pdfOf('owner 1')
const ownerSecond = pdfOf('owner 2')
const memberImage = Buffer.concat([PNG, randomBytes(300)])
const fromAdmin = pdfOf('admin')
const fromStaff = pdfOf('staff')
const othersFile = pdfOf('other')
await uploadAs(owner, owner.id, 'bilan.pdf', ownerFirst)
await uploadAs(owner, owner.id, 'BILAN.pdf', ownerSecond)
await uploadAs(member, owner.id, 'relevé été.png', memberImage)
await send(admin, owner.id, 'contrat.pdf', fromAdmin)
await send(staff, owner.id, 'lettre de mission.pdf', fromStaff)
await uploadAs(other, other.id, 'secret.pdf', othersFile)

t.equal((await injectAs(app, owner, { method: 'PATCH', url: '/api/users/company', payload: { nif: '000216001234567' } })).statusCode, 200, 'the company’s NIF')
// A request of the firm to the company, a thread of both sides, another company's thread.
t.equal((await injectAs(app, staff, { method: 'POST', url: '/api/requests', payload: { userId: owner.id, typeId, title: 'Relevés de décembre', note: 'Merci', dueDate: nextYear('01-15') } })).statusCode, 201)
for (const [who, thread, text] of [[owner, owner.id, 'Bonjour, voici nos pièces.'], [staff, owner.id, 'Bien reçu, merci.'], [member, owner.id, 'Le relevé suit.'], [other, other.id, 'Message d’une autre entreprise']] as const) {
  const res = await injectAs(app, who, { method: 'POST', url: `/api/messages/${thread}`, payload: { text } })
  t.equal(res.statusCode, 201, `message « ${text} »: ${res.body}`)
}

interface Exported {
  account: { id: number; email: string; username: string; role: string; companyId: number | null; companyRole: string | null; sessions: unknown[] }
  companyIdentifiers: unknown
  requests: Array<{ title: string }>
  messages: Array<{ text: string; author: { id: number } | null }>
  journal: Array<{ action: string; actor: { id: number } | null; subject: { type: string; id: number } | null; ip: string | null; ownerId: number | null }>
  documents: Array<{ originalName: string; direction: string; file: string }>
}

async function exportOf(account: SeededAccount) {
  const res = await injectAs(app, account, { method: 'GET', url: '/api/users/export', headers: { 'user-agent': 'Navigateur de test' } })
  t.equal(res.statusCode, 200, `export: ${res.statusCode} ${res.body.slice(0, 200)}`)
  t.equal(res.headers['content-type'], 'application/zip')
  t.match(res.headers['content-disposition'], /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/)
  t.equal(res.headers['cache-control'], 'private, no-store')
  const files = await readZip(res.rawPayload)
  const data = JSON.parse(files.get('mes-donnees.json')!.toString('utf8')) as Exported
  return { files, data }
}

t.test('a client owner gets their account, their company’s requests and thread, and the files they sent or received', async (t) => {
  const { files, data } = await exportOf(owner)
  t.same([...files.keys()].sort(), ['documents/BILAN (2).pdf', 'documents/bilan.pdf', 'documents/contrat.pdf', 'documents/lettre de mission.pdf', 'mes-donnees.json'], 'the member’s upload is the member’s, another company’s is not here; one name made unique')
  t.same(files.get('documents/bilan.pdf'), ownerFirst, 'bytes of the first bilan')
  t.same(files.get('documents/BILAN (2).pdf'), ownerSecond, 'bytes of the second')
  t.same(files.get('documents/contrat.pdf'), fromAdmin, 'bytes of what the administrator sent')
  t.same(files.get('documents/lettre de mission.pdf'), fromStaff, 'bytes of what the staff member sent')
  t.match(data.account, { id: owner.id, email: owner.email, username: 'Amina Owner', role: 'client', companyRole: 'owner' })
  t.ok(data.account.sessions.length >= 1, 'the sessions are listed')
  t.match(data.companyIdentifiers, { nif: '000216001234567' }, 'their company’s identifiers (contract §11)')
  t.same(data.requests.map((r) => r.title), ['Relevés de décembre'])
  t.same(data.messages.map((m) => m.text), ['Bonjour, voici nos pièces.', 'Bien reçu, merci.', 'Le relevé suit.'])
  t.same(data.documents.map((d) => [d.file, d.direction]), [['documents/bilan.pdf', 'sent'], ['documents/BILAN (2).pdf', 'sent'], ['documents/contrat.pdf', 'received'], ['documents/lettre de mission.pdf', 'received']])
  t.ok(data.journal.length > 0 && data.journal.every((e) => e.actor?.id === owner.id || e.ownerId === owner.id || (e.subject?.type === 'user' && e.subject.id === owner.id)), 'entries about them only')
  t.ok(data.journal.some((e) => e.action === 'document.uploaded' && e.actor?.id === owner.id), 'their uploads')
  t.ok(data.journal.every((e) => e.actor?.id === owner.id || e.ip === null), 'another actor’s IP is not theirs')
  t.notOk(JSON.stringify(data).includes('Karim Other'), 'nothing of another company')
  t.notOk(JSON.stringify(data).includes('password'), 'no password hash')
})

t.test('a member gets their own uploads and what the firm sent their company, not the owner’s', async (t) => {
  const { files, data } = await exportOf(member)
  t.same([...files.keys()].sort(), ['documents/contrat.pdf', 'documents/lettre de mission.pdf', 'documents/relevé été.png', 'mes-donnees.json'])
  t.same(files.get('documents/relevé été.png'), memberImage, 'bytes of the member’s image, its name as uploaded')
  t.match(data.account, { id: member.id, email: member.email, role: 'client', companyId: owner.id, companyRole: 'member' })
  t.same(data.requests.map((r) => r.title), ['Relevés de décembre'], 'the company’s requests are theirs too (contract §9)')
  t.equal(data.companyIdentifiers, null, 'the identifiers are the owner’s to read (contract §11)')
  t.notOk(data.journal.some((e) => e.action === 'document.uploaded' && e.actor?.id === owner.id), 'the owner’s uploads are the owner’s doings')
})

t.test('a staff member gets what they sent and wrote, no client’s own files', async (t) => {
  const { files, data } = await exportOf(staff)
  t.same([...files.keys()].sort(), ['documents/lettre de mission.pdf', 'mes-donnees.json'])
  t.same(files.get('documents/lettre de mission.pdf'), fromStaff)
  t.match(data.account, { id: staff.id, role: 'staff', companyId: null })
  t.same(data.requests, [], 'a request is the company’s')
  t.equal(data.companyIdentifiers, null, 'the firm’s people have no company')
  t.same(data.messages.map((m) => m.text), ['Bien reçu, merci.'], 'what they wrote')
  t.ok(data.journal.some((e) => e.action === 'document.uploaded' && e.actor?.id === staff.id), 'what they did')
  t.ok(data.journal.every((e) => e.actor?.id === staff.id || e.ownerId === staff.id || (e.subject?.type === 'user' && e.subject.id === staff.id)), 'about them only')
})

t.test('each export is journaled as account.exported by its person', async (t) => {
  const rows = await db.selectFrom('journal').select(['actor_id', 'subject_id', 'subject_type', 'user_agent']).where('action', '=', 'account.exported').orderBy('id').execute()
  t.same(rows.map((r) => [Number(r.actor_id), Number(r.subject_id), r.subject_type]), [[owner.id, owner.id, 'user'], [member.id, member.id, 'user'], [staff.id, staff.id, 'user']])
  t.equal(rows[0]!.user_agent, 'Navigateur de test')
  const activity = await injectAs(app, owner, '/api/users/activity')
  t.ok(activity.json().some((e: { action: string }) => e.action === 'account.exported'), 'the person sees it in their activity')
})

t.test('a visitor is asked to log in; an access token is refused (an account call, contract §8)', async (t) => {
  const visitor = await app.inject({ method: 'GET', url: '/api/users/export' })
  t.equal(visitor.statusCode, 401)
  t.equal(visitor.json().code, 'unauthenticated')
  const made = await injectAs(app, other, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })
  const byToken = await app.inject({ method: 'GET', url: '/api/users/export', headers: { authorization: `Bearer ${made.json().token}` } })
  t.equal(byToken.statusCode, 403)
  t.equal(byToken.json().code, 'forbidden')
  t.equal(Number((await db.selectFrom('journal').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', 'account.exported').where('actor_id', '=', other.id).executeTakeFirstOrThrow()).n), 0, 'nothing exported, nothing journaled')
})

t.test('the profile offers the export', async (t) => {
  const page = await injectAs(app, owner, { method: 'GET', url: `/users/profile/${owner.id}`, headers: { accept: 'text/html' } })
  t.equal(page.statusCode, 200)
  t.match(page.body, /href="\/api\/users\/export"[^>]*>Télécharger mes données</)
})
