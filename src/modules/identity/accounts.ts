import { sql, type SqlBool } from 'kysely'
import { isMysql, type Db } from '../../db/database.js'
import { fetchPage, textMatches, unfiltered, withinDays, type ListFilter, type Page } from '../../db/lists.js'
import { readRows } from '../../db/readers.js'
import { fromDbBool, fromDbId, fromDbTime, nowDb } from '../../db/values.js'
import { idsByIdentifier } from './company-identifiers.js'
import { parsePhoto, photoKeyOf } from './photo/value.js'
import type { AccountSummary } from './schemas.js'
import { clientIn, type Scope } from './scope.js'
import type { Language } from '../../shared/words.js'
import type { Role } from './session-user.js'
import { removeTwoFactor } from './two-factor-repository.js'

/**
 * Identity's accounts face for other modules (contract §4, style.md): lists, acceptance,
 * deletion, counts and summaries. Administrators are never listed, accepted or deleted through it.
 */
const SUMMARY_COLUMNS = ['id', 'username', 'email', 'entreprise', 'telephone', 'is_verified', 'is_accepted', 'is_admin', 'created_at', 'profile_photo'] as const

type SummaryRow = { id: number; username: string; email: string; entreprise: string; telephone: string; is_verified: number; is_accepted: number; is_admin: number; created_at: string; profile_photo: string | null }

function toSummary(row: SummaryRow): AccountSummary {
  return {
    id: fromDbId(row.id),
    username: row.username,
    email: row.email,
    entreprise: row.entreprise,
    telephone: row.telephone,
    isVerified: fromDbBool(row.is_verified),
    isAccepted: fromDbBool(row.is_accepted),
    isAdmin: fromDbBool(row.is_admin),
    createdAt: fromDbTime(row.created_at),
    profilePhoto: parsePhoto(row.profile_photo),
  }
}

/** What the users' lists find an account by (its index: migrations 0020, 0025). */
const ACCOUNT_TEXTS = { table: 'users', columns: ['username', 'email', 'entreprise'], everyColumn: true }
/** What a document's sender is found by (issue 17: two clients of one name, told apart by their company). */
const SENDER_TEXTS = { table: 'users', columns: ['username', 'entreprise'] }

/**
 * Which clients a list keeps beyond its filter (contract §9): the viewer's scope (a staff member's
 * assigned clients) and `staffId`, one person's clients; both in SQL, on client_staff's keys.
 */
export interface AccountsWithin {
  scope?: Scope | undefined
  staffId?: number | undefined
}

/** A q of digits (spaces between groups allowed) that may begin a NIF or a NIS (contract §11). */
const IDENTIFIER_Q = /^[0-9][0-9 ]{2,23}$/

/** `q` in the username, e-mail or company, or, when it is digits, at the start of the company's NIF or NIS (contract §11). */
async function accountMatches(db: Db, q: string) {
  const words = await textMatches(db, ACCOUNT_TEXTS, q)
  if (!IDENTIFIER_Q.test(q.trim())) return words
  const ids = idsByIdentifier(db, q.replace(/ /g, ''))
  return sql<SqlBool>`(${words} or users.id in (${ids}))`
}

/** Clients (accepted) or new users (not yet accepted), newest first; `q` over username, e-mail and company, NIF and NIS. */
/** The clients (accepted) or the new users (not yet accepted): the lists' index users_lists. */
const listed = (db: Db, accepted: boolean) => db.selectFrom('users').where('users.is_admin', '=', 0).where('users.is_member', '=', 0).where('users.is_accepted', '=', accepted ? 1 : 0)

