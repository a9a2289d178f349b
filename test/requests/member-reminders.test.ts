// A security review of issue 29 (contract §5, §7, §9): a request's reminders are written in advance,
// one outbox row per step and person of the company. A member the owner removes gets none after the
// removal (their waiting rows are discarded in its transaction); a member who joins later (their
// invitation accepted) gets each step still to come, once, and none already past. The clock is
// injected and moved; the mails are read from a real SMTP server.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { injectAs, SEED_PASSWORD, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { settled } from '../helpers/app.js'
import { linkIn, mailText as textOf, startSmtp, type TestSmtp } from '../helpers/smtp.js'
import { addType } from '../documents/fixtures.js'
import { askFor, requestsApp, typeIdOf } from './helpers.js'

const CREATED = 'Le cabinet vous demande le document suivant'
const SOON = 'Rappel : le cabinet attend toujours le document suivant, dans 3 jours '
const DUE = 'Rappel : le document suivant est attendu aujourd’hui'
const LATE = (days: number) => `Le document suivant est en retard de ${days} jours`
const LEAD = /(Le cabinet vous demande le document suivant|Rappel : le cabinet attend toujours[^:]*|Rappel : le document suivant est attendu aujourd’hui|Le document suivant est en retard de \d+ jours)/

/** The leads of the request mails `to` received so far, in order, with the request's title (an invitation is none). */
function leadsFor(smtp: TestSmtp, to: string): string[] {
  return smtp.mails
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => textOf(m.raw))
    .flatMap((text) => {
      const lead = LEAD.exec(text)?.[1]
      const title = /(Bilan 2025|Relevés de mars)/.exec(text)?.[1] ?? '?'
      return lead ? [`${title} · ${lead}`] : []
    })
}

const fresh = async (app: FastifyInstance, account: SeededAccount): Promise<SeededAccount> => ({ ...account, cookie: await app.sessionCookieFor(account.id) })

