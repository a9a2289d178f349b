// Issue 29, contract §9 and §8: the client's /team page and its forms without JavaScript. The owner
// sees the team with the invitation form and « Retirer »; a member sees it read-only; the firm's
// people are sent home, a visitor to /login. The invitation form posts to /team (303 with a flash
// message, or the page again at the API's status with the errors under their fields); « Retirer » is
// a link to a confirmation page posting to itself. « Équipe » is in the portal's main menu.
import t from 'tap'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { isPage } from '../helpers/admin-forms.js'
import { buildTestApp } from '../helpers/app.js'
import { CROSS_SITE, errorUnder, flashAfter, inputNamed, submit } from '../helpers/forms.js'
import { hrefsOf, islandProps, unescapeHtml } from '../helpers/html.js'
import { cookieOf } from '../helpers/two-factor.js'

const { app, db } = await buildTestApp(t)
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }

async function company(name: string, members = 0) {
  const owner = await seedAccount(app, { accepted: true, entreprise: name, username: `Gérant ${name}` })
  const people: SeededAccount[] = []
  for (let i = 0; i < members; i++) people.push(await seedAccount(app, { companyId: owner.id, entreprise: name, username: `Membre ${i + 1} ${name}` }))
  return { owner, members: people }
}

const teamProps = (html: string) => islandProps(html, 'TeamMembers') as { members: Array<{ id: number; companyRole: string; status: string }>; isOwner: boolean; canInvite: boolean; viewerId: number; total: number }
const invitedRow = (email: string) => db.selectFrom('users').select(['id', 'status', 'company_id', 'username']).where('email', '=', email).executeTakeFirst()

t.test('who sees /team: the company’s people; the firm goes home, a visitor logs in first', async (t) => {
  const { owner, members } = await company('SARL Tassili', 1)
  const ownerPage = await injectAs(app, owner, '/team')
  isPage(t, ownerPage, 200, 'the owner')
  const shown = teamProps(ownerPage.body)
  t.same(shown.members.map((m) => [m.id, m.companyRole, m.status]), [[owner.id, 'owner', 'active'], [members[0]!.id, 'member', 'active']])
  t.match(shown, { isOwner: true, canInvite: true, viewerId: owner.id, total: 2 })
  t.match(ownerPage.body, /<form class="team-invite-form"[^>]* action="\/team" method="post">/, 'the invitation form posts to the page itself')
  t.match(ownerPage.body, 'Propriétaire')
  t.match(ownerPage.body, 'Actif')
  t.same(hrefsOf(ownerPage.body, 'Retirer'), [`/team/${members[0]!.id}/remove`], 'the member’s « Retirer » leads to its confirmation page; none for the owner')

  const memberPage = await injectAs(app, members[0]!, '/team')
  isPage(t, memberPage, 200, 'a member')
  t.match(teamProps(memberPage.body), { isOwner: false, viewerId: members[0]!.id, total: 2 })
  t.notMatch(memberPage.body, /team-invite-form/, 'no invitation form for a member')
  t.same(hrefsOf(memberPage.body, 'Retirer'), [], 'no removal for a member')
  t.match(memberPage.body, 'Seul le propriétaire de l’espace peut inviter ou retirer des membres.')

  for (const firm of [await seedAccount(app, { admin: true }), await seedAccount(app, { role: 'staff' })]) {
    const res = await injectAs(app, firm, '/team')
    t.equal(res.statusCode, 303)
    t.equal(res.headers.location, '/', 'the firm’s people are sent home')
  }
  const visitor = await app.inject('/team?q=x')
  t.equal(visitor.statusCode, 303)
  t.equal(visitor.headers.location, '/login')
  t.equal(cookieOf(visitor, /^return-to$/), 'return-to=/team?q=x', 'back to the page once logged in')
  isPage(t, await injectAs(app, owner, '/team?page=abc'), 200, 'a hand-edited query shows the list')
})

t.test('the list’s search and pages work without JavaScript', async (t) => {
  const { owner } = await company('SARL Ahaggar', 2)
  const found = teamProps((await injectAs(app, owner, '/team?q=Membre%202')).body)
  t.same(found.members.map((m) => m.companyRole), ['member'])
  t.equal(found.total, 1)
  const paged = (await injectAs(app, owner, '/team?pageSize=1&page=2')).body
  t.equal(teamProps(paged).members.length, 1)
  t.match(paged, /class="pager-link" href="\/team\?page=3&amp;pageSize=1"/, 'a pager keeps the page size')
})

