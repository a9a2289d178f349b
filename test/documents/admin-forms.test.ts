// Issue 17: the firm's document lists and types without JavaScript (contract §8). « Voir » is a form
// its row posts; archiving, restoring and deleting go through a confirmation page; a type is added on
// its own page. Each answers a 303 back to its list with the API's message, or the page again with the
// refusal in place, and journals what the API journals.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { confirmFormOf, isPage, journalAfter, lastJournalId, recorded } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, errorUnder, flashAfter, FORM, inputNamed, submit, summaryOf } from '../helpers/forms.js'
import { hrefsOf, unescapeHtml } from '../helpers/html.js'
import { addType, uploadPdf } from './fixtures.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
await addType(app, admin, 'Bilan')

async function documentOf(client: SeededAccount, name: string, state: 'new' | 'viewed' | 'archived' = 'new'): Promise<number> {
  const id = await uploadPdf(app, client, 'Bilan', { filename: name })
  if (state !== 'new') await injectAs(app, admin, `/api/documents/view-document/${id}`)
  if (state === 'archived') await injectAs(app, admin, { method: 'POST', url: `/api/documents/archive/${id}` })
  return id
}
const stateOf = async (id: number) => {
  const row = await db.selectFrom('documents').select(['is_viewed', 'is_archived']).where('id', '=', id).executeTakeFirst()
  return row ? (Number(row.is_archived) ? 'archived' : Number(row.is_viewed) ? 'viewed' : 'new') : 'gone'
}
const typeNames = async () => (await db.selectFrom('document_types').select('type_name').orderBy('type_name').execute()).map((row) => row.type_name)

/** The row forms of a list page: their actions and their buttons' accessible names. */
const rowFormsOf = (html: string) =>
  [...html.matchAll(/<form class="admin-action-form" action="([^"]*)" method="post"><button type="submit" class="[^"]*" aria-label="([^"]*)">/g)].map((m) => [unescapeHtml(m[1]!), unescapeHtml(m[2]!)])

t.test('the rows’ actions in the server’s HTML: « Voir » a form, the others links to their confirmation pages', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const fresh = await documentOf(client, 'html-new.pdf')
  const viewed = await documentOf(client, 'html-viewed.pdf', 'viewed')
  const archived = await documentOf(client, 'html-archived.pdf', 'archived')

  const news = await injectAs(app, admin, '/admin-dashboard/new-documents?q=html-new')
  t.same(rowFormsOf(news.body), [[`/admin-dashboard/new-documents/${fresh}/view?q=html-new`, 'Voir le document html-new.pdf']], 'a form with an enabled button, the list’s query kept')
  const olds = await injectAs(app, admin, '/admin-dashboard/documents?q=html-viewed')
  // The legal hold (contract §12) is a form too: it deletes nothing, so no confirmation page.
  t.same(rowFormsOf(olds.body), [[`/admin-dashboard/documents/${viewed}/view?q=html-viewed`, 'Voir html-viewed.pdf'], [`/admin-dashboard/documents/${viewed}/hold?q=html-viewed`, 'Conserver html-viewed.pdf']])
  t.same(hrefsOf(olds.body, 'Archiver'), [`/admin-dashboard/documents/${viewed}/archive?q=html-viewed`])
  t.same(hrefsOf(olds.body, 'Supprimer'), [`/admin-dashboard/documents/${viewed}/delete?q=html-viewed`])
  const archive = await injectAs(app, admin, '/admin-dashboard/arch-documents?q=html-archived')
  t.same(hrefsOf(archive.body, 'Restaurer'), [`/admin-dashboard/arch-documents/${archived}/restore?q=html-archived`])
  t.same(hrefsOf(archive.body, 'Supprimer'), [`/admin-dashboard/arch-documents/${archived}/delete?q=html-archived`])
  t.match(archive.body, /<button type="button" class="admin-action admin-action-neutral" aria-label="Voir html-archived.pdf" disabled="">/, 'the archive’s « Voir » only shows an alert: it waits for JavaScript')

  const types = await injectAs(app, admin, '/admin-dashboard/documents/types')
  t.same(hrefsOf(types.body, 'Ajouter un type'), ['/admin-dashboard/documents/types/new', '/admin-dashboard/documents/types/new'], 'above and below the list, a link to its page')
  const [type] = await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').execute()
  t.same(hrefsOf(types.body, 'Suppression Type'), [`/admin-dashboard/documents/types/${type!.id}/delete`])
})

