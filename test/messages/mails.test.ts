// Contract §7: the other side is mailed of new messages at most once per 15 minutes per thread,
// through the outbox, read here from a real SMTP server with an injected clock. No mail holds the text.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { freshDatabase, settled } from '../helpers/app.js'
import { decodeMime, linkIn, startSmtp } from '../helpers/smtp.js'

type T = Parameters<Parameters<typeof t.test>[0]>[0]

const FIRM = 'cabinet@example.dz'
const MINUTE = 60_000
const SECRET = 'Le solde du compte 512 est de 1 234 567 DA'

async function mailsApp(t: T) {
  const smtp = await startSmtp(t)
  const database = await freshDatabase()
  const clock = fixedClock('2026-03-02T09:00:00Z')
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, SMTP_URL: smtp.url, FIRM_EMAIL: FIRM, PUBLIC_URL: 'http://portail.test' }), { db: database.db, clock, logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
  })
  await app.ready()
  const mailsTo = async (to: string) => {
    await settled(app)
    return smtp.mails.filter((m) => m.to.includes(to)).map((m) => ({ ...m, decoded: decodeMime(m.raw) }))
  }
  return { app, smtp, clock, mailsTo }
}

const write = async (app: FastifyInstance, as: SeededAccount, userId: number, text: string) => {
  const response = await injectAs(app, as, { method: 'POST', url: `/api/messages/${userId}`, payload: { text } })
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`)
}

t.test('a client’s messages mail the firm: the first at once, then one mail per 15 minutes per thread', async (t) => {
  const { app, clock, mailsTo } = await mailsApp(t)
  const client = await seedAccount(app, { accepted: true, username: 'SARL Atlas' })
  const other = await seedAccount(app, { accepted: true, username: 'EURL Zitouna' })

  await write(app, client, client.id, SECRET)
  let mails = await mailsTo(FIRM)
  t.equal(mails.length, 1, 'the first message at once')
  t.match(mails[0]!.decoded, /Subject: Nouveau message de SARL Atlas/)
  t.equal(linkIn(mails[0]!, /messages/).href, `http://portail.test/admin-dashboard/clients/${client.id}/messages`, 'it links to the thread')
  t.notMatch(mails[0]!.decoded, /compte 512|solde du|1 234 567/, 'the text is not in the mail')

  clock.advance(MINUTE)
  await write(app, client, client.id, 'Deuxième message')
  clock.advance(5 * MINUTE)
  await write(app, client, client.id, 'Troisième message')
  await write(app, other, other.id, 'Bonjour')
  mails = await mailsTo(FIRM)
  t.equal(mails.length, 2, 'nothing more about Atlas within 15 minutes; Zitouna’s thread is its own')
  t.match(mails[1]!.decoded, /EURL Zitouna/)

  clock.set('2026-03-02T09:14:59Z')
  t.equal((await mailsTo(FIRM)).length, 2, 'not before the quarter of an hour')
  clock.set('2026-03-02T09:15:00Z')
  mails = await mailsTo(FIRM)
  t.equal(mails.length, 3, 'the two later messages: one mail, 15 minutes after the first')
  t.match(mails[2]!.decoded, /SARL Atlas/)
  t.notMatch(mails[2]!.decoded, /Deuxième|Troisième/)

  clock.set('2026-03-02T09:40:00Z')
  await write(app, client, client.id, 'Après une pause')
  mails = await mailsTo(FIRM)
  t.equal(mails.length, 4, 'after a quiet quarter of an hour, at once again')
  t.equal((await mailsTo(client.email)).length, 0, 'the client is not mailed of their own messages')
})

t.test('an administrator’s messages mail the client, grouped the same way and apart from the firm’s', async (t) => {
  const { app, clock, mailsTo } = await mailsApp(t)
  const admin = await seedAccount(app, { admin: true })
  const second = await seedAccount(app, { admin: true })
  const client = await seedAccount(app, { accepted: true })

  await write(app, client, client.id, 'Question')
  await write(app, admin, client.id, SECRET)
  let mails = await mailsTo(client.email)
  t.equal(mails.length, 1, 'the client hears at once, though the firm was just mailed about this thread')
  t.match(mails[0]!.decoded, /Subject: Nouveau message du cabinet/)
  t.equal(linkIn(mails[0]!, /messages/).href, 'http://portail.test/messages')
  t.notMatch(mails[0]!.decoded, /compte 512|solde du|1 234 567/, 'the text is not in the mail')

  clock.advance(2 * MINUTE)
  await write(app, second, client.id, 'Un autre administrateur répond')
  clock.advance(10 * MINUTE)
  await write(app, admin, client.id, 'Encore')
  t.equal((await mailsTo(client.email)).length, 1, 'every administrator writes as the firm: one thread, one quarter of an hour')
  clock.set('2026-03-02T09:15:00Z')
  mails = await mailsTo(client.email)
  t.equal(mails.length, 2, 'one more mail for both')
  t.equal((await mailsTo(FIRM)).length, 1, 'the firm had one mail, for the client’s question')
  t.equal((await mailsTo(admin.email)).length + (await mailsTo(second.email)).length, 0, 'administrators are reached at FIRM_EMAIL, not their own addresses')
})