export async function findAccountsPage(db: Db, accepted: boolean, filter: ListFilter, within: AccountsWithin = {}): Promise<Page<AccountSummary>> {
  let query = listed(db, accepted).where(withinDays('users.created_at', filter.from, filter.to))
  if (within.scope) query = query.where(clientIn(within.scope, 'users.id'))
  if (within.staffId !== undefined) query = query.where(clientIn({ kind: 'staff', staffId: within.staffId }, 'users.id'))
  if (filter.q) query = query.where(await accountMatches(db, filter.q))
  // The kept counts are the whole firm's: a narrower list counts its rows.
  const whole = (within.scope === undefined || within.scope.kind === 'firm') && within.staffId === undefined
  if (!whole) return narrowedPage(db, query, filter)
  const total = unfiltered(filter) ? async () => (await countAccounts(db))[accepted ? 'accepted' : 'unaccepted'] : undefined
  const page = await fetchPage(db, query, (q) => q.select(SUMMARY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'), filter, total)
  return { total: page.total, items: page.items.map(toSummary) }
}

/**
 * A narrower list (a staff member's clients, `?staffId=`: a few hundred rows of thousands) in one
 * statement: the page's ids sorted with the number of rows beside each (`count(*) over ()`), then
 * their rows. Counting apart and sorting whole rows cost MariaDB a trip and a sort of the rows
 * themselves (docs/decisions/111-staff-list-counts.md). Past the last page the count is asked alone.
 */
async function narrowedPage(db: Db, query: ReturnType<typeof listed>, filter: ListFilter): Promise<Page<AccountSummary>> {
  const offset = (filter.page - 1) * filter.pageSize
  const ids = query
    .select(['users.id', sql<number | string>`count(*) over ()`.as('total')])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(filter.pageSize)
    .offset(offset)
  const rows = await readRows(
    db,
    db
      .selectFrom(ids.as('page'))
      .innerJoin('users', 'users.id', 'page.id')
      .select([...SUMMARY_COLUMNS.map((column) => `users.${column}` as const), 'page.total'])
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc'),
  )
  if (rows.length > 0 || offset === 0) return { total: Number(rows[0]?.total ?? 0), items: rows.map(toSummary) }
  const [counted] = await readRows(db, query.select(sql<number | string>`count(*)`.as('total')))
  return { total: Number(counted?.total ?? 0), items: [] }
}

export async function findAccountSummary(db: Db, id: number): Promise<AccountSummary | undefined> {
  const row = await db.selectFrom('users').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst()
  return row && toSummary(row)
}

/** Username, company and photo of each id that exists (documents show who sent them; the company tells two of one name apart). */
export async function summariesByIds(db: Db, ids: number[]): Promise<Map<number, Pick<AccountSummary, 'id' | 'username' | 'entreprise' | 'profilePhoto'>>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db.selectFrom('users').select(['id', 'username', 'entreprise', 'profile_photo']).where('id', 'in', unique).execute()
  return new Map(rows.map((row) => [fromDbId(row.id), { id: fromDbId(row.id), username: row.username, entreprise: row.entreprise, profilePhoto: parsePhoto(row.profile_photo) }]))
}

/**
 * The ids of the accounts whose username or company contains `q` (case- and accent-insensitive), as a query
 * another module's list can filter on (`user_id in (…)`) without reading the users table itself,
 * and without a cap that would miss senders at 100,000 users. `email`: the e-mail too (the firm's
 * list of threads, which names its clients as the users' lists do).
 */
export async function idsMatching(db: Db, q: string, options: { email?: boolean } = {}) {
  return db.selectFrom('users').select('users.id').where(await textMatches(db, options.email ? ACCOUNT_TEXTS : SENDER_TEXTS, q))
}
export type IdsMatching = Awaited<ReturnType<typeof idsMatching>>

/** Non-administrator accounts by acceptance, from the counts the database keeps (migration 0004). */
export async function countAccounts(db: Db): Promise<{ accepted: number; unaccepted: number }> {
  const rows = await db.selectFrom('user_counts').select(['is_accepted', 'n']).where('is_admin', '=', 0).where('is_member', '=', 0).execute()
  const count = (accepted: boolean) => Number(rows.find((row) => fromDbBool(row.is_accepted) === accepted)?.n ?? 0)
  return { accepted: count(true), unaccepted: count(false) }
}

/** The same counts within a scope: the kept totals for the firm, else a count of the scope's clients (client_staff's key, then users' primary key). */
export async function countAccountsIn(db: Db, scope: Scope): Promise<{ accepted: number; unaccepted: number }> {
  if (scope.kind === 'firm') return countAccounts(db)
  const rows = await db
    .selectFrom('users')
    .select(['is_accepted', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('is_admin', '=', 0)
    .where('is_member', '=', 0)
    .where(clientIn(scope, 'users.id'))
    .groupBy('is_accepted')
    .execute()
  const count = (accepted: boolean) => Number(rows.find((row) => fromDbBool(row.is_accepted) === accepted)?.n ?? 0)
  return { accepted: count(true), unaccepted: count(false) }
}

/** The firm's `staff` people invited or active (contract §9: the dashboard's sub-admins card), on users_role. */
export async function countStaff(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('role', '=', 'staff').where('status', 'in', ['invited', 'active']).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A person named in a list: who serves a client, who the firm is. */
export interface PersonName {
  id: number
  username: string
}

/**
 * The firm's people serving each of these clients (contract §9: a client list row's `staff`), by
 * name; one query for a page's ids (client_staff_client), removed people left out.
 */
export async function staffOfClients(db: Db, clientIds: number[]): Promise<Map<number, PersonName[]>> {
  const unique = [...new Set(clientIds)]
  const staff = new Map<number, PersonName[]>(unique.map((id) => [id, []]))
  if (unique.length === 0) return staff
  const rows = await db
    .selectFrom('client_staff')
    .innerJoin('users', 'users.id', 'client_staff.staff_id')
    .select(['client_staff.client_id', 'users.id', 'users.username'])
    .where('client_staff.client_id', 'in', unique)
    .where('users.status', '!=', 'removed')
    .orderBy('users.username')
    .orderBy('users.id')
    .execute()
  for (const row of rows) staff.get(fromDbId(row.client_id))?.push({ id: fromDbId(row.id), username: row.username })
  return staff
}

/** The firm's people, admin and staff, invited or active, by name (users_role): who a client list is filtered by. */
export async function firmPeople(db: Db): Promise<Array<PersonName & { role: 'admin' | 'staff'; status: 'invited' | 'active' }>> {
  const rows = await db.selectFrom('users').select(['id', 'username', 'role', 'status']).where('role', 'in', ['admin', 'staff']).where('status', 'in', ['invited', 'active']).orderBy('username').orderBy('id').execute()
  return rows.map((row) => ({ id: fromDbId(row.id), username: row.username, role: row.role === 'admin' ? 'admin' : 'staff', status: row.status === 'invited' ? 'invited' : 'active' }))
}

/** Accounts by id with their role (a message's author, contract §9: a client tells the firm's admin from its staff). */
export async function peopleByIds(db: Db, ids: number[]): Promise<Map<number, PersonName & { role: Role }>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db.selectFrom('users').select(['id', 'username', 'role']).where('id', 'in', unique).execute()
  return new Map(rows.map((row) => [fromDbId(row.id), { id: fromDbId(row.id), username: row.username, role: row.role }]))
}

/** One active person of a client company: its owner (the account that registered it) or a member. */
export interface CompanyPerson extends PersonName {
  email: string
  companyRole: 'owner' | 'member'
  /** What their mails are written in (contract §10). */
  language: Language
}

/**
 * The company's active people, its owner first (contract §9): who the firm's mails about the
 * company go to. One query on users' primary key and users_company; empty for an id that is no company.
 */
export async function companyPeople(db: Db, companyId: number, options: { lock?: boolean } = {}): Promise<CompanyPerson[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'company_id', 'language'])
    .where((eb) => eb.or([eb('id', '=', companyId), eb('company_id', '=', companyId)]))
    .where('status', '=', 'active')
    .where('role', '=', 'client')
  // `lock`: the company's rows, read as they are now and locked until the caller's transaction ends
  // (MariaDB; SQLite's writing transaction is alone): a member joining or leaving meanwhile waits.
  if (options.lock && isMysql(db)) query = query.forUpdate()
  const rows = await query.execute()
  const people = rows.map((row): CompanyPerson => ({ id: fromDbId(row.id), username: row.username, email: row.email, companyRole: row.company_id === null ? 'owner' : 'member', language: languageIn(row.language) }))
  // A member's own id names no company: its row alone matched, and it is no owner.
  if (!people.some((person) => person.companyRole === 'owner')) return []
  return people.sort((a, b) => (a.companyRole === b.companyRole ? a.id - b.id : a.companyRole === 'owner' ? -1 : 1))
}

/** A stored language, French for anything else. */
const languageIn = (value: string): Language => (value === 'ar' ? 'ar' : 'fr')

/** An account's language (contract §10: the mails written to the person); French for an id that is no account. */
export async function languageOf(db: Db, id: number): Promise<Language> {
  const row = await db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirst()
  return languageIn(row?.language ?? 'fr')
}

export type AcceptOutcome = 'accepted' | 'missing' | 'unverified' | 'already' | 'admin'

/** Accepts a verified client once; the update's own conditions make it safe under races. */
export async function acceptAccount(db: Db, id: number): Promise<AcceptOutcome> {
  const result = await db
    .updateTable('users')
    .set({ is_accepted: 1, updated_at: nowDb() })
    .where('id', '=', id)
    .where('is_verified', '=', 1)
    .where('is_accepted', '=', 0)
    .where('is_admin', '=', 0)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 1) return 'accepted'
  const account = await findAccountSummary(db, id)
  if (!account) return 'missing'
  if (account.isAdmin) return 'admin'
  return account.isAccepted ? 'already' : 'unverified'
}

