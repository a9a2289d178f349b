import { isMysql, type Db } from '../../db/database.js'
import { fromDbBool, fromDbId, toDbTime } from '../../db/values.js'

/**
 * Who serves which client (contract §9): the `client_staff` table, the team module's. identity's
 * policy (scope.ts) reads it to decide what a staff member sees.
 */

/** What an id names, for an assignment: an accepted client, a client not accepted yet, or nothing to assign (unknown, a member, the firm's). */
export type AssignableClient = { kind: 'client'; id: number; username: string; entreprise: string } | { kind: 'unaccepted' } | { kind: 'none' }

/** `lock`: the client's row is locked until the caller's transaction ends (MariaDB; SQLite's writing transaction is alone), so two saves of its assignment go one after the other. */
export async function findAssignableClient(db: Db, id: number, options: { lock?: boolean } = {}): Promise<AssignableClient> {
  let query = db.selectFrom('users').select(['id', 'username', 'entreprise', 'role', 'is_member', 'is_accepted', 'status']).where('id', '=', id)
  if (options.lock && isMysql(db)) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row || row.role !== 'client' || fromDbBool(row.is_member) || row.status !== 'active') return { kind: 'none' }
  if (!fromDbBool(row.is_accepted)) return { kind: 'unaccepted' }
  return { kind: 'client', id: fromDbId(row.id), username: row.username, entreprise: row.entreprise }
}

/** The firm's people serving the client, by name (client_staff_client, then users' primary key). */
export async function findAssigned(db: Db, clientId: number): Promise<Array<{ id: number; username: string }>> {
  const rows = await db
    .selectFrom('client_staff')
    .innerJoin('users', 'users.id', 'client_staff.staff_id')
    .select(['users.id', 'users.username'])
    .where('client_staff.client_id', '=', clientId)
    .where('users.status', '!=', 'removed')
    .orderBy('users.username')
    .orderBy('users.id')
    .execute()
  return rows.map((row) => ({ id: fromDbId(row.id), username: row.username }))
}

/** Which of `ids` are people of the firm who may serve a client: `admin` or `staff`, invited or active. */
export async function assignableIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).where('role', 'in', ['admin', 'staff']).where('status', 'in', ['invited', 'active']).execute()
  return new Set(rows.map((row) => fromDbId(row.id)))
}

/**
 * The client is served by exactly `staffIds` from now on: the others' rows go, the new ones come (a
 * kept row keeps the day it was made); answers whether anything changed. Two saves at once add the
 * same row once (the key decides, the second insert is skipped).
 */
export async function replaceAssigned(trx: Db, clientId: number, staffIds: number[], at: Date): Promise<boolean> {
  const current = new Set((await trx.selectFrom('client_staff').select('staff_id').where('client_id', '=', clientId).execute()).map((row) => fromDbId(row.staff_id)))
  const wanted = new Set(staffIds)
  const gone = [...current].filter((id) => !wanted.has(id))
  const added = staffIds.filter((id) => !current.has(id))
  if (gone.length) await trx.deleteFrom('client_staff').where('client_id', '=', clientId).where('staff_id', 'in', gone).execute()
  if (added.length) {
    const insert = trx.insertInto('client_staff').values(added.map((staffId) => ({ client_id: clientId, staff_id: staffId, created_at: toDbTime(at) })))
    await (isMysql(trx) ? insert.ignore() : insert.onConflict((oc) => oc.doNothing())).execute()
  }
  return gone.length > 0 || added.length > 0
}

/** A removed person serves no one any more (contract §9). */
export async function dropAssignmentsOf(trx: Db, staffId: number): Promise<void> {
  await trx.deleteFrom('client_staff').where('staff_id', '=', staffId).execute()
}
