// Issue 17: the firm's inbox's « Supprimer » without JavaScript (contract §8): the row links to a
// confirmation page standing in for the dialog, whose form answers a 303 back to the inbox (its query
// kept) with the API's message, journaled as the API's deletion.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { confirmFormOf, isPage, journalAfter, lastJournalId, recorded } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, flashAfter, FORM, submit } from '../helpers/forms.js'
import { hrefsOf } from '../helpers/html.js'
import { cookieOf } from '../helpers/two-factor.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })
const INBOX = '/admin-dashboard/messages'

async function store(name: string): Promise<number> {
  const row = { name, email: 'visiteur@example.dz', telephone: '0551234567', message: `Bonjour de ${name}`, ip: null, created_at: '2026-03-02 10:00:00.000' }
  return Number((await db.insertInto('contact_messages').values(row).executeTakeFirstOrThrow()).insertId)
}
const exists = async (id: number) => (await db.selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined

t.test('« Supprimer »: a link to the confirmation page, then the post; 303 back with the API’s message, journaled as the API does', async (t) => {
  const id = await store('Nadia Formulaire')
  const byApi = await store('Nadia Api')
  const list = await injectAs(app, admin, `${INBOX}?q=nadia&pageSize=10`)
  t.same(hrefsOf(list.body, 'Supprimer'), [`${INBOX}/${byApi}/delete?q=nadia&pageSize=10`, `${INBOX}/${id}/delete?q=nadia&pageSize=10`], 'each row links to its confirmation page, the search kept')
  t.notMatch(list.body, /<button[^>]*aria-label="Supprimer Nadia[^"]*"[^>]*disabled/, 'nothing waits for JavaScript')

  const url = `${INBOX}/${id}/delete?q=nadia&pageSize=10`
  const page = await injectAs(app, admin, url)
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="admin-title">Supprimer ce message ?</h1>', 'the dialog’s question')
  t.match(page.body, 'Le message de Nadia Formulaire sera définitivement supprimé.')
  t.match(page.body, 'Bonjour de Nadia Formulaire', 'what would be deleted')
  t.same(confirmFormOf(page.body), { action: url, button: 'Confirmer' })
  t.same(hrefsOf(page.body, 'Annuler'), [`${INBOX}?q=nadia&pageSize=10`], 'Annuler goes back to the inbox as it was')

  const since = await lastJournalId(db)
  const res = await submit(app, url, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `${INBOX}?q=nadia&pageSize=10`)
  t.match(await flashAfter(app, res, admin.cookie), 'Message supprimé avec succès.', 'the API’s message')
  t.notOk(await exists(id), 'deleted')
  t.equal((await injectAs(app, admin, { method: 'DELETE', url: `/api/users/contact/${byApi}` })).statusCode, 200)
  const [form, api] = await journalAfter(db, since)
  t.same(recorded(form), recorded(api), 'the same journal entry as the API’s')
  t.match(form, { action: 'message.deleted', actor_id: admin.id, subject_type: 'message', subject_id: id, subject_label: 'Nadia Formulaire <visiteur@example.dz>' })

  isPage(t, await submit(app, url, {}, admin.cookie), 404, 'posted again: the 404 page')
  isPage(t, await injectAs(app, admin, url), 404, 'and its page too')
  for (const missing of ['999999', 'abc']) isPage(t, await submit(app, `${INBOX}/${missing}/delete`, {}, admin.cookie), 404, missing)
})

t.test('a visitor logs in first and comes back to the confirmation page; a client gets the 403 page; another site cannot post', async (t) => {
  const id = await store('Karim Refus')
  const url = `${INBOX}/${id}/delete`
  const visitor = await submit(app, url, {})
  t.equal(visitor.headers.location, '/login')
  const login = await submit(app, '/login', { email: admin.email, password: admin.password }, cookieOf(visitor, /^return-to$/))
  t.equal(login.headers.location, url, 'back to the confirmation page')
  t.equal((await injectAs(app, null, url)).headers.location, '/login', 'its page sends a visitor to /login, as every admin page')
  for (const options of [{ accepted: true }, {}]) {
    const who = await seedAccount(app, options)
    const res = await submit(app, url, {}, who.cookie)
    isPage(t, res, 403, 'not an administrator')
    t.match(res.body, 'Accès réservé aux administrateurs.')
    t.equal((await injectAs(app, who, url)).headers.location, '/')
  }
  const fromElsewhere = await injectAs(app, admin, { url: `${url}?q=Karim`, headers: { 'sec-fetch-site': 'cross-site' } })
  t.same([fromElsewhere.statusCode, fromElsewhere.headers.location], [303, `${INBOX}?q=Karim`], 'its page opened from another site’s link goes to the inbox')
  const since = await lastJournalId(db)
  const crossSite = await injectAs(app, admin, { method: 'POST', url, headers: { ...FORM, ...CROSS_SITE }, payload: '' })
  t.equal(crossSite.statusCode, 403)
  t.ok(await exists(id), 'not deleted')
  t.same(await journalAfter(db, since), [], 'nothing journaled')
})