t.test('« Équipe » in the main menu for an accepted company’s people only', async (t) => {
  const { owner, members } = await company('SARL Menu', 1)
  const pending = await seedAccount(app, { accepted: false })
  const admin = await seedAccount(app, { admin: true })
  const links = async (as: SeededAccount) => (islandProps((await injectAs(app, as, '/files')).body, 'NavBar') as { links: Array<{ href: string; label: string }> }).links
  for (const as of [owner, members[0]!]) t.ok((await links(as)).some((link) => link.href === '/team' && link.label === 'Équipe'), 'a company’s person')
  for (const as of [pending, admin]) t.notOk((await links(as)).some((link) => link.href === '/team'), 'not for an unaccepted company nor the firm')
})

t.test('invitation without JavaScript: 303 back to /team with the message, the person invited', async (t) => {
  const { owner } = await company('SARL Atlas')
  const res = await submit(app, '/team', { email: 'Yacine@Atlas.dz', username: 'Yacine' }, owner.cookie)
  t.equal(res.statusCode, 303)
  t.equal(res.headers.location, '/team')
  t.match(await flashAfter(app, res, owner.cookie), 'Invitation envoyée à yacine@atlas.dz.')
  const row = await invitedRow('yacine@atlas.dz')
  t.match(row, { status: 'invited', username: 'Yacine' })
  t.equal(Number(row?.company_id), owner.id)
  const mail = await db.selectFrom('outbox').select(['recipient', 'subject']).where('recipient', '=', 'yacine@atlas.dz').executeTakeFirst()
  t.match(mail, { subject: 'Invitation au portail client — SARL Atlas' }, 'its mail is written')
  t.match(teamProps((await injectAs(app, owner, '/team')).body).members[1], { id: Number(row?.id), status: 'invited' })

  const again = await submit(app, '/team', { email: 'yacine@atlas.dz', username: 'Yacine' }, owner.cookie)
  t.equal(again.statusCode, 303)
  t.match(await flashAfter(app, again, owner.cookie), 'Une nouvelle invitation a été envoyée à yacine@atlas.dz')
})

t.test('a refused invitation: the page again at the API’s status, the errors under their fields, what was typed kept', async (t) => {
  const { owner, members } = await company('SARL Errors', 1)
  const empty = await submit(app, '/team', { email: 'sara@errors.dz', username: '' }, owner.cookie)
  isPage(t, empty, 400, 'an empty name')
  t.equal(errorUnder(empty.body, 'username'), 'Nom d’utilisateur requis')
  t.match(inputNamed(empty.body, 'email'), 'value="sara@errors.dz"', 'the address kept')
  t.match(teamProps(empty.body), { isOwner: true, total: 2 }, 'the list is still there')

  const bad = await submit(app, '/team', { email: 'pas-une-adresse', username: 'Sara' }, owner.cookie)
  isPage(t, bad, 400, 'a malformed address')
  t.equal(errorUnder(bad.body, 'email'), 'Adresse e-mail invalide.')
  t.match(inputNamed(bad.body, 'username'), 'value="Sara"')

  const taken = await submit(app, '/team', { email: members[0]!.email, username: 'Sara' }, owner.cookie)
  isPage(t, taken, 409, 'an address with an account')
  t.equal(errorUnder(taken.body, 'email'), 'Un compte existe déjà avec cette adresse e-mail.')

  const pending = await seedAccount(app, { accepted: false })
  const notYet = await submit(app, '/team', { email: 'x@pending.dz', username: 'X' }, pending.cookie)
  isPage(t, notYet, 403, 'a company not accepted yet')
  t.match(notYet.body, 'Votre espace doit d’abord être validé par le cabinet', 'told in place of the form')
  t.equal(await invitedRow('x@pending.dz'), undefined)
  t.equal(await invitedRow('sara@errors.dz'), undefined, 'nobody invited')
})

