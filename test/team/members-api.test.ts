// Issue 29, contract §9: a company's team through its API. GET /api/company/members for each of the
// company's people (owner and member) and no one else; the owner's invitation (a real SMTP server:
// the mail names the company, its link opens the account as a member of it); the owner's removal,
// which ends the member's session and personal access token at once (the next request is 401).
import t from 'tap'
import { injectAs, SEED_PASSWORD, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, settled } from '../helpers/app.js'
import { cookieOf } from '../helpers/two-factor.js'
import { linkIn, mailText, startSmtp } from '../helpers/smtp.js'

const smtp = await startSmtp(t)
const { app, db } = await buildTestApp(t, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portail.test', RATE_LIMIT_TOKEN_IP: '1000', RATE_LIMIT_LOGIN_IP: '1000' })

const MEMBERS = '/api/company/members'
const list = (as: SeededAccount | null, query = '') => injectAs(app, as, `${MEMBERS}${query}`)
const invite = (as: SeededAccount | null, payload: Record<string, unknown>) => injectAs(app, as, { method: 'POST', url: MEMBERS, payload })
const remove = (as: SeededAccount | null, id: number) => injectAs(app, as, { method: 'DELETE', url: `${MEMBERS}/${id}` })

/** An accepted company (its owner) with `members` seeded as active members. */
async function company(name: string, members = 0) {
  const owner = await seedAccount(app, { accepted: true, entreprise: name, username: `Gérant ${name}` })
  const people: SeededAccount[] = []
  for (let i = 0; i < members; i++) people.push(await seedAccount(app, { companyId: owner.id, entreprise: name }))
  return { owner, members: people }
}

/** The invitation link of the next mail to `email`, and the mail's text. */
async function invitationOf(email: string): Promise<{ token: string; text: string }> {
  await settled(app)
  const mail = await smtp.nextMail(email)
  const link = linkIn(mail, /^\/invitations\//)
  return { token: link.pathname.split('/').pop()!, text: mailText(mail.raw) }
}

const accept = (token: string, username = 'Samia Comptable') =>
  app.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: { username, password: SEED_PASSWORD, confirmPassword: SEED_PASSWORD } })

t.test('the members list: every person of the company, owner first, and no one else', async (t) => {
  const { owner, members } = await company('SARL Tassili', 2)
  const other = await company('EURL Hoggar', 1)
  const staff = await seedAccount(app, { role: 'staff' })
  const admin = await seedAccount(app, { admin: true })

  for (const as of [owner, ...members]) {
    const res = await list(as)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['x-total-count'], '3')
    const rows = res.json() as Array<Record<string, unknown>>
    t.same(rows.map((row) => row.id), [owner.id, members[1]!.id, members[0]!.id], 'the owner first, then the members newest first')
    t.same(rows[0], { id: owner.id, username: owner.username, email: owner.email, companyRole: 'owner', status: 'active', createdAt: rows[0]!.createdAt, lastSeenAt: rows[0]!.lastSeenAt })
    t.same(rows.slice(1).map((row) => [row.companyRole, row.status]), [['member', 'active'], ['member', 'active']])
    t.type(rows[0]!.lastSeenAt, 'string', 'a seeded session was seen')
  }
  const theirs = await list(other.members[0]!)
  t.same((theirs.json() as Array<{ id: number }>).map((row) => row.id), [other.owner.id, other.members[0]!.id], 'another company’s member sees their own company only')

  for (const firm of [staff, admin]) {
    const res = await list(firm)
    t.equal(res.statusCode, 403, 'the firm’s people have no company')
    t.equal(res.json().code, 'forbidden')
  }
  t.equal((await list(null)).statusCode, 401, 'a visitor')
})

t.test('the list takes the parameters of §2: q, from/to, page and pageSize', async (t) => {
  const { owner } = await company('SARL Djurdjura')
  await seedAccount(app, { companyId: owner.id, username: 'Amel Benali', email: 'amel@djurdjura.dz' })
  await seedAccount(app, { companyId: owner.id, username: 'Karim Saïdi', email: 'karim@djurdjura.dz' })

  const byName = await list(owner, '?q=saidi')
  t.same((byName.json() as Array<{ username: string }>).map((row) => row.username), ['Karim Saïdi'], 'q over the name, accents ignored')
  t.equal(byName.headers['x-total-count'], '1')
  t.same((await list(owner, '?q=AMEL@')).json().map((row: { username: string }) => row.username), ['Amel Benali'], 'q over the address')

  const paged = await list(owner, '?pageSize=2&page=2')
  t.equal(paged.headers['x-total-count'], '3')
  t.equal(paged.json().length, 1, 'the last page')
  t.same((await list(owner, '?from=2999-01-01')).json(), [], 'from: nobody joined after')
  t.equal((await list(owner, '?to=2999-01-01')).json().length, 3, 'to: everybody joined before')
  t.equal((await list(owner, '?from=2026-02-31')).statusCode, 400, 'an impossible day is refused')
})

