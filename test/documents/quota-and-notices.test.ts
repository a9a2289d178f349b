// Issue 15: a storage quota per client (CLIENT_QUOTA_MB), and the firm's mails about uploads grouped
// (contract §4): the first at once, then at most one per client per 15 minutes listing the rest,
// across instances, tested with the injectable clock.
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, freshDatabase, settled } from '../helpers/app.js'
import { twoInstances } from '../helpers/instances.js'
import { mailText, startSmtp, type TestSmtp } from '../helpers/smtp.js'
import { PassThrough } from 'node:stream'
import { addType, filesIn, multipart, PDF, upload } from './fixtures.js'
import type { FastifyInstance } from 'fastify'

const FIRM = 'cabinet@example.dz'
const MINUTE = 60_000
const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, bytes - PDF.length), 0x20)])

async function send(app: FastifyInstance, client: SeededAccount, filename: string, bytes = PDF.length) {
  const res = await upload(app, client, { type: 'Bilan', userId: client.id, filename, content: pdfOf(bytes) })
  return res
}

t.test('quota: an upload that would pass CLIENT_QUOTA_MB is refused with 413, says what is left, keeps nothing', async (t) => {
  const { app, config, db } = await buildTestApp(t, { CLIENT_QUOTA_MB: '1' })
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const client = await seedAccount(app, { accepted: true })
  const other = await seedAccount(app, { accepted: true })
  t.equal((await send(app, client, 'grand-livre.pdf', 600 * 1024)).statusCode, 201)
  const files = filesIn(config.uploadDir, 'documents').length
  const refused = await send(app, client, 'bilan.pdf', 600 * 1024)
  t.equal(refused.statusCode, 413)
  t.equal(refused.json().message, 'Espace de stockage insuffisant : il vous reste 0,4 Mo sur 1 Mo. Supprimez des documents que le cabinet n’a pas encore consultés, ou contactez le cabinet.')
  t.equal(filesIn(config.uploadDir, 'documents').length, files, 'no file left')
  t.equal(filesIn(config.uploadDir, '.tmp').length, 0, 'no temporary file left')
  t.equal(Number((await db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', client.id).executeTakeFirstOrThrow()).n), 1, 'no row')
  t.equal((await send(app, client, 'petit.pdf', 300 * 1024)).statusCode, 201, 'what fits still goes')
  t.equal((await send(app, other, 'bilan.pdf', 600 * 1024)).statusCode, 201, 'the quota is per client')

  const profile = (await injectAs(app, client, `/api/users/profile/${client.id}`)).json()
  t.same(profile.storage, { usedBytes: 900 * 1024, quotaBytes: 1024 * 1024 })
  const page = await injectAs(app, client, `/users/profile/${client.id}`)
  t.match(page.body, /Espace utilisé : <strong>0,9 Mo<\/strong> sur (<!-- -->)?1 Mo/)
  t.match(page.body, /<meter[^>]*max="1048576"[^>]*value="921600"|<meter[^>]*value="921600"[^>]*max="1048576"/)
})

t.test('quota: a body declared larger than the space left is refused before it is read', async (t) => {
  const { app, config } = await buildTestApp(t, { CLIENT_QUOTA_MB: '1' })
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const client = await seedAccount(app, { accepted: true })
  t.equal((await send(app, client, 'grand-livre.pdf', 600 * 1024)).statusCode, 201)
  const body = multipart([{ name: 'type', value: 'Bilan' }, { name: 'file', filename: 'bilan.pdf', content: pdfOf(600 * 1024) }])
  const stream = new PassThrough()
  // Only the first bytes are ever sent: the answer cannot wait for the rest.
  stream.write(body.payload.subarray(0, 1024))
  const res = await injectAs(app, client, { method: 'POST', url: '/api/documents/upload', headers: { ...body.headers, 'content-length': String(body.payload.length) }, payload: stream })
  t.equal(res.statusCode, 413)
  t.match(res.json().message, /il vous reste 0,4 Mo sur 1 Mo/)
  t.equal(filesIn(config.uploadDir, '.tmp').length, 0)
  stream.destroy()
})

t.test('quota: uploads of one client arriving together are checked one at a time', async (t) => {
  const { app, db } = await buildTestApp(t, { CLIENT_QUOTA_MB: '1' })
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const client = await seedAccount(app, { accepted: true })
  const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => send(app, client, `part-${i}.pdf`, 400 * 1024)))
  t.same(answers.map((res) => res.statusCode).sort(), [201, 201, 413, 413], 'two fit, two do not')
  const used = await db.selectFrom('documents').select((eb) => eb.fn.sum<number | string>('size').as('used')).where('user_id', '=', client.id).executeTakeFirstOrThrow()
  t.ok(Number(used.used) <= 1024 * 1024, 'never past the quota')
})

t.test('the default quota is 2048 MB', async (t) => {
  t.equal(loadConfig({ NODE_ENV: 'test' }).clientQuotaBytes, 2048 * 1024 * 1024)
  t.throws(() => loadConfig({ NODE_ENV: 'test', CLIENT_QUOTA_MB: 'beaucoup' }), /CLIENT_QUOTA_MB/)
})

interface MailsApp {
  app: FastifyInstance
  smtp: TestSmtp
  clock: ReturnType<typeof fixedClock>
}

async function mailsApp(t: { teardown: (fn: () => unknown) => void }): Promise<MailsApp> {
  const smtp = await startSmtp(t)
  const database = await freshDatabase()
  const clock = fixedClock('2026-03-02T09:00:00Z')
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, SMTP_URL: smtp.url, FIRM_EMAIL: FIRM, PUBLIC_URL: 'http://portail.test' }), { db: database.db, clock, logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
  })
  await app.ready()
  return { app, smtp, clock }
}

