// Contract §9 and §8: the sub-admins screen is the firm's people in the back-office's list mechanism
// (search, pages, dates), administrators only; its invitation form and its rows' role changes and
// removals work without JavaScript (a 303 with a flash, or the page again with the errors in place).
import t from 'tap'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { confirmFormOf, isPage } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, errorUnder, flashAfter, inputNamed, submit, summaryOf } from '../helpers/forms.js'
import { hrefsOf, islandProps } from '../helpers/html.js'
import { entries } from './staff-helpers.js'

const PAGE = '/admin-dashboard/sub-admins'
const { app, db } = await buildTestApp(t)
const admin = await seedAccount(app, { admin: true, username: 'Karim Benali' })
const staff = await seedAccount(app, { role: 'staff', username: 'Nadia Cherif' })

t.test('an administrator sees the firm’s people in the shared list; staff and clients are sent home', async (t) => {
  const res = await injectAs(app, admin, PAGE)
  isPage(t, res, 200, 'the page')
  const props = islandProps(res.body, 'StaffBoard')
  t.same((props.items as Array<{ id: number }>).map((row) => row.id).sort(), [admin.id, staff.id].sort())
  t.equal(props.total, 2)
  t.match(res.body, /<th scope="col">Nom<\/th><th scope="col">E-mail<\/th><th scope="col">Rôle<\/th><th scope="col">Clients suivis<\/th><th scope="col">Statut<\/th><th scope="col">Dernière activité<\/th><th scope="col">Actions<\/th>/, 'the columns')
  t.match(res.body, /class="list-toolbar"/, 'the search toolbar')
  t.match(res.body, /<span class="badge badge-yes">Actif<\/span>/)
  t.match(res.body, /<form class="request-form staff-invite-form"[^>]* action="\/admin-dashboard\/sub-admins" method="post"/, 'the invitation form posts to the page')
  t.same(hrefsOf(res.body, 'Nommer administrateur'), [`${PAGE}/${staff.id}/make-admin`], 'a staff member may be promoted: a link to its confirmation page')
  t.same(hrefsOf(res.body, 'Passer collaborateur'), [`${PAGE}/${admin.id}/make-staff`])
  t.same(hrefsOf(res.body, 'Retirer').sort(), [`${PAGE}/${admin.id}/remove`, `${PAGE}/${staff.id}/remove`].sort())

  const client = await seedAccount(app, { accepted: true })
  for (const [who, account] of [['staff', staff], ['client', client]] as const) {
    const away = await injectAs(app, account, PAGE)
    t.equal(away.statusCode, 303, who)
    t.equal(away.headers.location, '/', `${who}: sent home`)
  }
  const searched = await injectAs(app, admin, `${PAGE}?q=nadia`)
  t.same((islandProps(searched.body, 'StaffBoard').items as Array<{ id: number }>).map((row) => row.id), [staff.id], 'the page searches as the API does')
  t.equal((await injectAs(app, admin, `${PAGE}?from=2024-02-31`)).statusCode, 200, 'a hand-edited query shows the list with its defaults')
})

t.test('inviting without JavaScript: a 303 back to the list with the message; again: a fresh link', async (t) => {
  const res = await submit(app, PAGE, { email: 'amel.kaci@cabinet.dz', username: 'Amel Kaci', role: 'staff' }, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, PAGE)
  t.match(await flashAfter(app, res, admin.cookie), 'Invitation envoyée à amel.kaci@cabinet.dz. Le lien est valable 7 jours.')
  const row = await db.selectFrom('users').select(['id', 'role', 'status']).where('email', '=', 'amel.kaci@cabinet.dz').executeTakeFirstOrThrow()
  t.match(row, { role: 'staff', status: 'invited' })
  const again = await submit(app, PAGE, { email: 'amel.kaci@cabinet.dz', username: 'Amel Kaci', role: 'admin' }, admin.cookie)
  t.equal(again.statusCode, 303)
  t.match(await flashAfter(app, again, admin.cookie), 'Une nouvelle invitation a été envoyée à amel.kaci@cabinet.dz : le lien précédent ne fonctionne plus.')
  t.equal((await db.selectFrom('users').select('role').where('id', '=', row.id).executeTakeFirstOrThrow()).role, 'admin', 'the role now chosen')
  const list = await injectAs(app, admin, PAGE)
  t.match(list.body, /<span class="badge badge-invited">Invité<\/span>/, 'shown as invited')
})

