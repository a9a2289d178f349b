import fc from 'fast-check'
import t from 'tap'
import { acceptAccount, countAccounts, deleteAccount } from '../../src/modules/identity/accounts.js'
import { insertUser, promoteToAdmin } from '../../src/modules/identity/repository.js'
import { freshDatabase } from '../helpers/app.js'

type Op = { kind: 'insert'; verified: boolean; accepted: boolean; member: boolean } | { kind: 'accept' | 'delete' | 'promote' | 'verify'; pick: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), verified: fc.boolean(), accepted: fc.boolean(), member: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('accept' as const, 'delete' as const, 'promote' as const, 'verify' as const), pick: fc.nat() }),
)

// A company's members (contract §9) are not clients: the kept counts leave them out, as the lists do.
t.test('the kept user counts equal count(*) after any sequence of writes, on both dialects', async (t) => {
  const database = await freshDatabase()
  t.teardown(() => database.drop())
  const { db } = database
  let serial = 0
  await fc.assert(
    fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
      await db.deleteFrom('users').execute()
      for (const step of ops) {
        const ids = (await db.selectFrom('users').select('id').execute()).map((row) => Number(row.id))
        const id = ids.length ? ids[(step as { pick: number }).pick % ids.length]! : undefined
        if (step.kind === 'insert') {
          const companyId = step.member && ids.length > 0 ? ids[ids.length - 1]! : null
          await insertUser(db, { username: 'u', email: `u${serial++}@example.dz`, entreprise: 'e', telephone: '0551234567', passwordHash: 'x', isVerified: step.verified, isAccepted: step.accepted, companyId })
        } else if (id === undefined) continue
        else if (step.kind === 'accept') await acceptAccount(db, id)
        else if (step.kind === 'delete') await db.transaction().execute((trx) => deleteAccount(trx, id))
        else if (step.kind === 'promote') await promoteToAdmin(db, id)
        else await db.updateTable('users').set({ is_verified: 1 }).where('id', '=', id).execute()
      }
      const actual = async (accepted: number) =>
        Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_admin', '=', 0).where('is_member', '=', 0).where('is_accepted', '=', accepted).executeTakeFirstOrThrow()).n)
      const kept = await countAccounts(db)
      return kept.accepted === (await actual(1)) && kept.unaccepted === (await actual(0))
    }),
    { numRuns: 40 },
  )
  t.pass('40 random sequences')
})
