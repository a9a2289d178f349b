// Contract §8: an administrator turns a client's two-factor off without JavaScript. The client
// profile's « Désactiver la double authentification » is a link to a confirmation page posting to
// itself: the JSON route's resetByAdmin (its refusals, the client signed out and mailed, the journal
// entry), a 303 back to the profile with the API's message, or the page again with the refusal.
// Administrators only: a visitor logs in first, anyone else gets the 403 page.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage, journalAfter, lastJournalId, recorded } from '../helpers/admin-forms.js'
import { settled } from '../helpers/app.js'
import { CROSS_SITE, flashAfter, FORM, submit, summaryOf } from '../helpers/forms.js'
import { hrefsOf, islandProps } from '../helpers/html.js'
import { cookieOf, enroll, twoFactorApp } from '../helpers/two-factor.js'

const { app, db, clock, mailer } = await twoFactorApp(t)
const admin = await seedAccount(app, { admin: true })
const RESET = 'La double authentification de cet utilisateur a été désactivée ; il en est informé par e-mail.'
const pageOf = (id: number | string) => `/users/profile/${id}/two-factor/reset`

const twoFactorOn = async (account: SeededAccount) => (await db.selectFrom('user_two_factor').select('user_id').where('user_id', '=', account.id).execute()).length === 1
/** An accepted client with two-factor on. */
async function enrolled(): Promise<SeededAccount> {
  const client = await seedAccount(app, { accepted: true })
  await enroll(app, clock, client)
  return client
}
const confirmFormOf = (html: string) => /<form class="admin-confirm-form profile-confirm-form" action="([^"]*)" method="post"><button type="submit"[^>]*>([^<]*)<\/button>/.exec(html)?.slice(1, 3) ?? []

t.test('on the client’s profile, « Désactiver la double authentification » is a link to its confirmation page until the script takes over', async (t) => {
  const client = await enrolled()
  const html = (await injectAs(app, admin, `/users/profile/${client.id}`)).body
  t.same(hrefsOf(html, 'Désactiver la double authentification'), [pageOf(client.id)])
  t.match(html, `<a class="button button-danger" href="${pageOf(client.id)}">`)
  t.notMatch(html, /<button[^>]*disabled[^>]*>Désactiver la double authentification/, 'no button waiting for a script')
  t.notMatch(html, /class="profile-twofactor"[^>]*data-hydrated/, 'no island has taken over yet')
  t.same(islandProps(html, 'TwoFactorReset'), { userId: client.id, username: client.username, enabled: true }, 'the island’s props unchanged')
})