t.test('the firm hears of the first upload at once, then of the rest in one mail per client per 15 minutes', async (t) => {
  const { app, smtp, clock } = await mailsApp(t)
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const client = await seedAccount(app, { accepted: true, username: 'Atlas' })
  const other = await seedAccount(app, { accepted: true, username: 'Zitouna' })
  const firmMails = async () => {
    await settled(app)
    return smtp.mails.filter((m) => m.to.includes(FIRM)).map((m) => mailText(m.raw))
  }

  t.equal((await send(app, client, 'a.pdf')).statusCode, 201)
  let mails = await firmMails()
  t.equal(mails.length, 1, 'the first upload at once')
  t.match(mails[0], /Fichier : a\.pdf/)

  clock.advance(MINUTE)
  await send(app, client, 'b.pdf')
  clock.advance(MINUTE)
  await send(app, client, 'c.pdf')
  await send(app, other, 'z.pdf')
  mails = await firmMails()
  t.equal(mails.length, 2, 'nothing more about Atlas yet; Zitouna’s first upload goes at once')
  t.match(mails[1], /Client : Zitouna/)

  clock.set('2026-03-02T09:14:59Z')
  t.equal((await firmMails()).length, 2, 'not before the quarter of an hour')
  clock.set('2026-03-02T09:15:00Z')
  mails = await firmMails()
  t.equal(mails.length, 3, 'one digest, 15 minutes after the first mail')
  t.match(mails[2], /Client : Atlas/)
  t.match(mails[2], /2 document\(s\) déposé\(s\) depuis le message précédent/)
  t.match(mails[2], /b\.pdf/)
  t.match(mails[2], /c\.pdf/)
  t.notMatch(mails[2], /a\.pdf/, 'what the first mail said is not repeated')

  clock.advance(MINUTE)
  await send(app, client, 'd.pdf')
  clock.set('2026-03-02T09:29:59Z')
  t.equal((await firmMails()).length, 3, 'the next one waits 15 minutes after the digest')
  clock.set('2026-03-02T09:30:00Z')
  mails = await firmMails()
  t.equal(mails.length, 4)
  t.match(mails[3], /1 document\(s\)/)
  t.match(mails[3], /d\.pdf/)

  clock.set('2026-03-02T09:45:00Z')
  await send(app, client, 'e.pdf')
  mails = await firmMails()
  t.equal(mails.length, 5, 'after a quiet quarter of an hour, at once again')
  t.match(mails[4], /Fichier : e\.pdf/)
})

t.test('the grouping holds across instances: two instances, one digest', async (t) => {
  const smtp = await startSmtp(t)
  const clock = fixedClock('2026-03-02T09:00:00Z')
  const { a, b, another } = await twoInstances(t, { SMTP_URL: smtp.url, FIRM_EMAIL: FIRM }, { clock })
  const admin = await seedAccount(a, { admin: true })
  await addType(a, admin, 'Bilan')
  const client = await seedAccount(a, { accepted: true, username: 'Atlas' })
  const count = async (...apps: FastifyInstance[]) => {
    for (const app of apps) await settled(app)
    return smtp.mails.filter((m) => m.to.includes(FIRM)).length
  }
  t.equal((await send(a, client, 'a.pdf')).statusCode, 201)
  t.equal(await count(a, b), 1)
  clock.advance(MINUTE)
  t.equal((await send(b, client, 'b.pdf')).statusCode, 201)
  await send(a, client, 'c.pdf')
  t.equal(await count(a, b), 1, 'neither instance mails at once')
  // A third instance, started later (a restart), knows it too.
  const c = await another()
  await send(c, client, 'd.pdf')
  clock.set('2026-03-02T09:15:00Z')
  t.equal(await count(a, b, c), 2, 'one digest in all')
  const digest = mailText(smtp.mails.filter((m) => m.to.includes(FIRM))[1]!.raw)
  t.match(digest, /3 document\(s\)/)
  for (const name of ['b.pdf', 'c.pdf', 'd.pdf']) t.match(digest, name)
})

t.test('a digest already taken by a worker is not rewritten: the next upload waits for another, 15 minutes later', async (t) => {
  const { app } = await mailsApp(t)
  const db = app.ports.db
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const client = await seedAccount(app, { accepted: true, username: 'Atlas' })
  await send(app, client, 'a.pdf')
  await settled(app)
  await send(app, client, 'b.pdf')
  const pending = () => db.selectFrom('outbox').select(['id', 'subject', 'next_attempt_at']).where('recipient', '=', FIRM).where('status', '=', 'pending').orderBy('id').execute()
  const [digest] = await pending()
  t.match(digest, { subject: 'Nouveaux documents — Atlas (1)' })
  t.match(String(digest!.next_attempt_at), /^2026-03-02 09:15:00/)
  // A worker claims it (as at 09:15, on another instance): its content is no longer ours to change.
  await db.updateTable('outbox').set({ claimed_by: 'other-instance', claimed_until: '2026-03-02 10:00:00.000' }).where('id', '=', digest!.id).execute()
  await send(app, client, 'c.pdf')
  const rows = await pending()
  t.equal(rows.length, 2)
  t.match(rows[0], { id: digest!.id, subject: 'Nouveaux documents — Atlas (1)' }, 'the claimed digest is left as it was')
  t.match(rows[1], { subject: 'Nouveaux documents — Atlas (1)' }, 'a new digest lists c.pdf alone')
  t.match(String(rows[1]!.next_attempt_at), /^2026-03-02 09:30:00/, 'due 15 minutes after the one taken')
})