t.test('« Voir »: marked viewed, 303 back to the list with a message, journaled as the API does', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const id = await documentOf(client, 'voir.pdf')
  const byApi = await documentOf(client, 'voir-api.pdf')
  const since = await lastJournalId(db)
  const res = await submit(app, `/admin-dashboard/new-documents/${id}/view?from=2026-01-01`, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin-dashboard/new-documents?from=2026-01-01', 'back to the list, its filter kept')
  t.match(await flashAfter(app, res, admin.cookie), 'Document marqué comme consulté.')
  t.equal(await stateOf(id), 'viewed')
  t.equal((await injectAs(app, admin, `/api/documents/view-document/${byApi}`)).statusCode, 200)
  const [form, api] = await journalAfter(db, since)
  t.match(form, { action: 'document.viewed', actor_id: admin.id, subject_type: 'document', subject_id: id, subject_label: 'voir.pdf' })
  t.same(recorded(form), recorded(api), 'the same entry as the API’s')

  const again = await submit(app, `/admin-dashboard/documents/${id}/view`, {}, admin.cookie)
  t.equal(again.headers.location, '/admin-dashboard/documents', 'from the viewed list, back to it')
  isPage(t, await submit(app, '/admin-dashboard/new-documents/999999/view', {}, admin.cookie), 404, 'a missing document: the 404 page')
})

t.test('archive and restore, each after its confirmation page; a refusal in place', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const id = await documentOf(client, 'archiver.pdf', 'viewed')
  const page = await injectAs(app, admin, `/admin-dashboard/documents/${id}/archive?page=1&pageSize=20`)
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="admin-title">Archiver archiver.pdf ?</h1>')
  t.match(page.body, 'Le document passera dans les documents archivés.')
  t.match(page.body, client.username, 'whose it is')
  t.same(confirmFormOf(page.body), { action: `/admin-dashboard/documents/${id}/archive?pageSize=20`, button: 'Confirmer' })
  t.same(hrefsOf(page.body, 'Annuler'), ['/admin-dashboard/documents?pageSize=20'])

  const since = await lastJournalId(db)
  const res = await submit(app, confirmFormOf(page.body).action, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin-dashboard/documents?pageSize=20')
  t.match(await flashAfter(app, res, admin.cookie), 'Document archivé avec succès.')
  t.equal(await stateOf(id), 'archived')

  const restore = await injectAs(app, admin, `/admin-dashboard/arch-documents/${id}/restore`)
  t.match(restore.body, 'Le document reviendra dans les documents consultés.')
  const restored = await submit(app, confirmFormOf(restore.body).action, {}, admin.cookie)
  t.equal(restored.headers.location, '/admin-dashboard/arch-documents')
  t.match(await flashAfter(app, restored, admin.cookie), 'Document restauré avec succès.')
  t.equal(await stateOf(id), 'viewed')
  t.match(await journalAfter(db, since), [
    { action: 'document.archived', actor_id: admin.id, subject_id: id },
    { action: 'document.restored', actor_id: admin.id, subject_id: id },
  ])

  const unviewed = await documentOf(client, 'pas-vu.pdf')
  const refused = await submit(app, `/admin-dashboard/documents/${unviewed}/archive`, {}, admin.cookie)
  isPage(t, refused, 409, 'not viewed yet: the JSON route’s 409')
  t.match(summaryOf(refused.body), 'Seul un document déjà consulté peut être archivé.', 'the confirmation page again, the API’s message at its top')
  t.match(refused.body, '<h1 class="admin-title">Archiver pas-vu.pdf ?</h1>')
  isPage(t, await submit(app, `/admin-dashboard/arch-documents/${unviewed}/restore`, {}, admin.cookie), 409, 'not archived')
  t.equal(await stateOf(unviewed), 'new')
})

