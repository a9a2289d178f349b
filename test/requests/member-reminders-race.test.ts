// A security review of issue 29 (contract §5, §7, §9): a request asked while one of the company's
// members is being removed, or is accepting their invitation, reads the company's people again first
// in its transaction, locked: it waits for the change and addresses its reminders as it left them.
// The other side (the removal's forgetPerson, the acceptance's addPerson) reads the requests locked
// too, as they are now, so whichever goes first the person is reminded once or not at all. On a
// MariaDB database of its own whatever the leg: SQLite's transactions run one at a time.
import { sql } from 'kysely'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { fixedClock } from '../../src/clock/clock.js'
import { loadConfig } from '../../src/config.js'
import type { Db } from '../../src/db/database.js'
import { nowDb } from '../../src/db/values.js'
import { seedAccount } from '../helpers/accounts.js'
import { freshDatabase } from '../helpers/app.js'
import { addType } from '../documents/fixtures.js'
import { ask, FIRM, typeIdOf } from './helpers.js'

const MARIADB = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? process.env.TEST_DATABASE_URL : 'mysql://root@127.0.0.1:3306/test'

async function world(t: { teardown: (fn: () => unknown) => void }) {
  const database = await freshDatabase(MARIADB)
  const varDir = mkdtempSync(join(tmpdir(), 'portal-var-'))
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, UPLOAD_DIR: join(varDir, 'uploads'), FIRM_EMAIL: FIRM, PUBLIC_URL: 'http://portail.test' }, { varDir })
  const app = await buildApp(config, { db: database.db, clock: fixedClock('2026-03-02T09:00:00Z'), logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  await app.ready()
  const db = database.db
  const admin = await seedAccount(app, { admin: true })
  await addType(app, admin, 'Bilan')
  const owner = await seedAccount(app, { accepted: true })
  const asking = async () => {
    const res = await ask(app, admin, { userId: owner.id, typeId: await typeIdOf(db, 'Bilan'), title: 'Bilan 2025', note: '', dueDate: '2026-03-20' })
    if (res.statusCode !== 201) throw new Error(`ask: ${res.statusCode} ${res.body}`)
  }
  /** Rows of the outbox to `email` (the request's mail and its six reminders, or none). */
  const mailsTo = async (email: string) => Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('recipient', '=', email).executeTakeFirstOrThrow()).n)
  return { app, db, admin, owner, asking, mailsTo }
}

/** Until another connection's locking read runs (the request's, waiting for the held transaction). */
async function waiting(db: Db): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from information_schema.processlist where id <> connection_id() and db = database() and command = 'Query' and info like '%for update%'`.execute(db)
    if (Number(rows[0]!.n) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('no locking read waiting within 10 s')
}

/** A transaction setting the member's status (as the removal, or the acceptance, does first), held open until `commit()`. */
function holding(db: Db, memberId: number, status: 'removed' | 'active') {
  let commit!: () => void
  let written!: () => void
  const done = new Promise<void>((resolve) => (written = resolve))
  const release = new Promise<void>((resolve) => (commit = resolve))
  const committed = db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ status, updated_at: nowDb() }).where('id', '=', memberId).execute()
    written()
    await release
  })
  return { done, commit, committed }
}

t.test('MariaDB: asked while a member is being removed, the request waits and reminds them of nothing', async (t) => {
  const { app, db, owner, asking, mailsTo } = await world(t)
  const member = await seedAccount(app, { companyId: owner.id })
  const removal = holding(db, member.id, 'removed')
  await removal.done
  const asked = asking()
  await waiting(db)
  removal.commit()
  await removal.committed
  await asked
  t.equal(await mailsTo(member.email), 0, 'no mail to the removed member')
  t.equal(await mailsTo(owner.email), 7, 'the owner’s mail and six reminders')
})

t.test('MariaDB: asked while a member is joining, the request waits and reminds them too', async (t) => {
  const { app, db, owner, asking, mailsTo } = await world(t)
  const member = await seedAccount(app, { companyId: owner.id })
  await db.updateTable('users').set({ status: 'invited' }).where('id', '=', member.id).execute()
  const joining = holding(db, member.id, 'active')
  await joining.done
  const asked = asking()
  await waiting(db)
  joining.commit()
  await joining.committed
  await asked
  t.equal(await mailsTo(member.email), 7, 'the member who joined is mailed as the owner is')
})
