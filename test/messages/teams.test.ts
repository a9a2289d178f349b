// Contract §9 in the messages module: a company's owner and members share its thread (the company's id
// in the paths, each writing as themselves); a staff member reaches only the threads of the clients
// they serve (another is 404), lists and counts unread over them; a message's author carries `role`;
// a firm's answer is mailed to the person it answers.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { toDbTime } from '../../src/db/values.js'
import type { Db } from '../../src/db/database.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, freshDatabase, settled } from '../helpers/app.js'
import { islandProps } from '../helpers/html.js'
import { decodeMime, startSmtp } from '../helpers/smtp.js'

type T = Parameters<Parameters<typeof t.test>[0]>[0]
type Author = { id: number | null; username: string; isAdmin: boolean; role: string | null }

const post = (app: FastifyInstance, as: SeededAccount, userId: number, text: string) => injectAs(app, as, { method: 'POST', url: `/api/messages/${userId}`, payload: { text } })
const read = (app: FastifyInstance, as: SeededAccount, userId: number) => injectAs(app, as, `/api/messages/${userId}`)

async function assign(db: Db, client: SeededAccount, staff: SeededAccount) {
  await db.insertInto('client_staff').values({ client_id: client.id, staff_id: staff.id, created_at: toDbTime(new Date()) }).execute()
}

/** An administrator, two staff (Karim serves Atlas), Atlas with its owner and a member, Zitouna with a member. */
async function cast(app: FastifyInstance, db: Db) {
  const admin = await seedAccount(app, { admin: true, username: 'Amina Admin' })
  const karim = await seedAccount(app, { role: 'staff', username: 'Karim Staff' })
  const leila = await seedAccount(app, { role: 'staff', username: 'Leila Staff' })
  const atlas = await seedAccount(app, { accepted: true, username: 'Sofiane Atlas' })
  const member = await seedAccount(app, { username: 'Yasmine Atlas', companyId: atlas.id })
  const zitouna = await seedAccount(app, { accepted: true, username: 'EURL Zitouna' })
  const stranger = await seedAccount(app, { username: 'Membre Zitouna', companyId: zitouna.id })
  await assign(db, atlas, karim)
  await assign(db, zitouna, leila)
  return { admin, karim, leila, atlas, member, zitouna, stranger }
}

t.test('the company’s thread: owner and members read and write it, each as themselves; another company’s people are refused', async (t) => {
  const { app, db } = await buildTestApp(t)
  const { admin, karim, atlas, member, zitouna, stranger } = await cast(app, db)

  const byMember = await post(app, member, atlas.id, 'Le relevé de mars est déposé.')
  t.equal(byMember.statusCode, 201, 'a member writes in the company’s thread')
  t.same(byMember.json().author, { id: member.id, username: 'Yasmine Atlas', isAdmin: false, role: 'client' }, 'as themselves')
  t.equal((await post(app, atlas, atlas.id, 'Merci Yasmine.')).statusCode, 201)
  t.equal((await post(app, karim, atlas.id, 'Bien reçu.')).statusCode, 201, 'the staff member serving Atlas')
  t.equal((await post(app, admin, atlas.id, 'Je complète.')).statusCode, 201)

  for (const who of [atlas, member]) {
    const thread = await read(app, who, atlas.id)
    t.equal(thread.statusCode, 200)
    t.same(thread.json().map((m: { author: Author }) => m.author), [
      { id: member.id, username: 'Yasmine Atlas', isAdmin: false, role: 'client' },
      { id: atlas.id, username: 'Sofiane Atlas', isAdmin: false, role: 'client' },
      { id: karim.id, username: 'Karim Staff', isAdmin: true, role: 'staff' },
      { id: admin.id, username: 'Amina Admin', isAdmin: true, role: 'admin' },
    ], 'one thread, every author named, the firm’s admin told from its staff')
  }
  t.equal((await db.selectFrom('messages').select('user_id').where('user_id', '!=', atlas.id).execute()).length, 0, 'every message in the company’s thread')

  for (const [what, response] of [
    ['a member in their own id’s “thread”', await post(app, member, member.id, 'moi')],
    ['another company’s member reads', await read(app, stranger, atlas.id)],
    ['another company’s member writes', await post(app, stranger, atlas.id, 'intrus')],
    ['a member in another company’s thread', await read(app, member, zitouna.id)],
  ] as const) {
    t.equal(response.statusCode, 403, what)
    t.equal(response.json().message, 'Cette conversation ne vous concerne pas.')
  }
  t.equal((await post(app, admin, member.id, 'à un membre')).statusCode, 404, 'the firm has no thread with a member: the company’s is the one')

  // The pages: the member's /messages is the company's thread; they are « Vous » on their own messages only.
  const page = await injectAs(app, member, '/messages')
  const props = islandProps(page.body, 'MessageThread')
  t.same([props.userId, props.viewer, props.viewerId], [atlas.id, 'client', member.id])
  t.equal((props.messages as unknown[]).length, 4)
  const form = await injectAs(app, member, { method: 'POST', url: '/messages', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }, payload: 'text=Sans+JavaScript' })
  t.same([form.statusCode, form.headers.location], [303, '/messages'], 'the form without JavaScript, into the company’s thread')
  const last = await db.selectFrom('messages').select(['user_id', 'author_id']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()
  t.same([Number(last.user_id), Number(last.author_id)], [atlas.id, member.id])
})