t.test('the confirmation page posts to itself: 303 back to the profile with the API’s message, two-factor off, the client signed out and told, the API’s journal entry', async (t) => {
  const client = await enrolled()
  const byApi = await enrolled()
  const page = await injectAs(app, admin, pageOf(client.id))
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="auth-title">Désactiver la double authentification ?</h1>')
  t.match(page.body, `${client.username} se connectera de nouveau avec son seul mot de passe`, 'the dialog’s words')
  t.match(page.body, `<dt>E-mail</dt><dd>${client.email}</dd>`)
  t.same(confirmFormOf(page.body), [pageOf(client.id), 'Désactiver'])
  t.same(hrefsOf(page.body, 'Annuler'), [`/users/profile/${client.id}#profile-twofactor-title`])
  const crossLink = await injectAs(app, admin, { url: pageOf(client.id), headers: { 'sec-fetch-site': 'cross-site' } })
  t.same([crossLink.statusCode, crossLink.headers.location], [303, `/users/profile/${client.id}`], 'another site’s link shows no confirmation')

  const since = await lastJournalId(db)
  const res = await submit(app, pageOf(client.id), {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `/users/profile/${client.id}#profile-twofactor-title`)
  t.match(await flashAfter(app, res, admin.cookie), RESET)
  t.notOk(await twoFactorOn(client), 'two-factor is off')
  t.equal((await injectAs(app, client, '/api/auth/status')).statusCode, 401, 'the client’s sessions ended')
  t.equal((await injectAs(app, admin, { method: 'POST', url: `/api/users/2fa/reset/${byApi.id}` })).statusCode, 200)
  const [form, api] = await journalAfter(db, since)
  t.match(form, { action: 'twofactor.disabled', actor_id: admin.id, subject_type: 'user', subject_id: client.id })
  t.same(recorded(form), recorded(api), 'the same entry as the API’s')
  await settled(app)
  t.ok(mailer.sent.find((m) => m.to === client.email && m.subject === 'Double authentification désactivée par le cabinet'), 'the client is told')
  t.same(islandProps((await injectAs(app, admin, `/users/profile/${client.id}`)).body, 'TwoFactorReset'), { userId: client.id, username: client.username, enabled: false })
})

t.test('refusals: nothing to reset is the page again (409) with the API’s message; an administrator’s account or a missing one, the error pages', async (t) => {
  const plain = await seedAccount(app, { accepted: true })
  const otherAdmin = await seedAccount(app, { admin: true })
  await enroll(app, clock, otherAdmin)
  const since = await lastJournalId(db)

  isPage(t, await injectAs(app, admin, pageOf(plain.id)), 200, 'two-factor off: still asked (it may be turned on meanwhile)')
  const off = await submit(app, pageOf(plain.id), {}, admin.cookie)
  isPage(t, off, 409, 'the JSON route’s 409')
  t.match(summaryOf(off.body), 'La double authentification n’est pas activée pour cet utilisateur.', 'the refusal at the top of the confirmation page')
  t.match(off.body, '<h1 class="auth-title">Désactiver la double authentification ?</h1>', 'the page again, not the error page')

  const adminsMessage = 'La double authentification d’un administrateur ne se réinitialise pas ici : il la désactive lui-même depuis son profil.'
  for (const [method, res] of [['GET', await injectAs(app, admin, pageOf(otherAdmin.id))], ['POST', await submit(app, pageOf(otherAdmin.id), {}, admin.cookie)]] as const) {
    isPage(t, res, 403, `${method}: an administrator’s account, the API’s 403`)
    t.match(res.body, adminsMessage)
  }
  t.ok(await twoFactorOn(otherAdmin), 'the administrator’s two-factor stays')
  isPage(t, await injectAs(app, admin, pageOf(999_999)), 404, 'GET: a missing account')
  isPage(t, await submit(app, pageOf(999_999), {}, admin.cookie), 404, 'POST: a missing account')
  isPage(t, await submit(app, pageOf('abc'), {}, admin.cookie), 404, 'a malformed id names no account')
  t.same(await journalAfter(db, since), [], 'nothing journaled')
})

t.test('administrators only: a visitor logs in first and comes back to the page, a client gets the 403 page, another site is refused', async (t) => {
  const client = await enrolled()
  const bystander = await seedAccount(app, { accepted: true })
  const url = pageOf(client.id)

  const visitorPage = await app.inject(url)
  t.same([visitorPage.statusCode, visitorPage.headers.location], [303, '/login'], 'GET: a visitor')
  t.equal(cookieOf(visitorPage, /^return-to$/), `return-to=${url}`)
  const visitor = await submit(app, url, {})
  t.same([visitor.statusCode, visitor.headers.location], [303, '/login'], 'POST: a visitor (a session that ended)')
  t.equal(cookieOf(visitor, /^return-to$/), `return-to=${url}`, 'back to the confirmation page once logged in')

  for (const [who, account] of [['another client', bystander], ['the client themselves', client]] as const) {
    isPage(t, await injectAs(app, account, url), 403, `GET: ${who}`)
    const res = await submit(app, url, {}, account.cookie)
    isPage(t, res, 403, `POST: ${who}`)
    t.match(res.body, 'Accès réservé aux administrateurs.')
  }
  const crossSite = await injectAs(app, admin, { method: 'POST', url, headers: { ...FORM, ...CROSS_SITE }, payload: '' })
  t.equal(crossSite.statusCode, 403, 'another site')
  t.ok(await twoFactorOn(client), 'still on')
  t.equal((await injectAs(app, client, '/api/auth/status')).statusCode, 200, 'the client still signed in')
})