/**
 * Deletes an account with its sessions and tokens, in the caller's transaction; answers the
 * storage key of its photo (to remove after the commit), or undefined when there was no account.
 */
export async function deleteAccount(db: Db, id: number): Promise<{ photoKey: string | null } | undefined> {
  const row = await db.selectFrom('users').select(['profile_photo']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  await db.deleteFrom('sessions').where('user_id', '=', id).execute()
  await db.deleteFrom('user_tokens').where('user_id', '=', id).execute()
  await removeTwoFactor(db, id)
  await db.deleteFrom('users').where('id', '=', id).execute()
  return { photoKey: photoKeyOf(parsePhoto(row.profile_photo)) }
}

/**
 * Deletes every member of a company (invited, active or removed: no account is left that belonged to
 * a company that is gone), each as `deleteAccount` does, in the caller's transaction (the company's
 * own deletion, contract §9); answers the storage keys of their photos, to remove after the commit.
 */
export async function deleteCompanyMembers(db: Db, companyId: number): Promise<string[]> {
  let query = db.selectFrom('users').select('id').where('company_id', '=', companyId)
  if (isMysql(db)) {
    // The company's row first, then its members as they are now, both locked until the deletion
    // commits (SQLite's writing transaction is alone): an invitation into the company, which locks
    // that row first too, either went before and its member is read here, or waits and finds it gone.
    await db.selectFrom('users').select('id').where('id', '=', companyId).forUpdate().execute()
    query = query.forUpdate()
  }
  const members = await query.execute()
  const keys: string[] = []
  for (const member of members) {
    const deleted = await deleteAccount(db, fromDbId(member.id))
    if (deleted?.photoKey) keys.push(deleted.photoKey)
  }
  return keys
}

/**
 * When each account was last seen: the latest request of its sessions still stored (a session logged
 * out or swept leaves nothing), by id; an account without one is absent. The teams' lists (contract §9).
 */
export async function lastSeenByIds(db: Db, ids: number[]): Promise<Map<number, Date>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .selectFrom('sessions')
    .select((eb) => ['user_id', eb.fn.max(eb.fn.coalesce('last_seen_at', 'created_at')).as('seen')])
    .where('user_id', 'in', unique)
    .groupBy('user_id')
    .execute()
  return new Map(rows.filter((row) => row.seen !== null).map((row) => [fromDbId(row.user_id), fromDbTime(row.seen as string | Date)]))
}