t.test('delete from the viewed and the archived lists: the document, its file and the journal', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  for (const [list, state] of [['/admin-dashboard/documents', 'viewed'], ['/admin-dashboard/arch-documents', 'archived']] as const) {
    const id = await documentOf(client, `supprimer-${state}.pdf`, state)
    const page = await injectAs(app, admin, `${list}/${id}/delete`)
    t.match(page.body, `<h1 class="admin-title">Supprimer supprimer-${state}.pdf ?</h1>`)
    t.match(page.body, 'Le document et son fichier seront définitivement supprimés.')
    const since = await lastJournalId(db)
    const res = await submit(app, confirmFormOf(page.body).action, {}, admin.cookie)
    t.equal(res.headers.location, list)
    t.match(await flashAfter(app, res, admin.cookie), 'Document supprimé avec succès.')
    t.equal(await stateOf(id), 'gone')
    t.match(await journalAfter(db, since), [{ action: 'document.deleted', actor_id: admin.id, subject_id: id }])
    isPage(t, await injectAs(app, admin, `${list}/${id}/delete`), 404, 'its confirmation page is gone too')
  }
})

t.test('a type added on its own page: errors under the name, a name already used (409), success', async (t) => {
  const page = await injectAs(app, admin, '/admin-dashboard/documents/types/new')
  isPage(t, page, 200, 'the page of the dialog')
  t.match(page.body, '<h1 class="admin-title">Créer Nouveau Type</h1>')
  t.match(page.body, /<form class="admin-page-form" action="\/admin-dashboard\/documents\/types\/new" method="post">/)
  t.notMatch(page.body, /<button type="submit"[^>]*disabled/)

  const empty = await submit(app, '/admin-dashboard/documents/types/new', { typeName: '  ' }, admin.cookie)
  isPage(t, empty, 400, 'blank')
  t.equal(errorUnder(empty.body, 'typeName'), 'Nom de Type requis')
  const taken = await submit(app, '/admin-dashboard/documents/types/new', { typeName: 'BILAN' }, admin.cookie)
  isPage(t, taken, 409, 'a name already used')
  t.equal(errorUnder(taken.body, 'typeName'), 'Ce type de document existe déjà.', 'under the field')
  t.match(inputNamed(taken.body, 'typeName'), 'value="BILAN"', 'what was typed is kept')

  const since = await lastJournalId(db)
  const ok = await submit(app, '/admin-dashboard/documents/types/new', { typeName: ' Paie ' }, admin.cookie)
  t.equal(ok.statusCode, 303)
  t.equal(ok.headers.location, '/admin-dashboard/documents/types')
  t.match(await flashAfter(app, ok, admin.cookie), 'Type ajouté avec succès !')
  t.ok((await typeNames()).includes('Paie'))
  await addType(app, admin, 'Paie API')
  const [form, api] = await journalAfter(db, since)
  t.match(form, { action: 'type.created', actor_id: admin.id, subject_type: 'type', subject_label: 'Paie' })
  t.same(recorded(form), recorded(api), 'the same entry as the API’s')
})