t.test('the owner invites: 201, the mail names the company, the link opens a member of it', async (t) => {
  const { owner } = await company('SARL Atlas Conseil')
  const res = await invite(owner, { email: 'Samia@Atlas-Conseil.dz', username: 'Samia' })
  t.equal(res.statusCode, 201)
  const invited = res.json()
  t.same(invited, { id: invited.id, username: 'Samia', email: 'samia@atlas-conseil.dz', companyRole: 'member', status: 'invited', createdAt: invited.createdAt, lastSeenAt: null })

  const { token, text } = await invitationOf('samia@atlas-conseil.dz')
  t.match(text, 'SARL Atlas Conseil', 'the company’s name is the team')
  t.match(text, `Gérant SARL Atlas Conseil vous invite`, 'the owner invites')
  t.match((await list(owner)).json()[1], { id: invited.id, status: 'invited' }, 'listed as invited')

  const row = await db.selectFrom('users').select(['company_id', 'is_member', 'role', 'status']).where('id', '=', invited.id).executeTakeFirstOrThrow()
  t.same({ ...row, company_id: Number(row.company_id), is_member: Number(row.is_member) }, { company_id: owner.id, is_member: 1, role: 'client', status: 'invited' })
  const entry = await db.selectFrom('journal').select(['actor_id', 'subject_id']).where('action', '=', 'member.invited').where('subject_id', '=', invited.id).executeTakeFirst()
  t.same(entry && [Number(entry.actor_id), Number(entry.subject_id)], [owner.id, invited.id], 'journaled as the owner’s')

  const opened = await accept(token)
  t.equal(opened.statusCode, 200)
  t.match(opened.json(), { id: invited.id, username: 'Samia Comptable', isAccepted: true, isAdmin: false, role: 'client', companyId: owner.id, companyRole: 'member' })
  const member = { cookie: cookieOf(opened, /^session$/)! } as SeededAccount
  const status = await injectAs(app, member, '/api/auth/status')
  t.match(status.json(), { id: invited.id, companyId: owner.id, companyRole: 'member' }, 'the member’s own session')
  t.match((await list(member)).json()[1], { id: invited.id, username: 'Samia Comptable', status: 'active' }, 'the member sees the team, themselves active')
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'samia@atlas-conseil.dz', password: SEED_PASSWORD } })
  t.match(login.json(), { id: invited.id, companyId: owner.id, companyRole: 'member' }, 'they log in with their own address and password')
})

t.test('inviting again: a person still invited gets a fresh link (200), the old one dies; an address with an account is refused (409)', async (t) => {
  const { owner, members } = await company('SARL Zibans', 1)
  t.equal((await invite(owner, { email: 'nadia@zibans.dz', username: 'Nadia' })).statusCode, 201)
  const first = await invitationOf('nadia@zibans.dz')
  const again = await invite(owner, { email: 'nadia@zibans.dz', username: 'Nadia B.' })
  t.equal(again.statusCode, 200, 'renewed')
  t.match(again.json(), { username: 'Nadia B.', status: 'invited' })
  const second = await invitationOf('nadia@zibans.dz')
  t.not(second.token, first.token)
  t.equal((await accept(first.token)).statusCode, 400, 'the old link stops working')
  t.equal((await accept(second.token)).statusCode, 200, 'the new one works')

  const other = await company('EURL Aurès')
  for (const email of [members[0]!.email, other.owner.email, 'nadia@zibans.dz']) {
    const res = await invite(owner, { email, username: 'Quelqu’un' })
    t.equal(res.statusCode, 409, `${email}: an address with an account`)
    t.equal(res.json().message, 'Un compte existe déjà avec cette adresse e-mail.')
  }
  t.equal((await invite(other.owner, { email: 'pending@zibans.dz', username: 'P' })).statusCode, 201)
  t.equal((await invite(owner, { email: 'pending@zibans.dz', username: 'P' })).statusCode, 409, 'invited by another company: refused here')
  t.equal(await smtp.countFor(members[0]!.email), 0, 'no mail for a refused invitation')
})

t.test('only an accepted company’s owner invites; the input is checked with the French messages', async (t) => {
  const { owner, members } = await company('SARL Tell', 1)
  const other = await company('EURL Sahel', 1)
  const pending = await seedAccount(app, { accepted: false })
  const staff = await seedAccount(app, { role: 'staff' })
  const admin = await seedAccount(app, { admin: true })
  const payload = { email: 'x@tell.dz', username: 'X' }
  for (const [who, as] of [['a member', members[0]!], ['another company’s member', other.members[0]!], ['staff', staff], ['admin', admin]] as const) {
    const res = await invite(as, payload)
    t.equal(res.statusCode, 403, who)
  }
  t.equal((await invite(members[0]!, {})).statusCode, 403, 'who may invite comes before what is sent')
  const notAccepted = await invite(pending, payload)
  t.equal(notAccepted.statusCode, 403, 'a company the firm has not accepted')
  t.match(notAccepted.json().message, 'validé par le cabinet')
  t.equal((await invite(null, payload)).statusCode, 401)

  const empty = await invite(owner, {})
  t.equal(empty.statusCode, 400)
  t.same(empty.json(), { message: 'Nom d’utilisateur requis', code: 'validation', field: 'username' })
  const bad = await invite(owner, { email: 'pas-une-adresse', username: 'Y' })
  t.match(bad.json(), { message: 'Adresse e-mail invalide.', field: 'email' })
  t.equal(await db.selectFrom('users').select('id').where('email', '=', 'x@tell.dz').executeTakeFirst(), undefined, 'nobody invited')
})