t.test('an invitation refused: the page again with each error under its field and what was typed kept', async (t) => {
  const res = await submit(app, PAGE, { email: 'pas-une-adresse', username: '', role: 'staff' }, admin.cookie)
  isPage(t, res, 400, 'invalid')
  t.equal(errorUnder(res.body, 'email'), 'Adresse e-mail invalide.')
  t.equal(errorUnder(res.body, 'username'), 'Nom d’utilisateur requis')
  t.match(inputNamed(res.body, 'email'), /value="pas-une-adresse"/, 'the address typed is kept')
  t.match(islandProps(res.body, 'StaffBoard'), { total: 3 }, 'the list is there too')
  const taken = await submit(app, PAGE, { email: staff.email, username: 'Doublon', role: 'staff' }, admin.cookie)
  isPage(t, taken, 409, 'an address with an account')
  t.equal(errorUnder(taken.body, 'email'), 'Un compte existe déjà avec cette adresse e-mail.')
  const badRole = await submit(app, PAGE, { email: 'x@cabinet.dz', username: 'X', role: 'superadmin' }, admin.cookie)
  isPage(t, badRole, 400, 'a role that is none')
  t.match(summaryOf(badRole.body), 'Le rôle doit être « admin » (administrateur) ou « staff » (collaborateur).')
})

t.test('only an administrator’s form passes: staff 403, a visitor to /login, another site 403', async (t) => {
  const fields = { email: 'intrus@cabinet.dz', username: 'Intrus', role: 'admin' }
  isPage(t, await submit(app, PAGE, fields, staff.cookie), 403, 'staff')
  const visitor = await submit(app, PAGE, fields)
  t.equal(visitor.statusCode, 303)
  t.equal(visitor.headers.location, '/login')
  t.equal((await submit(app, PAGE, fields, admin.cookie, CROSS_SITE)).statusCode, 403, 'another site')
  t.notOk(await db.selectFrom('users').select('id').where('email', '=', 'intrus@cabinet.dz').executeTakeFirst(), 'nobody invited')
})

t.test('a role change without JavaScript: its confirmation page, then a 303 back with the message, journaled', async (t) => {
  const page = await injectAs(app, admin, `${PAGE}/${staff.id}/make-admin?q=nadia`)
  isPage(t, page, 200, 'the confirmation page')
  t.match(page.body, '<h1 class="admin-title">Nommer Nadia Cherif administrateur ?</h1>')
  t.match(page.body, staff.email, 'who it is about')
  t.same(confirmFormOf(page.body), { action: `${PAGE}/${staff.id}/make-admin?q=nadia`, button: 'Confirmer' })
  const res = await submit(app, confirmFormOf(page.body).action, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, `${PAGE}?q=nadia`, 'back to the list as it was')
  t.match(await flashAfter(app, res, admin.cookie), 'Nadia Cherif est désormais administrateur.')
  t.equal((await db.selectFrom('users').select('role').where('id', '=', staff.id).executeTakeFirstOrThrow()).role, 'admin')
  t.equal((await entries(db, 'staff.role_changed')).at(-1)?.subject.id, staff.id)
  const back = await submit(app, `${PAGE}/${staff.id}/make-staff`, {}, admin.cookie)
  t.match(await flashAfter(app, back, admin.cookie), 'Nadia Cherif est désormais collaborateur.')
  t.equal((await injectAs(app, staff, '/api/auth/status')).statusCode, 401, 'demoted: her session ended')
})

t.test('the last administrator: the confirmation page again with the refusal (409); an unknown id or a client is the 404 page', async (t) => {
  const refused = await submit(app, `${PAGE}/${admin.id}/make-staff`, {}, admin.cookie)
  isPage(t, refused, 409, 'demoting the last administrator')
  t.match(summaryOf(refused.body), 'Le cabinet doit garder au moins un administrateur actif')
  isPage(t, await submit(app, `${PAGE}/${admin.id}/remove`, {}, admin.cookie), 409, 'removing them')
  const client = await seedAccount(app, { accepted: true })
  for (const id of [String(client.id), '999999', 'abc']) {
    isPage(t, await injectAs(app, admin, `${PAGE}/${id}/remove`), 404, `GET ${id}`)
    isPage(t, await submit(app, `${PAGE}/${id}/remove`, {}, admin.cookie), 404, `POST ${id}`)
  }
  // Demoted by the test before, Nadia logs in again: her old session ended with her rights.
  isPage(t, await submit(app, `${PAGE}/${admin.id}/remove`, {}, await app.sessionCookieFor(staff.id)), 403, 'staff may not')
})

t.test('a removal without JavaScript: the confirmation page, then a 303 with the message; the person’s session is over', async (t) => {
  const leaving = await seedAccount(app, { role: 'staff', username: 'Walid Touati' })
  const page = await injectAs(app, admin, `${PAGE}/${leaving.id}/remove`)
  t.match(page.body, '<h1 class="admin-title">Retirer Walid Touati de l’équipe ?</h1>')
  t.match(page.body, 'ses sessions et ses jetons d’accès sont fermés immédiatement')
  const res = await submit(app, confirmFormOf(page.body).action, {}, admin.cookie)
  t.equal(res.statusCode, 303)
  t.match(await flashAfter(app, res, admin.cookie), 'Walid Touati ne fait plus partie de l’équipe du cabinet : ses accès sont fermés.')
  t.equal((await injectAs(app, leaving, '/api/auth/status')).statusCode, 401)
})