t.test('only the owner’s form posts; a visitor logs in first; another site cannot post it', async (t) => {
  const { owner, members } = await company('SARL Guard', 1)
  const byMember = await submit(app, '/team', { email: 'm@guard.dz', username: 'M' }, members[0]!.cookie)
  isPage(t, byMember, 403, 'a member')
  t.match(byMember.body, 'Seul le propriétaire de l’espace peut inviter ou retirer des membres de l’équipe.')
  isPage(t, await submit(app, '/team', { email: 'm@guard.dz', username: 'M' }, (await seedAccount(app, { admin: true })).cookie), 403, 'an administrator')
  const visitor = await submit(app, '/team', { email: 'm@guard.dz', username: 'M' })
  t.equal(visitor.statusCode, 303)
  t.equal(visitor.headers.location, '/login')
  t.equal((await submit(app, '/team', { email: 'm@guard.dz', username: 'M' }, owner.cookie, CROSS_SITE)).statusCode, 403, 'another site')
  t.equal(await invitedRow('m@guard.dz'), undefined, 'nobody invited')
})

t.test('« Retirer » without JavaScript: a confirmation page posting to itself, then 303 to /team; the member is out', async (t) => {
  const { owner, members } = await company('SARL Remove', 2)
  const target = members[0]!
  const address = `/team/${target.id}/remove`
  const confirm = await injectAs(app, owner, { url: address, headers: SAME_SITE })
  isPage(t, confirm, 200, 'the confirmation page')
  t.match(confirm.body, `Retirer ${target.username} de l’équipe ?`)
  t.match(confirm.body, target.email)
  t.match(unescapeHtml(confirm.body), new RegExp(`<form class="admin-confirm-form profile-confirm-form" action="${address}" method="post">`), 'posting to itself')
  t.match(confirm.body, 'href="/team"', '« Annuler » back to the team')

  const fromElsewhere = await injectAs(app, owner, { url: address, headers: { 'sec-fetch-site': 'cross-site' } })
  t.equal(fromElsewhere.headers.location, '/team', 'another site’s link leads to the team, not to the one-click page')

  const done = await submit(app, address, {}, owner.cookie)
  t.equal(done.statusCode, 303)
  t.equal(done.headers.location, '/team')
  t.match(await flashAfter(app, done, owner.cookie), `${target.username} ne fait plus partie de l’équipe`)
  t.equal((await injectAs(app, target, '/api/auth/status')).statusCode, 401, 'their session ended')
  t.same(teamProps((await injectAs(app, owner, '/team')).body).members.map((m) => m.id), [owner.id, members[1]!.id])
  t.equal((await injectAs(app, owner, { url: address, headers: SAME_SITE })).statusCode, 404, 'gone: no confirmation page')
  t.equal((await submit(app, address, {}, owner.cookie)).statusCode, 404, 'gone: nothing to remove')
})

t.test('« Retirer » refused: the owner’s own row, a member, another company’s person', async (t) => {
  const { owner, members } = await company('SARL Refuse', 1)
  const other = await company('EURL Ailleurs', 1)
  const self = await submit(app, `/team/${owner.id}/remove`, {}, owner.cookie)
  t.equal(self.statusCode, 303)
  t.equal(self.headers.location, '/team')
  t.match(await flashAfter(app, self, owner.cookie), 'vous ne pouvez pas vous retirer de l’équipe')
  t.equal((await injectAs(app, owner, { url: `/team/${owner.id}/remove`, headers: SAME_SITE })).statusCode, 404, 'no confirmation page for the owner')

  isPage(t, await injectAs(app, members[0]!, { url: `/team/${owner.id}/remove`, headers: SAME_SITE }), 403, 'a member’s confirmation page')
  isPage(t, await submit(app, `/team/${members[0]!.id}/remove`, {}, members[0]!.cookie), 403, 'a member’s post')
  isPage(t, await submit(app, `/team/${other.members[0]!.id}/remove`, {}, owner.cookie), 404, 'another company’s member')
  isPage(t, await injectAs(app, owner, { url: `/team/${other.members[0]!.id}/remove`, headers: SAME_SITE }), 404, 'another company’s member’s page')
  isPage(t, await injectAs(app, owner, { url: '/team/abc/remove', headers: SAME_SITE }), 404, 'a malformed id')
  const visitor = await submit(app, `/team/${members[0]!.id}/remove`, {})
  t.equal(visitor.headers.location, '/login', 'a visitor logs in first')
  t.equal((await injectAs(app, members[0]!, '/api/auth/status')).statusCode, 200, 'nobody removed')
  t.equal((await injectAs(app, other.members[0]!, '/api/auth/status')).statusCode, 200)
})