t.test('a type deleted after its confirmation page, with its documents', async (t) => {
  await addType(app, admin, 'Éphémère')
  const client = await seedAccount(app, { accepted: true })
  const document = await uploadPdf(app, client, 'Éphémère', { filename: 'ephemere.pdf' })
  const [type] = await db.selectFrom('document_types').select('id').where('type_name', '=', 'Éphémère').execute()
  const page = await injectAs(app, admin, `/admin-dashboard/documents/types/${type!.id}/delete`)
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="admin-title">Supprimer le type Éphémère ?</h1>')
  t.match(page.body, 'Le type et tous ses documents seront définitivement perdus.')
  t.notMatch(page.body, '<dt>N°</dt>', 'no position outside the list')
  const since = await lastJournalId(db)
  const res = await submit(app, confirmFormOf(page.body).action, {}, admin.cookie)
  t.equal(res.headers.location, '/admin-dashboard/documents/types')
  t.match(await flashAfter(app, res, admin.cookie), 'Type supprimé avec succès.')
  t.notOk((await typeNames()).includes('Éphémère'))
  t.equal(await stateOf(document), 'gone', 'its documents went with it')
  t.match(await journalAfter(db, since), [{ action: 'type.deleted', actor_id: admin.id, subject_type: 'type', subject_id: type!.id }])
  isPage(t, await submit(app, `/admin-dashboard/documents/types/${type!.id}/delete`, {}, admin.cookie), 404, 'gone: the 404 page')
})

t.test('visitors log in first, clients and unaccepted users get the 403 page, another site is refused; nothing changes', async (t) => {
  const client = await seedAccount(app, { accepted: true })
  const unaccepted = await seedAccount(app)
  const fresh = await documentOf(client, 'garde-new.pdf')
  const viewed = await documentOf(client, 'garde-viewed.pdf', 'viewed')
  const archived = await documentOf(client, 'garde-archived.pdf', 'archived')
  const [type] = await db.selectFrom('document_types').select('id').where('type_name', '=', 'Bilan').execute()
  const posts: Array<[string, Record<string, string>, string]> = [
    [`/admin-dashboard/new-documents/${fresh}/view?q=garde`, {}, '/admin-dashboard/new-documents?q=garde'],
    [`/admin-dashboard/documents/${viewed}/archive`, {}, `/admin-dashboard/documents/${viewed}/archive`],
    [`/admin-dashboard/documents/${viewed}/delete`, {}, `/admin-dashboard/documents/${viewed}/delete`],
    [`/admin-dashboard/arch-documents/${archived}/restore`, {}, `/admin-dashboard/arch-documents/${archived}/restore`],
    [`/admin-dashboard/arch-documents/${archived}/delete`, {}, `/admin-dashboard/arch-documents/${archived}/delete`],
    [`/admin-dashboard/documents/types/${type!.id}/delete`, {}, `/admin-dashboard/documents/types/${type!.id}/delete`],
    ['/admin-dashboard/documents/types/new', { typeName: 'Intrus' }, '/admin-dashboard/documents/types/new'],
  ]
  const [since, types] = [await lastJournalId(db), await typeNames()]
  for (const [url, fields, page] of posts) {
    const visitor = await submit(app, url, fields)
    t.same([visitor.statusCode, visitor.headers.location], [303, '/login'], `visitor ${url}`)
    const kept = visitor.cookies.find((cookie) => cookie.name === 'return-to')
    t.equal(kept?.value, page, `${url}: the page holding the form is kept for after the login`)
    for (const [who, account] of [['client', client], ['unaccepted', unaccepted]] as const) {
      const res = await submit(app, url, fields, account.cookie)
      isPage(t, res, 403, `${who} ${url}`)
    }
    const crossSite = await injectAs(app, admin, { method: 'POST', url, headers: { ...FORM, ...CROSS_SITE }, payload: new URLSearchParams(fields).toString() })
    t.equal(crossSite.statusCode, 403, `another site ${url}`)
  }
  t.same([await stateOf(fresh), await stateOf(viewed), await stateOf(archived)], ['new', 'viewed', 'archived'], 'no document changed')
  t.same(await typeNames(), types, 'no type added or deleted')
  t.same(await journalAfter(db, since), [], 'nothing journaled')
  const html = await injectAs(app, client, '/admin-dashboard/documents/types/new')
  t.same([html.statusCode, html.headers.location], [303, '/'], 'the new type’s page, like every admin page, sends a non-administrator home')
})
