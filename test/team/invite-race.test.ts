// A security review of issue 29 (contract §9): users.company_id has no foreign key, and the owner's
// invitation read the company before its transaction, so an invitation racing the company's deletion
// could leave an invited member pointing at a company that is gone. The company is now read again,
// locked, first in the invitation's transaction; the deletion locks the company's row before reading
// its members, as they are now. The first test, on the leg's dialect, deletes the company between the
// invitation's check and its transaction; the others, on a MariaDB database of their own whatever the
// leg (SQLite's transactions run one at a time), hold one transaction open while the other runs.
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import type { Db } from '../../src/db/database.js'
import { transaction } from '../../src/db/transaction.js'
import { STATUS_OF_CODE } from '../../src/http/errors.js'
import { DomainError } from '../../src/shared/domain-error.js'
import { toDbTime } from '../../src/db/values.js'
import type { SessionUser } from '../../src/modules/identity/index.js'
import { deleteAccount, deleteCompanyMembers } from '../../src/modules/identity/accounts.js'
import { findCompany } from '../../src/modules/team/member-repository.js'
import { createMembers } from '../../src/modules/team/member-service.js'
import { injectAs, seedAccount, type SeededAccount } from '../helpers/accounts.js'
import { buildTestApp, freshDatabase } from '../helpers/app.js'

const ownerOf = (owner: SeededAccount): SessionUser => ({
  id: owner.id,
  username: owner.username,
  email: owner.email,
  profilePhoto: null,
  isAccepted: true,
  isAdmin: false,
  role: 'client',
  companyId: owner.id,
  companyRole: 'owner',
  language: 'fr',
})

/** 'invited', or the refusal's status. */
const outcomeOf = (inviting: Promise<unknown>) =>
  inviting.then(
    () => 'invited',
    // A refusal of the domain (issue 30) is answered at its code's status.
    (error: { statusCode?: number }) => (error instanceof DomainError ? STATUS_OF_CODE[error.code] : (error.statusCode ?? String(error))),
  )

/** What is left of the company: its members' rows (none once it is gone) and mails to `email`. */
async function leftOf(db: Db, companyId: number, email: string) {
  const members = await db.selectFrom('users').select('id').where('company_id', '=', companyId).execute()
  const mails = await db.selectFrom('outbox').select('id').where('recipient', '=', email).execute()
  return { members: members.length, mails: mails.length }
}

t.test('the company deleted between the invitation’s check and its transaction: no member is left (403)', async (t) => {
  const { app, db } = await buildTestApp(t, { PUBLIC_URL: 'http://portail.test' })
  const admin = await seedAccount(app, { admin: true })
  const owner = await seedAccount(app, { accepted: true, entreprise: 'SARL Tassili' })
  const { identity, journal, requests } = app.services
  // The members' service as app.ts makes it, its invitations deleting the company just before theirs begins.
  const members = createMembers({
    db,
    journal,
    requests,
    identity: {
      ...identity,
      invitations: {
        ...identity.invitations,
        async invite(invitation) {
          const deleted = await injectAs(app, admin, { method: 'DELETE', url: `/api/users/profile/${owner.id}` })
          t.equal(deleted.statusCode, 200, 'the company is deleted meanwhile')
          return identity.invitations.invite(invitation)
        },
      },
    },
  })
  t.equal(await outcomeOf(members.invite(ownerOf(owner), { email: 'samia@tassili.dz', username: 'Samia' }, null)), 403, 'the invitation is refused')
  t.same(await leftOf(db, owner.id, 'samia@tassili.dz'), { members: 0, mails: 0 }, 'no member points at the company gone, nobody is mailed')
  t.equal((await db.selectFrom('users').select('id').where('email', '=', 'samia@tassili.dz').execute()).length, 0, 'no account for the address')
})

const MARIADB = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? process.env.TEST_DATABASE_URL : 'mysql://root@127.0.0.1:3306/test'

/** The app on a MariaDB database of its own. */
async function mariadbApp(t: { teardown: (fn: () => unknown) => void }): Promise<{ app: FastifyInstance; db: Db }> {
  const database = await freshDatabase(MARIADB)
  const varDir = mkdtempSync(join(tmpdir(), 'portal-var-'))
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, UPLOAD_DIR: join(varDir, 'uploads'), PUBLIC_URL: 'http://portail.test' }, { varDir })
  const app = await buildApp(config, { db: database.db, logger: false })
  t.teardown(async () => {
    await app.close()
    await database.drop()
    rmSync(varDir, { recursive: true, force: true })
  })
  await app.ready()
  return { app, db: database.db }
}

/** Until another connection's statement matching `like` runs (waiting for a lock: the other side's transaction is held open). */
async function waiting(db: Db, like: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from information_schema.processlist where id <> connection_id() and db = database() and command = 'Query' and info like ${like}`.execute(db)
    if (Number(rows[0]!.n) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no statement like ${like} within 10 s`)
}

/** A transaction running `work`, then held open until `commit()`. */
function held<T>(db: Db, work: (trx: Db) => Promise<T>) {
  let commit!: () => void
  let worked!: () => void
  const done = new Promise<void>((resolve) => (worked = resolve))
  const release = new Promise<void>((resolve) => (commit = resolve))
  const committed = db.transaction().execute(async (trx) => {
    const result = await work(trx)
    worked()
    await release
    return result
  })
  return { done, commit, committed }
}

t.test('MariaDB: the deletion begun while an invitation is written waits for it and deletes its member too', async (t) => {
  const { app, db } = await mariadbApp(t)
  const owner = await seedAccount(app, { accepted: true })
  // The invitation's transaction as the team writes it: the company locked first, then the member's row.
  const invitation = held(db, async (trx) => {
    t.ok((await findCompany(trx, owner.id, { lock: true }))?.isAccepted)
    const at = toDbTime(new Date())
    await trx
      .insertInto('users')
      .values({ username: 'Samia', email: 'samia@tassili.dz', entreprise: 'SARL Atlas', telephone: '', password_hash: '', is_verified: 0, is_accepted: 0, is_admin: 0, role: 'client', status: 'invited', company_id: owner.id, is_member: 1, profile_photo: null, created_at: at, updated_at: at })
      .execute()
  })
  await invitation.done
  const deletion = transaction(db, async (trx) => {
    await deleteCompanyMembers(trx, owner.id)
    await deleteAccount(trx, owner.id)
  })
  await waiting(db, '%users%')
  invitation.commit()
  await invitation.committed
  await deletion
  t.same(await leftOf(db, owner.id, 'nobody@example.dz'), { members: 0, mails: 0 }, 'the member invited meanwhile went with the company')
})

t.test('MariaDB: an invitation begun while the company is being deleted waits for it and is refused (403)', async (t) => {
  const { app, db } = await mariadbApp(t)
  const owner = await seedAccount(app, { accepted: true })
  const deletion = held(db, async (trx) => {
    await deleteCompanyMembers(trx, owner.id)
    await deleteAccount(trx, owner.id)
  })
  await deletion.done
  // The check before the transaction reads the company as committed: still there.
  const outcome = outcomeOf(app.services.team.members.invite(ownerOf(owner), { email: 'samia@tassili.dz', username: 'Samia' }, null))
  await waiting(db, '%for update%')
  deletion.commit()
  await deletion.committed
  t.equal(await outcome, 403, 'refused once the deletion is committed')
  t.same(await leftOf(db, owner.id, 'samia@tassili.dz'), { members: 0, mails: 0 }, 'no member points at the company gone, nobody is mailed')
})
