// Contract §8: a client deletes one of their own unviewed documents without JavaScript. « Supprimer »
// is a link to a confirmation page under the list it is on (the profile's, the client's space's),
// posting to itself: the JSON route's service call (deleteOwnDocument), so the same refusals and
// journal entry; a 303 back to the list with the API's message, or the page again with the refusal.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage, journalAfter, lastJournalId, recorded } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, flashAfter, FORM, submit, summaryOf } from '../helpers/forms.js'
import { hrefsOf, islandProps } from '../helpers/html.js'
import { cookieOf } from '../helpers/two-factor.js'
import { addType, filesIn, multipart, PDF, uploadPdf } from './fixtures.js'

const { app, db, config } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')
const DELETED = 'Document supprimé avec succès.'
const ALREADY_VIEWED = 'Ce document a déjà été consulté par le cabinet : il ne peut plus être supprimé.'
const NOT_OWNER = 'Ce document ne vous appartient pas.'

const exists = async (id: number) => (await db.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
const viewByTheFirm = (id: number) => injectAs(app, admin, `/api/documents/view-document/${id}`)
/** The confirmation page's form: where it posts, and its button. */
const confirmFormOf = (html: string) => /<form class="admin-confirm-form profile-confirm-form" action="([^"]*)" method="post"><button type="submit"[^>]*>([^<]*)<\/button>/.exec(html)?.slice(1, 3).map((s) => s.replace(/&amp;/g, '&')) ?? []

async function client(): Promise<SeededAccount> {
  return seedAccount(app, { accepted: true })
}

t.test('« Supprimer » is a link to its confirmation page in the server’s HTML, under the list it is on', async (t) => {
  const owner = await client()
  const older = await uploadPdf(app, owner, 'Bilan', { filename: 'ancien.pdf' })
  const newer = await uploadPdf(app, owner, 'Bilan', { filename: 'recent.pdf' })
  const seen = await uploadPdf(app, owner, 'Bilan', { filename: 'vu.pdf' })
  await viewByTheFirm(seen)

  const profile = (await injectAs(app, owner, `/users/profile/${owner.id}`)).body
  t.same(hrefsOf(profile, 'Supprimer'), [`/users/profile/documents/${newer}/delete`, `/users/profile/documents/${older}/delete`], 'the unviewed ones only')
  t.match(profile, `<a class="profile-action-danger" href="/users/profile/documents/${newer}/delete" aria-label="Supprimer recent.pdf">Supprimer</a>`)
  t.notMatch(profile, /<button[^>]*aria-label="Supprimer [^"]*"[^>]*disabled/, 'no button waiting for a script')
  t.match(islandProps(profile, 'OwnedDocuments'), { canDelete: true, deletePages: '/users/profile/documents', listSearch: '' })
  const second = (await injectAs(app, owner, `/users/profile/${owner.id}?page=2&pageSize=2`)).body
  t.same(hrefsOf(second, 'Supprimer'), [`/users/profile/documents/${older}/delete?page=2&pageSize=2`], 'the profile’s page kept to come back to')

  const space = (await injectAs(app, owner, '/files')).body
  t.same(hrefsOf(space, 'Supprimer'), [`/files/documents/${newer}/delete`, `/files/documents/${older}/delete`], 'the client’s space: its own pages')
  t.same(hrefsOf((await injectAs(app, admin, `/users/profile/${owner.id}`)).body, 'Supprimer'), [], 'an administrator on the profile deletes nothing there')
})

