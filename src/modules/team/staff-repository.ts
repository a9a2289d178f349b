import { sql, type ExpressionBuilder } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import { containsAny, fetchPage, withinDays, type ListFilter, type Page } from '../../db/lists.js'
import { fromDbId, fromDbTime, nowDb } from '../../db/values.js'
import type { Database } from '../../db/schema.js'
import type { FirmChoice } from './assignment-types.js'
import type { StaffPerson, StaffRole } from './staff-schemas.js'

/**
 * The firm's people (contract §9): `admin` and `staff` accounts, invited or active, on users_role
 * (role, status). The team module owns their role and status; their credentials are identity's.
 */
const FIRM_ROLES = ['admin', 'staff'] as const
const LISTED = ['invited', 'active'] as const

function firmPeople(db: Db) {
  return db.selectFrom('users').where('users.role', 'in', FIRM_ROLES).where('users.status', 'in', LISTED)
}

/** How many clients the person serves (client_staff's key starts with staff_id), and their latest session's last use (sessions_user). */
const clientsCount = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.selectFrom('client_staff').select(eb.fn.countAll<number | string>().as('n')).whereRef('client_staff.staff_id', '=', 'users.id').as('clients')
const lastSeen = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.selectFrom('sessions').select(sql<string | Date | null>`max(coalesce(sessions.last_seen_at, sessions.created_at))`.as('at')).whereRef('sessions.user_id', '=', 'users.id').as('last_seen_at')

const PERSON_COLUMNS = ['users.id', 'users.username', 'users.email', 'users.role', 'users.status', 'users.created_at'] as const

type PersonRow = { id: number; username: string; email: string; role: string; status: string; created_at: string; clients: number | string | null; last_seen_at: string | Date | null }

function toPerson(row: PersonRow): StaffPerson {
  return {
    id: fromDbId(row.id),
    username: row.username,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'staff',
    clients: Number(row.clients ?? 0),
    createdAt: fromDbTime(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : fromDbTime(row.last_seen_at),
    // The list holds no removed person: this only narrows the type.
    status: row.status === 'invited' ? 'invited' : 'active',
  }
}

/**
 * One page of the firm's people, newest first (contract §2's list parameters): `q` over the name
 * and the address, `from`/`to` over the day they were added. A firm is a few dozen rows, narrowed by
 * users_role before the search reads them.
 */
export async function findFirmPeoplePage(db: Db, filter: ListFilter): Promise<Page<StaffPerson>> {
  let query = firmPeople(db).where(withinDays('users.created_at', filter.from, filter.to))
  if (filter.q) query = query.where(containsAny(db, ['users.username', 'users.email'], filter.q))
  const page = await fetchPage(db, query, (q) => q.select([...PERSON_COLUMNS, clientsCount, lastSeen]).orderBy('users.created_at', 'desc').orderBy('users.id', 'desc'), filter)
  return { total: page.total, items: page.items.map(toPerson) }
}

/** One person of the firm as the list shows them, or undefined (a client, a removed person, an unknown id). */
export async function findFirmPerson(db: Db, id: number): Promise<StaffPerson | undefined> {
  const row = await firmPeople(db).where('users.id', '=', id).select([...PERSON_COLUMNS, clientsCount, lastSeen]).executeTakeFirst()
  return row && toPerson(row)
}

/** The firm's people to choose from (a client's « Suivi par » form), by name. */
export async function firmChoices(db: Db): Promise<FirmChoice[]> {
  const rows = await firmPeople(db).select(['users.id', 'users.username', 'users.role', 'users.status']).orderBy('users.username').orderBy('users.id').execute()
  return rows.map((row) => ({ id: fromDbId(row.id), username: row.username, role: row.role === 'admin' ? 'admin' : 'staff', status: row.status === 'invited' ? 'invited' : 'active' }))
}

/**
 * A firm person about to change, locked until the caller's transaction ends (MariaDB; on SQLite a
 * writing transaction is alone already), or undefined when there is none of that id.
 */
export async function lockFirmPerson(trx: Db, id: number): Promise<{ id: number; username: string; email: string; role: StaffRole; status: 'invited' | 'active' } | undefined> {
  let query = firmPeople(trx).where('users.id', '=', id).select(['users.id', 'users.username', 'users.email', 'users.role', 'users.status'])
  if (isMysql(trx)) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  return row && { id: fromDbId(row.id), username: row.username, email: row.email, role: row.role === 'admin' ? 'admin' : 'staff', status: row.status === 'invited' ? 'invited' : 'active' }
}

/**
 * The active administrators, locked (MariaDB) until the caller's transaction ends: two admins
 * demoting or removing each other at once are serialized, so the firm never ends up with none.
 */
export async function lockActiveAdmins(trx: Db): Promise<number[]> {
  let query = trx.selectFrom('users').select('users.id').where('users.role', '=', 'admin').where('users.status', '=', 'active')
  if (isMysql(trx)) query = query.forUpdate()
  return (await query.execute()).map((row) => fromDbId(row.id))
}

export async function setRole(trx: Db, id: number, role: StaffRole): Promise<void> {
  await trx.updateTable('users').set({ role, is_admin: 1, updated_at: nowDb() }).where('id', '=', id).where('role', 'in', FIRM_ROLES).execute()
}

/** The person's status becomes `removed`: the row stays for the journal and the threads, and reaches nothing. */
export async function markRemoved(trx: Db, id: number): Promise<void> {
  await trx.updateTable('users').set({ status: 'removed', updated_at: nowDb() }).where('id', '=', id).where('role', 'in', FIRM_ROLES).execute()
}

/**
 * A removed firm person invited again becomes invited (no password until the new link is used), with
 * the role now chosen; true when the address was such a person's. Their old row, journal and threads stay theirs.
 */
export async function reopenRemoved(db: Db, email: string, role: StaffRole): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status: 'invited', role, is_admin: 1, password_hash: '', updated_at: nowDb() })
    .where('email', '=', email)
    .where('role', 'in', FIRM_ROLES)
    .where('status', '=', 'removed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
