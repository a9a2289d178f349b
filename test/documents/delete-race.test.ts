// A client's account (or a document type) deleted while an upload for it commits (a security
// review's finding, session 13): on MariaDB the deletion read the storage keys from its snapshot,
// without the upload's row, then its DELETE, which reads current rows, removed that row too, and the
// file stayed in storage for good. The keys are now read as the DELETE finds the rows (a locking
// read). On a MariaDB database of its own, whatever the leg: SQLite's transactions run one at a time.
import { sql } from 'kysely'
import t from 'tap'
import type { Db } from '../../src/db/database.js'
import { transaction } from '../../src/db/transaction.js'
import { toDbTime } from '../../src/db/values.js'
import { deleteOwnedRows, deleteTypeRows, insertDocument, insertType } from '../../src/modules/documents/repository.js'
import { freshDatabase } from '../helpers/app.js'

const MARIADB = process.env.TEST_DATABASE_URL?.startsWith('mysql://') ? process.env.TEST_DATABASE_URL : 'mysql://root@127.0.0.1:3306/test'
const { db, drop } = await freshDatabase(MARIADB)
t.teardown(drop)

let users = 0
async function addUser(): Promise<number> {
  const at = toDbTime(new Date())
  users++
  const result = await db
    .insertInto('users')
    .values({ username: `Client ${users}`, email: `client${users}@example.dz`, entreprise: 'SARL', telephone: '0551234567', password_hash: 'x', is_verified: 1, is_accepted: 1, is_admin: 0, profile_photo: null, created_at: at, updated_at: at })
    .executeTakeFirstOrThrow()
  return Number(result.insertId)
}

const document = (userId: number, typeId: number, storageKey: string) => ({ userId, typeId, name: 'Bilan', description: '', originalName: 'bilan.pdf', storageKey, mime: 'application/pdf', size: 10 })

/**
 * Until the deletion is seen at work (waiting for the upload's row, or for the counts its trigger
 * updates: the upload's connection sleeps meanwhile, so any other statement running is the deletion's):
 * from then on, its view of the table was taken before the upload commits.
 */
async function deletionStarted(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from information_schema.processlist where id <> connection_id() and db = database() and command = 'Query'`.execute(db)
    if (Number(rows[0]!.n) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the deletion did not start within 10 s')
}

/** An upload's transaction, its row written, held open until `commit()`; then it commits. */
function openUpload(db: Db, row: Parameters<typeof insertDocument>[1]) {
  let commit!: () => void
  let inserted!: () => void
  const written = new Promise<void>((resolve) => (inserted = resolve))
  const held = new Promise<void>((resolve) => (commit = resolve))
  const done = db.transaction().execute(async (trx) => {
    await insertDocument(trx, row)
    inserted()
    await held
  })
  return { written, commit, done }
}

for (const [what, byType] of [['a client’s account', false], ['a document type', true]] as const) {
  t.test(`${what} deleted while an upload for it commits: the deletion answers the upload’s key too`, async (t) => {
    const userId = await addUser()
    const typeId = (await insertType(db, `Type ${users}`))!
    await insertDocument(db, document(userId, typeId, `documents/${'a'.repeat(31)}${users}.pdf`))
    const upload = openUpload(db, document(userId, typeId, `documents/${'b'.repeat(31)}${users}.pdf`))
    await upload.written
    const deleting = transaction(db, (trx) => (byType ? deleteTypeRows(trx, typeId) : deleteOwnedRows(trx, userId)))
    await deletionStarted()
    upload.commit()
    await upload.done
    const keys = await deleting
    t.same(keys.sort(), [`documents/${'a'.repeat(31)}${users}.pdf`, `documents/${'b'.repeat(31)}${users}.pdf`], 'both files are named, to be removed')
    t.same(await db.selectFrom('documents').select('id').where(byType ? 'type_id' : 'user_id', '=', byType ? typeId : userId).execute(), [], 'and no row is left')
  })
}