t.test('the owner removes a member: their session and access token end at once, the journal says so', async (t) => {
  const { owner, members } = await company('SARL Medjerda', 2)
  const [leaving, staying] = members as [SeededAccount, SeededAccount]
  const made = await injectAs(app, leaving, { method: 'POST', url: '/api/auth/tokens', payload: { name: 'Export', expiresInDays: 30 } })
  t.equal(made.statusCode, 201)
  const bearer = { authorization: `Bearer ${made.json().token}` }
  t.equal((await app.inject({ url: MEMBERS, headers: bearer })).statusCode, 200, 'the token works before')

  const res = await remove(owner, leaving.id)
  t.equal(res.statusCode, 200)
  t.equal(res.json().message, `${leaving.username} ne fait plus partie de l’équipe : son accès au portail est fermé.`)

  t.equal((await injectAs(app, leaving, '/api/auth/status')).statusCode, 401, 'their session is dead')
  t.equal((await app.inject({ url: MEMBERS, headers: bearer })).statusCode, 401, 'their token is dead')
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: leaving.email, password: SEED_PASSWORD } })
  t.equal(login.statusCode, 400, 'their password is refused')
  t.equal((await injectAs(app, staying, '/api/auth/status')).statusCode, 200, 'another member is untouched')

  t.same((await list(owner)).json().map((row: { id: number }) => row.id), [owner.id, staying.id], 'no longer listed')
  const row = await db.selectFrom('users').select('status').where('id', '=', leaving.id).executeTakeFirstOrThrow()
  t.equal(row.status, 'removed', 'the row stays, removed')
  t.equal(Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', leaving.id).executeTakeFirstOrThrow()).n), 0, 'no session left')
  const entry = await db.selectFrom('journal').select(['actor_id', 'subject_label']).where('action', '=', 'member.removed').where('subject_id', '=', leaving.id).executeTakeFirstOrThrow()
  t.same([Number(entry.actor_id), entry.subject_label], [owner.id, leaving.username])
  t.equal((await remove(owner, leaving.id)).statusCode, 404, 'removed once')
})

t.test('who may remove whom: the owner only, a member of theirs only', async (t) => {
  const { owner, members } = await company('SARL Kabylie', 2)
  const other = await company('EURL Ouarsenis', 1)
  const staff = await seedAccount(app, { role: 'staff' })
  const admin = await seedAccount(app, { admin: true })
  const target = members[0]!

  const self = await remove(owner, owner.id)
  t.equal(self.statusCode, 409, 'the owner cannot remove themselves')
  t.equal(self.json().message, 'Vous êtes le propriétaire de l’espace : vous ne pouvez pas vous retirer de l’équipe.')
  t.equal((await remove(owner, other.members[0]!.id)).statusCode, 404, 'another company’s member')
  t.equal((await remove(owner, other.owner.id)).statusCode, 404, 'another company')
  t.equal((await remove(owner, staff.id)).statusCode, 404, 'a firm’s person')
  t.equal((await remove(owner, 2_000_000_000)).statusCode, 404, 'unknown')
  for (const [who, as] of [['a member', members[1]!], ['the member themselves', target], ['another company’s owner', other.owner], ['staff', staff], ['admin', admin]] as const) {
    const res = await remove(as, target.id)
    t.equal(res.statusCode, who === 'another company’s owner' ? 404 : 403, who)
  }
  t.equal((await remove(null, target.id)).statusCode, 401)
  t.equal((await injectAs(app, target, '/api/auth/status')).statusCode, 200, 'still in')
})

t.test('removing an invited person kills their link; inviting a removed member again opens a new one', async (t) => {
  const { owner } = await company('SARL Hodna')
  const made = await invite(owner, { email: 'lina@hodna.dz', username: 'Lina' })
  const { token } = await invitationOf('lina@hodna.dz')
  t.equal((await remove(owner, made.json().id)).statusCode, 200)
  t.equal((await accept(token)).statusCode, 400, 'the link no longer works')

  const again = await invite(owner, { email: 'lina@hodna.dz', username: 'Lina H.' })
  t.equal(again.statusCode, 201, 'invited again, as a new invitation')
  t.match(again.json(), { id: made.json().id, status: 'invited', username: 'Lina H.' }, 'the same row, invited again')
  const opened = await accept((await invitationOf('lina@hodna.dz')).token)
  t.match(opened.json(), { id: made.json().id, companyId: owner.id, companyRole: 'member' })
})