t.test('a staff member: the threads of the clients they serve (another is 404), their list and unread counts', async (t) => {
  const { app, db } = await buildTestApp(t)
  const { admin, karim, leila, atlas, member, zitouna } = await cast(app, db)
  const cedre = await seedAccount(app, { accepted: true, username: 'SPA Cèdre' })
  await post(app, member, atlas.id, 'Question Atlas')
  await post(app, zitouna, zitouna.id, 'Question Zitouna')
  await post(app, zitouna, zitouna.id, 'Encore Zitouna')
  await post(app, cedre, cedre.id, 'Question Cèdre')

  for (const [what, response] of [
    ['reads another client’s', await read(app, karim, zitouna.id)],
    ['writes in another client’s', await post(app, karim, zitouna.id, 'intrus')],
    ['reads an unassigned client’s', await read(app, leila, cedre.id)],
    ['an administrator’s id', await read(app, karim, admin.id)],
    ['a member’s id', await read(app, karim, member.id)],
  ] as const) {
    t.equal(response.statusCode, 404, what)
    t.equal(response.json().message, 'Conversation introuvable.')
  }
  t.equal((await db.selectFrom('messages').select('id').where('text', '=', 'intrus').execute()).length, 0, 'nothing stored')
  t.equal((await injectAs(app, karim, `/admin-dashboard/clients/${zitouna.id}/messages`)).statusCode, 404, 'another client’s thread page')

  const threads = async (as: SeededAccount) => {
    const res = await injectAs(app, as, '/api/messages')
    return { ids: res.json().map((thread: { userId: number; unread: number }) => [thread.userId, thread.unread]), total: res.headers['x-total-count'] }
  }
  t.same(await threads(karim), { ids: [[atlas.id, 1]], total: '1' }, 'Karim: Atlas only')
  t.same(await threads(leila), { ids: [[zitouna.id, 2]], total: '1' }, 'Leila: Zitouna only')
  t.same((await threads(admin)).ids.map((row: number[]) => row[0]), [cedre.id, zitouna.id, atlas.id], 'the administrator: every thread')
  const page = await injectAs(app, karim, '/admin-dashboard/threads')
  t.equal(page.statusCode, 200)
  t.match(page.body, 'Sofiane Atlas')
  t.notMatch(page.body, /EURL Zitouna|SPA Cèdre/, 'the page lists what the API lists')

  const unread = (who: { id: number; role: 'admin' | 'staff' | 'client'; companyId: number | null }) => app.services.messages.unreadFor({ ...who, isAdmin: who.role !== 'client', isAccepted: true })
  t.equal(await unread({ id: karim.id, role: 'staff', companyId: null }), 1, 'Karim’s badge: his clients’ unread')
  t.equal(await unread({ id: leila.id, role: 'staff', companyId: null }), 2)
  t.equal(await unread({ id: admin.id, role: 'admin', companyId: null }), 4, 'the firm’s: every client’s')
  await post(app, karim, atlas.id, 'Réponse')
  t.equal(await unread({ id: member.id, role: 'client', companyId: atlas.id }), 1, 'a member’s badge: the company’s thread')
  t.equal(await unread({ id: atlas.id, role: 'client', companyId: atlas.id }), 1, 'the owner’s, the same thread')
  t.equal((await injectAs(app, karim, `/admin-dashboard/clients/${atlas.id}/messages`)).statusCode, 200, 'their client’s thread page')
  t.equal(await unread({ id: karim.id, role: 'staff', companyId: null }), 0, 'Karim read it there: the firm’s side read')
  t.equal(await unread({ id: leila.id, role: 'staff', companyId: null }), 2, 'Leila’s clients’ untouched')
})