/** The face bound to the database; `deleteAccount` runs in the caller's transaction, `accept` and `findAccountSummary` when given one. */
export function accountsFace(db: Db) {
  return {
    /** Clients (accepted) or new users (not yet accepted), newest first; `within` a scope and one person's clients. */
    findPage: (accepted: boolean, filter: ListFilter, within: AccountsWithin = {}) => findAccountsPage(db, accepted, filter, within),
    /** In the caller's transaction when one is given (as `accept`). */
    findAccountSummary: (id: number, trx: Db = db) => findAccountSummary(trx, id),
    /** In the caller's transaction when one is given (the journal names companies in its entry's transaction). */
    summariesByIds: (ids: number[], trx: Db = db) => summariesByIds(trx, ids),
    idsMatching: (q: string, options: { email?: boolean } = {}) => idsMatching(db, q, options),
    count: () => countAccounts(db),
    /** Contract §9: a staff member's counts are their clients'; the firm's, the kept totals. */
    countIn: (scope: Scope) => countAccountsIn(db, scope),
    countStaff: () => countStaff(db),
    staffOfClients: (clientIds: number[], trx: Db = db) => staffOfClients(trx, clientIds),
    firmPeople: () => firmPeople(db),
    peopleByIds: (ids: number[], trx: Db = db) => peopleByIds(trx, ids),
    /** A company's member as the company knows them (its id and their address), or undefined for anyone else. */
    memberOf: async (id: number, trx: Db = db): Promise<{ companyId: number; email: string } | undefined> => {
      const row = await trx.selectFrom('users').select(['company_id', 'email']).where('id', '=', id).where('is_member', '=', 1).executeTakeFirst()
      return row && row.company_id !== null ? { companyId: fromDbId(row.company_id), email: row.email } : undefined
    },
    /** In the caller's transaction when one is given (a message's mail is written in its post's). */
    companyPeople: (companyId: number, trx: Db = db, options: { lock?: boolean } = {}) => companyPeople(trx, companyId, options),
    /** What the mails written to this person are written in (contract §10), in the caller's transaction when one is given. */
    languageOf: (id: number, trx: Db = db) => languageOf(trx, id),
    /** When each of these accounts was last seen (its sessions' latest request), by id. */
    lastSeen: (ids: number[], trx: Db = db) => lastSeenByIds(trx, ids),
    accept: (id: number, trx: Db = db) => acceptAccount(trx, id),
    deleteAccount: (trx: Db, id: number) => deleteAccount(trx, id),
    /** A company's members go with it, in the caller's transaction; answers their photos' storage keys. */
    deleteCompanyMembers: (trx: Db, companyId: number) => deleteCompanyMembers(trx, companyId),
  }
}
export type Accounts = ReturnType<typeof accountsFace>
