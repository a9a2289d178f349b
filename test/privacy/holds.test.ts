// Contract §12: legal holds. An administrator puts a document (or all of a company's documents) on
// hold and lifts it; a held document is deleted by nobody (409), nor its type, nor the account that
// owns it (409, French message); the database's foreign key refuses it too. Staff and clients are
// refused (403); the lists show it; the rows' forms work without JavaScript.
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType, uploadPdf } from '../documents/fixtures.js'

const { app, db } = await buildTestApp(t, { PUBLIC_URL: 'http://portail.test' })
const admin = await seedAccount(app, { admin: true, role: 'admin' })
const staff = await seedAccount(app, { role: 'staff' })
const owner = await seedAccount(app, { accepted: true })
await addType(app, admin, 'Bilan')
await addType(app, admin, 'Statuts')
t.equal((await injectAs(app, admin, { method: 'PUT', url: `/api/users/${owner.id}/staff`, payload: { staffIds: [staff.id] } })).statusCode, 200)

const HELD = 'Ce document est sous conservation légale : personne ne peut le supprimer tant qu’elle n’est pas levée.'
const ACCOUNT_HELD = 'Ce compte détient des documents sous conservation légale : il ne peut pas être supprimé tant qu’elle n’est pas levée.'
const hold = (account: typeof admin | null, id: number, method: 'POST' | 'DELETE' = 'POST') => injectAs(app, account, { method, url: `/api/documents/hold/${id}` })
const journalOf = async (action: string) => (await db.selectFrom('journal').select(['subject_id', 'actor_id']).where('action', '=', action).orderBy('id').execute()).map((row) => [Number(row.subject_id), Number(row.actor_id)])

t.test('only an administrator holds and lifts; each is journaled', async (t) => {
  const id = await uploadPdf(app, owner, 'Bilan')
  t.equal((await hold(null, id)).statusCode, 401)
  t.equal((await hold(owner, id)).statusCode, 403)
  t.equal((await hold(staff, id)).statusCode, 403)
  t.equal((await hold(admin, 999999)).statusCode, 404)
  const held = await hold(admin, id)
  t.equal(held.statusCode, 200)
  t.equal(held.json().message, 'Document placé sous conservation légale.')
  t.equal((await hold(admin, id)).statusCode, 200, 'holding twice changes nothing')
  t.same(await journalOf('document.held'), [[id, admin.id]], 'one entry')
  t.equal((await hold(staff, id, 'DELETE')).statusCode, 403)
  const lifted = await hold(admin, id, 'DELETE')
  t.equal(lifted.statusCode, 200)
  t.equal(lifted.json().message, 'Conservation légale levée.')
  const again = await hold(admin, id, 'DELETE')
  t.equal(again.statusCode, 409)
  t.same(again.json(), { message: 'Ce document n’est pas sous conservation légale.', code: 'conflict' })
  t.same(await journalOf('document.released'), [[id, admin.id]])
})

t.test('a held document is deleted by nobody, nor its type, nor its owner’s account', async (t) => {
  const unviewed = await uploadPdf(app, owner, 'Statuts')
  const viewed = await uploadPdf(app, owner, 'Bilan')
  t.equal((await injectAs(app, admin, `/api/documents/view-document/${viewed}`)).statusCode, 200)
  t.equal((await hold(admin, unviewed)).statusCode, 200)
  t.equal((await hold(admin, viewed)).statusCode, 200)

  const byAdmin = await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/delete/${viewed}` })
  t.equal(byAdmin.statusCode, 409)
  t.same(byAdmin.json(), { message: HELD, code: 'conflict' })
  const byOwner = await injectAs(app, owner, { method: 'DELETE', url: `/api/documents/delete/owner/${unviewed}` })
  t.equal(byOwner.statusCode, 409, 'the owner, who may delete an unviewed document, may not delete a held one')
  t.equal(byOwner.json().message, HELD)
  const typeId = Number((await db.selectFrom('document_types').select('id').where('type_name', '=', 'Statuts').executeTakeFirstOrThrow()).id)
  const type = await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/types/${typeId}` })
  t.equal(type.statusCode, 409)
  t.equal(type.json().message, 'Des documents de ce type sont sous conservation légale : le type ne peut pas être supprimé tant qu’elle n’est pas levée.')

  const self = await injectAs(app, owner, { method: 'DELETE', url: `/api/users/profile/${owner.id}` })
  t.equal(self.statusCode, 409)
  t.same(self.json(), { message: ACCOUNT_HELD, code: 'conflict' })
  const firm = await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${owner.id}` })
  t.equal(firm.statusCode, 409)
  t.equal(firm.json().message, ACCOUNT_HELD)
  const page = await injectAs(app, owner, { method: 'POST', url: '/users/profile/delete', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://portail.test' }, payload: '' })
  t.not(page.statusCode, 500, 'the page without JavaScript is refused too, never a 500')
  t.ok(await db.selectFrom('users').select('id').where('id', '=', owner.id).executeTakeFirst(), 'the account is still there')
  t.equal(Number((await db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', [viewed, unviewed]).executeTakeFirstOrThrow()).n), 2, 'both documents are still there')

  await t.rejects(db.deleteFrom('documents').where('id', '=', viewed).execute(), 'the database refuses it too, whatever code asks')

  t.equal((await hold(admin, viewed, 'DELETE')).statusCode, 200)
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/delete/${viewed}` })).statusCode, 200, 'lifted, it can be deleted')
})

