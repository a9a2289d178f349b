// Issue 17: the user lists' actions without JavaScript (contract §8). Accepting and deleting go
// through a confirmation page standing in for the dialog; its form answers a 303 back to the list
// (its query kept) with the API's message, or the page again with the refusal in place.
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { confirmFormOf, isPage, journalAfter, lastJournalId, recorded } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, flashAfter, FORM, submit, summaryOf } from '../helpers/forms.js'
import { hrefsOf } from '../helpers/html.js'
import { cookieOf } from '../helpers/two-factor.js'

const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true })

const accepted = async (id: number) => Boolean((await db.selectFrom('users').select('is_accepted').where('id', '=', id).executeTakeFirst())?.is_accepted)
const exists = async (id: number) => (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined

t.test('the rows’ actions are links to their confirmation pages in the server’s HTML, the list’s query kept', async (t) => {
  const waiting = await seedAccount(app, { username: 'Rania Lists' })
  const client = await seedAccount(app, { username: 'Yanis Lists', accepted: true })
  const list = await injectAs(app, admin, '/admin-dashboard/new-users?q=Rania&pageSize=10')
  t.same(hrefsOf(list.body, 'Accepter'), [`/admin-dashboard/new-users/${waiting.id}/accept?q=Rania&pageSize=10`])
  t.same(hrefsOf(list.body, 'Supprimer'), [`/admin-dashboard/new-users/${waiting.id}/delete?q=Rania&pageSize=10`])
  t.notMatch(list.body, /<button[^>]*aria-label="(Accepter|Supprimer) Rania[^"]*"[^>]*disabled/, 'nothing waits for JavaScript')
  const clients = await injectAs(app, admin, '/admin-dashboard/clients?q=Yanis')
  t.same(hrefsOf(clients.body, 'Supprimer'), [`/admin-dashboard/clients/${client.id}/delete?q=Yanis`])
})

t.test('accept: the confirmation page, then the post; 303 back with the API’s message, journaled as the API does', async (t) => {
  const user = await seedAccount(app, { username: 'Amina Haddad', entreprise: 'Transports Ezzahra' })
  const byApi = await seedAccount(app, { username: 'Amina Api', entreprise: 'Transports Ezzahra' })
  const page = await injectAs(app, admin, `/admin-dashboard/new-users/${user.id}/accept?q=amina&page=1&pageSize=5`)
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="admin-title">Accepter Amina Haddad ?</h1>', 'the dialog’s question as the title')
  t.match(page.body, 'ne peut plus être remis en attente', 'its warning')
  t.match(page.body, 'Transports Ezzahra', 'who it is about: the company too')
  t.match(page.body, user.email)
  t.same(confirmFormOf(page.body), { action: `/admin-dashboard/new-users/${user.id}/accept?q=amina&pageSize=5`, button: 'Confirmer' }, 'Confirmer posts to the page itself')
  t.same(hrefsOf(page.body, 'Annuler'), ['/admin-dashboard/new-users?q=amina&pageSize=5'], 'Annuler goes back to the list as it was')

  const since = await lastJournalId(db)
  const res = await submit(app, confirmFormOf(page.body).action, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin-dashboard/new-users?q=amina&pageSize=5', 'back to the list, its search kept')
  t.match(await flashAfter(app, res, admin.cookie), 'Utilisateur accepté avec succès.', 'the API’s message')
  t.ok(await accepted(user.id), 'accepted')
  const clients = await injectAs(app, admin, '/admin-dashboard/clients?q=Amina%20Haddad')
  t.match(clients.body, `/admin-dashboard/clients/${user.id}/delete`, 'now among the clients')

  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/users/accept/${byApi.id}` })).statusCode, 200)
  const [form, api] = await journalAfter(db, since)
  t.same(recorded(form), recorded(api), 'the same entry as the API’s')
  t.match(form, { action: 'user.accepted', actor_id: admin.id, subject_type: 'user', subject_id: user.id, subject_label: 'Amina Haddad' })
})

t.test('accept refused: the confirmation page again with the refusal (409); a missing id is the 404 page', async (t) => {
  const unverified = await seedAccount(app, { username: 'Omar Unverified', verified: false })
  const url = `/admin-dashboard/new-users/${unverified.id}/accept`
  const refused = await submit(app, url, {}, admin.cookie)
  isPage(t, refused, 409, 'unverified: the JSON route’s status')
  t.match(summaryOf(refused.body), 'n’a pas encore vérifié son adresse e-mail', 'the API’s message, in place')
  t.equal(confirmFormOf(refused.body).action, url, 'the form is there to try again')
  t.notOk(await accepted(unverified.id))

  const client = await seedAccount(app, { accepted: true })
  const again = await submit(app, `/admin-dashboard/new-users/${client.id}/accept`, {}, admin.cookie)
  isPage(t, again, 409, 'already accepted')
  t.match(summaryOf(again.body), 'Cet utilisateur est déjà accepté.')

  for (const missing of ['999999', 'abc', '0']) {
    isPage(t, await injectAs(app, admin, `/admin-dashboard/new-users/${missing}/accept`), 404, `GET ${missing}`)
    isPage(t, await submit(app, `/admin-dashboard/new-users/${missing}/accept`, {}, admin.cookie), 404, `POST ${missing}`)
  }
  const administrator = await seedAccount(app, { admin: true })
  const untouchable = await submit(app, `/admin-dashboard/clients/${administrator.id}/delete`, {}, admin.cookie)
  isPage(t, untouchable, 403, 'an administrator’s account is not deleted here: the 403 page')
  t.match(untouchable.body, 'Un compte administrateur ne peut pas être accepté ni supprimé ici.')
  t.ok(await exists(administrator.id))
})

t.test('delete, from either list: 303 back with the API’s message; the account and its journal entry', async (t) => {
  for (const [list, options] of [['/admin-dashboard/new-users', {}], ['/admin-dashboard/clients', { accepted: true }]] as const) {
    const user = await seedAccount(app, { ...options, username: `Sofiane ${list.slice(-7)}` })
    const page = await injectAs(app, admin, `${list}/${user.id}/delete`)
    isPage(t, page, 200, `${list}: the confirmation page`)
    t.match(page.body, `<h1 class="admin-title">Supprimer ${user.username} ?</h1>`)
    t.match(page.body, 'ses documents seront supprimés')
    t.same(hrefsOf(page.body, 'Annuler'), [list])
    const since = await lastJournalId(db)
    const res = await submit(app, confirmFormOf(page.body).action, {}, admin.cookie)
    t.equal(res.statusCode, 303)
    t.equal(res.headers.location, list)
    t.match(await flashAfter(app, res, admin.cookie), 'Compte supprimé avec succès.')
    t.notOk(await exists(user.id), 'the account is gone')
    t.match(await journalAfter(db, since), [{ action: 'user.deleted', actor_id: admin.id, subject_type: 'user', subject_id: user.id }])
    isPage(t, await submit(app, confirmFormOf(page.body).action, {}, admin.cookie), 404, 'posted again: the 404 page')
  }
})

t.test('a bad list query goes back to the list’s defaults; the address is always the list’s own', async (t) => {
  const user = await seedAccount(app)
  const res = await submit(app, `/admin-dashboard/new-users/${user.id}/accept?page=-1&q=x`, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/admin-dashboard/new-users')
  const odd = await seedAccount(app)
  const spaced = await submit(app, `/admin-dashboard/new-users/${odd.id}/accept?q=%20%C3%A9t%C3%A9%20//evil.example&from=2026-03-01`, {}, admin.cookie)
  t.equal(spaced.headers.location, '/admin-dashboard/new-users?q=%C3%A9t%C3%A9+%2F%2Fevil.example&from=2026-03-01', 'the query is encoded again, never a path')
})

t.test('a visitor logs in first and comes back to the confirmation page; a client or an unaccepted user gets the 403 page; nothing changes', async (t) => {
  const user = await seedAccount(app)
  const url = `/admin-dashboard/new-users/${user.id}/accept?q=x`
  const visitor = await submit(app, url, {})
  t.equal(visitor.statusCode, 303)
  t.equal(visitor.headers.location, '/login')
  const kept = cookieOf(visitor, /^return-to$/)
  const login = await submit(app, '/login', { email: admin.email, password: admin.password }, kept)
  t.equal(login.headers.location, url, 'logged in, back to the confirmation page (a post is never replayed)')
  t.equal((await injectAs(app, null, url)).headers.location, '/login', 'its page, like every admin page, sends a visitor to /login')

  const client = await seedAccount(app, { accepted: true })
  const unaccepted = await seedAccount(app)
  for (const [who, account] of [['client', client], ['unaccepted', unaccepted]] as const) {
    for (const target of [`/admin-dashboard/new-users/${user.id}/accept`, `/admin-dashboard/new-users/${user.id}/delete`, `/admin-dashboard/clients/${user.id}/delete`]) {
      const res = await submit(app, target, {}, account.cookie)
      isPage(t, res, 403, `${who} ${target}`)
      t.match(res.body, 'Accès réservé aux administrateurs.')
    }
  }
  t.notOk(await accepted(user.id), 'not accepted')
  t.ok(await exists(user.id), 'not deleted')
})

t.test('another site cannot post the form', async (t) => {
  const user = await seedAccount(app)
  const since = await lastJournalId(db)
  for (const action of ['accept', 'delete']) {
    const res = await injectAs(app, admin, { method: 'POST', url: `/admin-dashboard/new-users/${user.id}/${action}`, headers: { ...FORM, ...CROSS_SITE }, payload: '' })
    t.equal(res.statusCode, 403, action)
  }
  t.notOk(await accepted(user.id))
  t.ok(await exists(user.id))
  t.same(await journalAfter(db, since), [], 'nothing journaled')
})

t.test('a confirmation page opened from another site’s link goes to the list: no one-click action put in front of an administrator', async (t) => {
  const user = await seedAccount(app, { username: 'Lien Externe' })
  for (const site of ['cross-site', 'same-site']) {
    const res = await injectAs(app, admin, { url: `/admin-dashboard/new-users/${user.id}/accept?q=Lien`, headers: { 'sec-fetch-site': site } })
    t.same([res.statusCode, res.headers.location], [303, '/admin-dashboard/new-users?q=Lien'], `${site}: to the list`)
  }
  for (const site of ['same-origin', 'none']) {
    const res = await injectAs(app, admin, { url: `/admin-dashboard/new-users/${user.id}/accept`, headers: { 'sec-fetch-site': site } })
    isPage(t, res, 200, `${site}: the confirmation page`)
  }
  t.notOk(await accepted(user.id), 'nothing changed')
})
