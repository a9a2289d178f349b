import { sql } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import { containsAny, fetchPage, withinDays, type ListFilter, type Page } from '../../db/lists.js'
import { fromDbId, fromDbTime, nowDb } from '../../db/values.js'

/** A company's person as the team's list holds them, before their last visit is added. */
export interface MemberRow {
  id: number
  username: string
  email: string
  companyRole: 'owner' | 'member'
  status: 'invited' | 'active'
  createdAt: Date
}

const MEMBER_COLUMNS = ['users.id', 'users.username', 'users.email', 'users.company_id', 'users.status', 'users.created_at'] as const

type Row = { id: number; username: string; email: string; company_id: number | null; status: 'invited' | 'active' | 'removed'; created_at: string }

function toMember(row: Row): MemberRow {
  return {
    id: fromDbId(row.id),
    username: row.username,
    email: row.email,
    companyRole: row.company_id === null ? 'owner' : 'member',
    // The lists never hold a removed person: this only narrows the type.
    status: row.status === 'invited' ? 'invited' : 'active',
    createdAt: fromDbTime(row.created_at),
  }
}

/**
 * The company's people who are not removed: its owner (the company's own account, `users.id`) and
 * its members (`users.company_id`, index users_company). A handful of rows, narrowed by the primary
 * key and that index before any search.
 */
function companyPeople(db: Db, companyId: number) {
  return db
    .selectFrom('users')
    .where((eb) => eb.or([eb('users.id', '=', companyId), eb('users.company_id', '=', companyId)]))
    .where('users.role', '=', 'client')
    .where('users.status', '!=', 'removed')
}

/**
 * One page of the company's people (contract §9, the list parameters of §2): `q` over the name and
 * the address, `from`/`to` over the day they joined. The owner first, then the members newest first.
 */
export async function findMembersPage(db: Db, companyId: number, filter: ListFilter): Promise<Page<MemberRow>> {
  let query = companyPeople(db, companyId).where(withinDays('users.created_at', filter.from, filter.to))
  if (filter.q) query = query.where(containsAny(db, ['users.username', 'users.email'], filter.q))
  const page = await fetchPage(
    db,
    query,
    (q) => q.select(MEMBER_COLUMNS).orderBy(sql`case when users.company_id is null then 0 else 1 end`).orderBy('users.created_at', 'desc').orderBy('users.id', 'desc'),
    filter,
  )
  return { total: page.total, items: page.items.map(toMember) }
}

/** One of the company's people (owner or member, not removed), or undefined: another company's person and an unknown id alike. */
export async function findMember(db: Db, companyId: number, id: number): Promise<MemberRow | undefined> {
  const row = await companyPeople(db, companyId).where('users.id', '=', id).select(MEMBER_COLUMNS).executeTakeFirst()
  return row && toMember(row)
}

/**
 * The company's own account: its name (the team an invitation names) and whether the firm accepted
 * it. `lock`: read as it is now and locked until the caller's transaction ends (MariaDB; SQLite's
 * writing transaction is alone), as the company's deletion locks it before reading its members.
 */
export async function findCompany(db: Db, companyId: number, options: { lock?: boolean } = {}): Promise<{ entreprise: string; isAccepted: boolean; status: string } | undefined> {
  let query = db.selectFrom('users').select(['entreprise', 'is_accepted', 'status']).where('id', '=', companyId).where('company_id', 'is', null).where('role', '=', 'client')
  if (options.lock && isMysql(db)) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  return row && { entreprise: row.entreprise, isAccepted: Number(row.is_accepted) === 1, status: row.status }
}

/** The id of a removed member of this company with this address, if any (inviting them again reopens their row). */
export async function findRemovedMember(db: Db, companyId: number, email: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).where('company_id', '=', companyId).where('role', '=', 'client').where('status', '=', 'removed').executeTakeFirst()
  return row && fromDbId(row.id)
}

/**
 * A removed member becomes invited again, as an invitation leaves a new row (no password, neither
 * verified nor accepted until the new link is used); true when the row was still removed.
 */
export async function reopenAsInvited(db: Db, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status: 'invited', password_hash: '', is_verified: 0, is_accepted: 0, updated_at: nowDb() })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('status', '=', 'removed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The member's status becomes `removed` (their row stays for the journal and the thread); true when it changed. */
export async function markMemberRemoved(db: Db, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status: 'removed', updated_at: nowDb() })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('status', '!=', 'removed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