async function world(t: { teardown: (fn: () => unknown) => void }) {
  const smtp = await startSmtp(t)
  const { app, db, clock } = await requestsApp(t, { start: '2026-03-02T09:00:00Z', env: { SMTP_URL: smtp.url, RATE_LIMIT_TOKEN_IP: '1000' } })
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const owner = await seedAccount(app, { accepted: true, username: 'Atlas Import', entreprise: 'SARL Atlas' })
  const bilan = await typeIdOf(db, 'Bilan')
  /** The clock at `at`, then whatever fell due sent. */
  const at = async (when: string) => {
    clock.set(when)
    await settled(app)
  }
  const ask = async (title: string, dueDate = '2026-03-20') => askFor(app, await fresh(app, admin), { userId: owner.id, typeId: bilan, title, note: '', dueDate })
  /** The owner invites `email`; its link's token. */
  const invite = async (email: string, username = 'Samia Comptable') => {
    const res = await injectAs(app, await fresh(app, owner), { method: 'POST', url: '/api/company/members', payload: { email, username } })
    if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`)
    await settled(app)
    // Their mails not yet read, reminders included, up to the invitation.
    for (;;) {
      const mail = await smtp.nextMail(email)
      if (/\/invitations\//.test(mail.decoded)) return linkIn(mail, /^\/invitations\//).pathname.split('/').pop()!
    }
  }
  const accept = async (token: string) => {
    const res = await app.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: { username: 'Samia Comptable', password: SEED_PASSWORD, confirmPassword: SEED_PASSWORD } })
    if (res.statusCode >= 300) throw new Error(`accept: ${res.statusCode} ${res.body}`)
  }
  const remove = async (id: number) => {
    const res = await injectAs(app, await fresh(app, owner), { method: 'DELETE', url: `/api/company/members/${id}` })
    if (res.statusCode !== 200) throw new Error(`remove: ${res.statusCode} ${res.body}`)
    await settled(app)
  }
  /** Mails still waiting in the outbox for `email`. */
  const waitingFor = async (email: string) =>
    Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('recipient', '=', email).where('status', '=', 'pending').executeTakeFirstOrThrow()).n)
  return { smtp, app, db, clock, admin, owner, at, ask, invite, accept, remove, waitingFor }
}

t.test('a member removed gets no reminder after the removal; the owner gets each', async (t) => {
  const { smtp, app, owner, at, ask, remove, waitingFor } = await world(t)
  const member = await seedAccount(app, { companyId: owner.id, username: 'Karim Membre' })
  const stays = await seedAccount(app, { companyId: owner.id, username: 'Nadia Reste' })
  await ask('Bilan 2025')
  await settled(app)
  await at('2026-03-17T07:00:00Z')
  const before = [`Bilan 2025 · ${CREATED}`, `Bilan 2025 · ${SOON}`]
  t.same(leadsFor(smtp, member.email), before, 'the request and its first reminder, while a member')
  t.equal(await waitingFor(member.email), 5, 'five more waiting for them')

  await remove(member.id)
  t.equal(await waitingFor(member.email), 0, 'their waiting reminders are discarded with the removal')
  t.equal(await waitingFor(stays.email), 5, 'another member’s stay')
  t.equal(await waitingFor(owner.email), 5, 'and the owner’s')

  for (const day of ['2026-03-20', '2026-03-27', '2026-04-03', '2026-04-10', '2026-04-17']) await at(`${day}T07:00:00Z`)
  const every = [...before, ...[DUE, LATE(7), LATE(14), LATE(21), LATE(28)].map((lead) => `Bilan 2025 · ${lead}`)]
  t.same(leadsFor(smtp, member.email), before, 'none after the removal')
  t.same(leadsFor(smtp, owner.email), every, 'the owner gets every step')
  t.same(leadsFor(smtp, stays.email), every, 'and so does the member still there')
})

t.test('a member who joins later gets the steps still to come, once; past ones and closed requests none', async (t) => {
  const { smtp, app, db, admin, owner, at, ask, invite, accept, remove, waitingFor } = await world(t)
  const email = 'samia@atlas.dz'
  await ask('Bilan 2025')
  const cancelled = await ask('Relevés de mars', '2026-03-25')
  await settled(app)
  t.equal((await injectAs(app, await fresh(app, admin), { method: 'POST', url: `/api/requests/${cancelled}/cancel` })).statusCode, 200, 'one request cancelled')

  // Invited before the first reminder, accepted after it.
  await at('2026-03-12T09:00:00Z')
  const token = await invite(email)
  t.equal(await waitingFor(email), 0, 'an invited person is reminded of nothing')
  await at('2026-03-17T07:00:00Z')
  t.same(leadsFor(smtp, owner.email), [`Bilan 2025 · ${CREATED}`, `Relevés de mars · ${CREATED}`, `Bilan 2025 · ${SOON}`])
  await at('2026-03-18T09:00:00Z')
  const id = Number((await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id)
  await accept(token)
  t.equal(await waitingFor(email), 5, 'the due day and four overdue steps of the open request, written as they accept')

  await at('2026-03-20T07:00:00Z')
  t.same(leadsFor(smtp, email), [`Bilan 2025 · ${DUE}`], 'the step after their joining; neither the request’s mail nor the step before')

  // Removed, invited again and accepting again: each step still to come once.
  await remove(id)
  t.equal(await waitingFor(email), 0)
  const again = await invite(email)
  await accept(again)
  t.equal(await waitingFor(email), 4, 'the four overdue steps, not twice')
  for (const day of ['2026-03-27', '2026-04-03', '2026-04-10', '2026-04-17', '2026-06-30']) await at(`${day}T07:00:00Z`)
  t.same(leadsFor(smtp, email), [DUE, LATE(7), LATE(14), LATE(21), LATE(28)].map((lead) => `Bilan 2025 · ${lead}`), 'each once')
})

t.test('a request closed after a member joined takes their reminders with it', async (t) => {
  const { smtp, app, admin, at, ask, invite, accept, waitingFor } = await world(t)
  const email = 'yacine@atlas.dz'
  const id = await ask('Bilan 2025')
  await settled(app)
  await accept(await invite(email))
  t.equal(await waitingFor(email), 6, 'every step of the request')
  t.equal((await injectAs(app, await fresh(app, admin), { method: 'POST', url: `/api/requests/${id}/cancel` })).statusCode, 200)
  t.equal(await waitingFor(email), 0, 'discarded with its cancellation')
  await at('2026-06-30T07:00:00Z')
  t.same(leadsFor(smtp, email), [])
})