t.test('from the profile: the confirmation page, then a 303 back to the profile’s page with the API’s message; the API’s journal entry', async (t) => {
  const owner = await client()
  const id = await uploadPdf(app, owner, 'Bilan', { filename: 'a-supprimer.pdf' })
  const page = await injectAs(app, owner, `/users/profile/documents/${id}/delete?page=1&pageSize=20`)
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="auth-title">Supprimer ce document ?</h1>')
  t.match(page.body, '« a-supprimer.pdf » sera définitivement supprimé.', 'the dialog’s words')
  t.match(page.body, /<dt>Type<\/dt><dd>Bilan<\/dd>/)
  t.same(confirmFormOf(page.body), [`/users/profile/documents/${id}/delete?pageSize=20`, 'Supprimer'], 'posts to itself, the list’s query normalised')
  t.same(hrefsOf(page.body, 'Annuler'), [`/users/profile/${owner.id}?pageSize=20#profile-documents-title`])
  const crossLink = await injectAs(app, owner, { url: `/users/profile/documents/${id}/delete`, headers: { 'sec-fetch-site': 'cross-site' } })
  t.same([crossLink.statusCode, crossLink.headers.location], [303, `/users/profile/${owner.id}#profile-documents-title`], 'another site’s link shows no confirmation')

  const byApi = await uploadPdf(app, owner, 'Bilan', { filename: 'par-api.pdf' })
  const files = filesIn(config.uploadDir, 'documents').length
  const since = await lastJournalId(db)
  const res = await submit(app, `/users/profile/documents/${id}/delete?pageSize=20`, {}, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${owner.id}?pageSize=20#profile-documents-title`)
  t.match(await flashAfter(app, res, owner.cookie), DELETED)
  t.notOk(await exists(id), 'the document is gone')
  t.equal(filesIn(config.uploadDir, 'documents').length, files - 1, 'and its file')

  t.equal((await injectAs(app, owner, { method: 'DELETE', url: `/api/documents/delete/owner/${byApi}` })).statusCode, 200)
  const [form, api] = await journalAfter(db, since)
  t.match(form, { action: 'document.deleted', actor_id: owner.id, subject_type: 'document', subject_id: id, subject_label: 'a-supprimer.pdf' })
  t.same(recorded(form), recorded(api), 'the same entry as the API’s')

  const again = await submit(app, `/users/profile/documents/${id}/delete`, {}, owner.cookie)
  isPage(t, again, 404, 'gone: the JSON route’s 404, as the error page (issue 34)')
  t.match(again.body, 'Document introuvable.')
})

t.test('from the client’s space: back to /files at « Mes documents »', async (t) => {
  const owner = await client()
  const id = await uploadPdf(app, owner, 'Bilan', { filename: 'espace.pdf' })
  const page = await injectAs(app, owner, `/files/documents/${id}/delete`)
  isPage(t, page, 200, 'the confirmation page')
  t.same(confirmFormOf(page.body), [`/files/documents/${id}/delete`, 'Supprimer'])
  t.same(hrefsOf(page.body, 'Annuler'), ['/files#space-own-title'])
  const res = await submit(app, `/files/documents/${id}/delete`, {}, owner.cookie)
  t.same([res.statusCode, res.headers.location], [303, '/files#space-own-title'])
  t.match(await flashAfter(app, res, owner.cookie), DELETED)
  t.notOk(await exists(id))
})

t.test('viewed by the firm meanwhile: the page again with the API’s refusal, nothing deleted or journaled', async (t) => {
  const owner = await client()
  const id = await uploadPdf(app, owner, 'Bilan', { filename: 'vu-entre-temps.pdf' })
  isPage(t, await injectAs(app, owner, `/files/documents/${id}/delete`), 200, 'asked while unviewed')
  await viewByTheFirm(id)
  const since = await lastJournalId(db)
  for (const pages of ['/files/documents', '/users/profile/documents']) {
    const res = await submit(app, `${pages}/${id}/delete`, {}, owner.cookie)
    isPage(t, res, 403, `${pages}: the JSON route’s status`)
    t.match(summaryOf(res.body), ALREADY_VIEWED, 'the refusal at the top of the confirmation page')
    t.match(res.body, '<h1 class="auth-title">Supprimer ce document ?</h1>', 'the page again, not the error page')
    t.match(res.body, /<dt>Vu par le cabinet<\/dt><dd>Oui<\/dd>/)
  }
  t.ok(await exists(id), 'still there')
  t.same(await journalAfter(db, since), [], 'nothing journaled')
})

t.test('someone else’s document, a missing one, the firm’s: the 403 or 404 page, as the JSON route answers; nothing deleted', async (t) => {
  const owner = await client()
  const other = await client()
  const id = await uploadPdf(app, owner, 'Bilan', { filename: 'a-moi.pdf' })
  const sent = await injectAs(app, admin, { method: 'POST', url: `/api/documents/send/${owner.id}`, ...multipart([{ name: 'file', filename: 'du-cabinet.pdf', content: PDF, type: 'application/pdf' }, { name: 'name', value: 'Du cabinet' }]) })
  t.equal(sent.statusCode, 201)
  const firms = sent.json<{ id: number }>().id
  const since = await lastJournalId(db)
  const cases: Array<[SeededAccount, number | string, number, string]> = [
    [other, id, 403, NOT_OWNER],
    [admin, id, 403, NOT_OWNER],
    [owner, 999_999, 404, 'Document introuvable.'],
    [owner, firms, 403, 'Ce document vous a été envoyé par le cabinet : vous ne pouvez ni le supprimer ni l’archiver.'],
    [owner, 'abc', 404, 'Page non trouvée'],
  ]
  for (const [who, target, status, message] of cases) {
    const url = `/users/profile/documents/${target}/delete`
    const api = await injectAs(app, who, { method: 'DELETE', url: `/api/documents/delete/owner/${target}` })
    if (typeof target === 'number') t.same([api.statusCode, api.json().message], [status, message], `${url}: the JSON route’s answer`)
    const page = await injectAs(app, who, url)
    isPage(t, page, status, `GET ${url}`)
    t.match(page.body, message)
    const post = await submit(app, url, {}, who.cookie)
    isPage(t, post, status, `POST ${url}`)
    t.match(post.body, message)
  }
  t.ok(await exists(id), 'mine is still there')
  t.ok(await exists(firms), 'the firm’s too')
  t.same(await journalAfter(db, since), [], 'nothing journaled')
})

t.test('a visitor logs in first and comes back to the confirmation page; another site is refused; a token is no session', async (t) => {
  const owner = await client()
  const id = await uploadPdf(app, owner, 'Bilan', { filename: 'garde.pdf' })
  for (const pages of ['/users/profile/documents', '/files/documents']) {
    const url = `${pages}/${id}/delete`
    const visitor = await submit(app, url, {})
    t.same([visitor.statusCode, visitor.headers.location], [303, '/login'], `${url}: a visitor`)
    t.equal(cookieOf(visitor, /^return-to$/), `return-to=${url}`, 'back to the confirmation page once logged in')
    const visitorPage = await app.inject(url)
    t.same([visitorPage.statusCode, visitorPage.headers.location], [303, '/login'], `GET ${url}: a visitor`)
    const crossSite = await injectAs(app, owner, { method: 'POST', url, headers: { ...FORM, ...CROSS_SITE }, payload: '' })
    t.equal(crossSite.statusCode, 403, `${url}: another site`)
  }
  const { token } = (await injectAs(app, owner, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Script', expiresInDays: 30 } })).json<{ token: string }>()
  const byToken = await app.inject({ method: 'POST', url: `/files/documents/${id}/delete`, headers: { ...FORM, authorization: `Bearer ${token}` }, payload: '' })
  t.same([byToken.statusCode, byToken.headers.location], [303, '/login'], 'a token opens no page: its post is a visitor’s')
  t.ok(await exists(id), 'nothing deleted')
})
