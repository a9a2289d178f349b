// Which key refused a write (src/db/constraints.ts), on the database itself, both dialects: a hold of a
// document that is gone (foreign key), a document held twice (primary key), a held document deleted
// (foreign key, the other way), a type's name taken (unique key). Then the holds' service answers
// those races as if asked a moment later: 404 for a document gone, held once for one held meanwhile.
import t from 'tap'
import { isForeignKeyViolation, isUniqueViolation } from '../../src/db/constraints.js'
import { toDbTime } from '../../src/db/values.js'
import { buildTestApp } from '../helpers/app.js'
import { injectAs, seedAccount } from '../helpers/accounts.js'
import { addType, uploadPdf } from '../documents/fixtures.js'

const refusal = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work()
  } catch (error) {
    return error
  }
  throw new Error('the write was not refused')
}

t.test('each key’s refusal is told apart, on both dialects', async (t) => {
  const { app, db } = await buildTestApp(t)
  const admin = await seedAccount(app, { admin: true, role: 'admin' })
  const client = await seedAccount(app, { accepted: true })
  await addType(app, admin, 'Bilans')
  const id = await uploadPdf(app, client, 'Bilans')
  const hold = (documentId: number) => db.insertInto('document_holds').values({ document_id: documentId, held_by: admin.id, created_at: toDbTime(new Date()) }).execute()

  const gone = await refusal(() => hold(999_999))
  t.ok(isForeignKeyViolation(gone), 'a hold of a document that is not there: its foreign key')
  t.notOk(isUniqueViolation(gone))
  await hold(id)
  const twice = await refusal(() => hold(id))
  t.ok(isUniqueViolation(twice), 'held twice: the primary key')
  t.notOk(isForeignKeyViolation(twice))
  const referenced = await refusal(() => db.deleteFrom('documents').where('id', '=', id).execute())
  t.ok(isForeignKeyViolation(referenced), 'a held document deleted: the hold refers to it')
  const { id: _typeId, ...typeRow } = await db.selectFrom('document_types').selectAll().executeTakeFirstOrThrow()
  const taken = await refusal(() => db.insertInto('document_types').values(typeRow).execute())
  t.ok(isUniqueViolation(taken), 'a type’s name taken: its unique key')
  t.notOk(isForeignKeyViolation(new Error('other')) || isUniqueViolation(new Error('other')) || isUniqueViolation(null), 'anything else is neither')

  // The holds' API: held again is no error and no second journal row; a document gone is 404.
  const again = await injectAs(app, admin, { method: 'POST', url: `/api/documents/hold/${id}` })
  t.equal(again.statusCode, 200, 'held already: held once')
  const rows = await db.selectFrom('journal').select('action').where('action', '=', 'document.held').execute()
  t.equal(rows.length, 0, 'the hold made in the database above wrote no entry, and holding again writes none')
  t.equal((await injectAs(app, admin, { method: 'POST', url: '/api/documents/hold/999999' })).statusCode, 404)
})