t.test('a firm’s answer mails the person it answers, else the owner; a client’s message mails the firm as before', async (t) => {
  const smtp = await startSmtp(t)
  const database = await freshDatabase()
  const clock = fixedClock('2026-03-02T09:00:00Z')
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, SMTP_URL: smtp.url, FIRM_EMAIL: 'cabinet@example.dz', PUBLIC_URL: 'http://portail.test' }), { db: database.db, clock, logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
  })
  await app.ready()
  const { admin, karim, atlas, member } = await cast(app, database.db)
  const mailsTo = async (to: string) => {
    await settled(app)
    return smtp.mails.filter((m) => m.to.includes(to)).map((m) => decodeMime(m.raw))
  }
  const quiet = () => clock.advance(20 * 60_000)
  const write = async (as: SeededAccount, text: string) => {
    const res = await post(app, as, atlas.id, text)
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`)
  }

  await write(admin, 'Bonjour, le cabinet écrit le premier.')
  t.equal((await mailsTo(atlas.email)).length, 1, 'no one answered yet: the owner is mailed')
  quiet()
  await write(member, 'Question de Yasmine')
  t.equal((await mailsTo('cabinet@example.dz')).length, 1, 'a member’s message mails the firm')
  t.match((await mailsTo('cabinet@example.dz'))[0], /Subject: Nouveau message de Sofiane Atlas/, 'naming the company, as before')
  await write(karim, 'Réponse à Yasmine')
  t.equal((await mailsTo(member.email)).length, 1, 'the answer mails the member who asked')
  t.equal((await mailsTo(atlas.email)).length, 1, 'not the owner')
  t.match((await mailsTo(member.email))[0], /Subject: Nouveau message du cabinet/)

  quiet()
  await write(atlas, 'Question du gérant')
  await write(admin, 'Réponse au gérant')
  t.equal((await mailsTo(atlas.email)).length, 2, 'the owner asked last: the owner is mailed')
  t.equal((await mailsTo(member.email)).length, 1)

  quiet()
  await write(member, 'Dernière question de Yasmine')
  await database.db.updateTable('users').set({ status: 'removed' }).where('id', '=', member.id).execute()
  await write(admin, 'Réponse après son départ')
  t.equal((await mailsTo(member.email)).length, 1, 'a person removed since is not mailed')
  t.equal((await mailsTo(atlas.email)).length, 3, 'the owner is')
})

t.test('a thread keeps the name of a removed member', async (t: T) => {
  const { app, db } = await buildTestApp(t)
  const { admin, atlas, member } = await cast(app, db)
  await post(app, member, atlas.id, 'Avant mon départ')
  await db.updateTable('users').set({ status: 'removed' }).where('id', '=', member.id).execute()
  t.same((await read(app, admin, atlas.id)).json()[0].author, { id: member.id, username: 'Yasmine Atlas', isAdmin: false, role: 'client' })
})