t.test('the firm’s lists show the hold; the rows’ forms work without JavaScript', async (t) => {
  const id = await uploadPdf(app, owner, 'Bilan')
  t.equal((await injectAs(app, admin, `/api/documents/view-document/${id}`)).statusCode, 200)
  const listed = async () => (await injectAs(app, staff, '/api/documents/old-documents')).json().find((d: { id: number }) => d.id === id)
  t.equal((await listed()).onHold, false)
  const form = { method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: 'http://portail.test' }, payload: '' }
  t.equal((await injectAs(app, staff, { ...form, url: `/admin-dashboard/documents/${id}/hold` })).statusCode, 403, 'staff are refused')
  const posted = await injectAs(app, admin, { ...form, url: `/admin-dashboard/documents/${id}/hold` })
  t.equal(posted.statusCode, 303)
  t.equal((await listed()).onHold, true, 'staff see it held')
  const page = await injectAs(app, admin, { method: 'GET', url: '/admin-dashboard/documents', headers: { accept: 'text/html' } })
  t.match(page.body, 'Conservation légale')
  t.match(page.body, 'Lever la conservation')
  const arabic = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: `${admin.cookie}; lang=ar` } })
  const inArabic = await arabic('/admin-dashboard/documents')
  t.match(inArabic.body, 'رفع الحفظ', 'the island’s « Lever la conservation » in Arabic')
  t.match(inArabic.body, 'حفظ قانوني', 'and its badge')
  t.notMatch(inArabic.body, 'Lever la conservation')
  const released = await injectAs(app, admin, { ...form, url: `/admin-dashboard/documents/${id}/release` })
  t.equal(released.statusCode, 303)
  t.equal((await listed()).onHold, false)
  t.match((await arabic('/admin-dashboard/documents')).body, 'وضع تحت الحفظ', '« Conserver » in Arabic')
})

t.test('the journal names holds, exports and purges in French and in Arabic', async (t) => {
  const page = (url: string, language: 'fr' | 'ar', who = admin) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: `${who.cookie}; lang=${language}` } })
  const names = {
    fr: ['Conservation légale posée', 'Conservation légale levée', 'Données personnelles exportées', 'Document supprimé (durée de conservation écoulée)'],
    ar: ['وضع تحت الحفظ القانوني', 'رفع الحفظ القانوني', 'تصدير البيانات الشخصية', 'حذف وثيقة (انقضاء مدة الحفظ)'],
  }
  for (const language of ['fr', 'ar'] as const) {
    const body = (await page('/admin-dashboard/journal', language)).body
    for (const name of names[language]) t.match(body, name, `${language}: ${name} among the filter's actions`)
    // Filtered to one action: its name is the filter's option and each entry's cell.
    const held = (await page('/admin-dashboard/journal?action=document.released', language)).body
    t.ok(held.split(names[language][1]!).length > 2, `${language}: the entries' cells name it too`)
    t.match((await page('/users/profile/activity', language, owner)).body, names[language][0]!, `${language}: the owner's activity too`)
  }
})

t.test('a company’s documents all at once', async (t) => {
  const company = await seedAccount(app, { accepted: true })
  const member = await seedAccount(app, { companyId: company.id })
  const ids = [await uploadPdf(app, company, 'Bilan'), await uploadPdf(app, member, 'Bilan', { userId: company.id })]
  const other = await uploadPdf(app, owner, 'Bilan')
  t.equal((await injectAs(app, staff, { method: 'POST', url: `/api/documents/hold/company/${company.id}` })).statusCode, 403)
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/documents/hold/company/999999' })).statusCode, 404)
  const held = await injectAs(app, admin, { method: 'POST', url: `/api/documents/hold/company/${company.id}` })
  t.equal(held.statusCode, 200)
  t.same(held.json(), { message: 'Documents de l’entreprise placés sous conservation légale : 2.', count: 2 })
  const holds = async () => (await db.selectFrom('document_holds').select('document_id').execute()).map((row) => Number(row.document_id))
  const all = await holds()
  t.ok(ids.every((id) => all.includes(id)), 'each of them')
  t.notOk((await holds()).includes(other), 'not another company’s')
  t.equal((await injectAs(app, company, { method: 'DELETE', url: `/api/users/profile/${company.id}` })).statusCode, 409)
  const lifted = await injectAs(app, admin, { method: 'DELETE', url: `/api/documents/hold/company/${company.id}` })
  t.same(lifted.json(), { message: 'Conservation légale levée pour les documents de l’entreprise : 2.', count: 2 })
  t.equal((await injectAs(app, company, { method: 'DELETE', url: `/api/users/profile/${company.id}` })).statusCode, 200, 'lifted, the company can go')
})
