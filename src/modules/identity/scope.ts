import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Db } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import type { SessionUser } from './session-user.js'

/**
 * Who may see a client, decided here and nowhere else (contract §9, docs/decisions/056-teams-one-access-policy.md). A request's person becomes a Scope once; services hand it to repositories, which turn it
 * into SQL with `clientIn` (an `IN` on the assignment table for staff), so a list, a count, a search
 * and a find by id all see the same clients and no row is read to be thrown away. A repository never
 * sees a role: it sees the set of clients. A new rule (a team lead seeing their staff's clients, say)
 * changes this file only.
 */
export type Scope =
  /** An administrator: every client. */
  | { kind: 'firm' }
  /** A staff member: the clients assigned to them in client_staff. */
  | { kind: 'staff'; staffId: number }
  /** A company's person, owner or member: that company alone. */
  | { kind: 'company'; companyId: number }
  /** Nobody's clients (a visitor; a firm's person without back-office rights). */
  | { kind: 'none' }

export const FIRM_SCOPE: Scope = { kind: 'firm' }

export function scopeOf(user: Pick<SessionUser, 'id' | 'role' | 'companyId'> | null | undefined): Scope {
  if (!user) return { kind: 'none' }
  if (user.role === 'admin') return FIRM_SCOPE
  if (user.role === 'staff') return { kind: 'staff', staffId: user.id }
  return user.companyId === null ? { kind: 'none' } : { kind: 'company', companyId: user.companyId }
}

/** True when the scope is the firm's side (admin or staff): the back-office's lists and actions. */
export function isFirmScope(scope: Scope): scope is Extract<Scope, { kind: 'firm' | 'staff' }> {
  return scope.kind === 'firm' || scope.kind === 'staff'
}

/** The client ids a staff member serves, as a subquery (`IN (…)`), on the primary key (staff_id, client_id). */
function assignedClients(eb: ExpressionBuilder<Database, never>, staffId: number) {
  return eb.selectFrom('client_staff').select('client_staff.client_id').where('client_staff.staff_id', '=', staffId)
}

/**
 * `column` (a client's id: documents.user_id, requests.user_id, users.id…) is one of the scope's
 * clients, as a where clause of the caller's query.
 */
export function clientIn(scope: Scope, column: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    switch (scope.kind) {
      case 'firm':
        return sql<SqlBool>`1 = 1`
      case 'staff':
        return eb(sql.ref(column), 'in', assignedClients(eb as ExpressionBuilder<Database, never>, scope.staffId))
      case 'company':
        return eb(sql.ref(column), '=', scope.companyId)
      case 'none':
        return sql<SqlBool>`1 = 0`
    }
  }
}

/**
 * The staff member whose list of documents kept by triggers (`staff_documents`, migration 0034: their
 * clients' documents, from client_staff as `clientIn` reads it) is this scope's, or undefined. A rule
 * that changes whom a staff member reaches changes those triggers with it, or answers undefined here:
 * the lists then read their clients' ranges. The lists still apply `clientIn` to the page's rows.
 */
export function keptListOf(scope: Scope): number | undefined {
  return scope.kind === 'staff' ? scope.staffId : undefined
}

/** The one client a scope may reach without reading anything, or undefined (firm and staff reach several). */
export function onlyClientOf(scope: Scope): number | undefined {
  return scope.kind === 'company' ? scope.companyId : undefined
}

/** Whether the scope reaches this client (one indexed lookup for staff): an action on one client asks it first. */
export async function reaches(db: Db, scope: Scope, clientId: number): Promise<boolean> {
  switch (scope.kind) {
    case 'firm':
      return true
    case 'company':
      return scope.companyId === clientId
    case 'none':
      return false
    case 'staff':
      return (await db.selectFrom('client_staff').select('client_id').where('staff_id', '=', scope.staffId).where('client_id', '=', clientId).executeTakeFirst()) !== undefined
  }
}
