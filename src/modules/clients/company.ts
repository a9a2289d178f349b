import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import type { Clock } from '../../clock/clock.js'
import { refusals } from '../../shared/domain-error.js'
import { checkCompanyIdentifiers, companyWords, isFirmScope, reaches, scopeOf, type CompanyIdentifiers, type Identity, type SessionUser } from '../identity/index.js'

const refuse = refusals(companyWords)

/** Who hears of a company's identifiers changed (the calendar: its requests follow the regime and the employer). */
export interface IdentifiersWatcher {
  identifiersChanged(companyId: number): void
}

/**
 * A company's identifiers (contract §11): its owner reads and changes them, as do the administrators
 * and the staff serving it (`/api/users/:id/company`); another client's is unknown to a staff member (404).
 */
export function companyIdentifiers({ db, identity, clock, watcher }: { db: Db; identity: Pick<Identity, 'accounts' | 'companies'>; clock: Clock; watcher: IdentifiersWatcher }) {
  /** The company the viewer acts on: their own (the owner's, on /api/users/company), or `id` (the firm's). */
  async function companyFor(viewer: SessionUser, id?: number): Promise<number> {
    if (id === undefined) {
      if (viewer.companyRole !== 'owner' || viewer.companyId === null) throw refuse('forbidden', 'ownerOnly')
      return viewer.companyId
    }
    const scope = scopeOf(viewer)
    if (!isFirmScope(scope) || !(await reaches(db, scope, id))) throw refuse('not_found', 'notFound')
    const account = await identity.accounts.findAccountSummary(id)
    // A company is an account that registered: neither the firm's nor a member's.
    if (!account || account.isAdmin || (await identity.accounts.memberOf(id))) throw refuse('not_found', 'notFound')
    return id
  }

  return {
    async find(viewer: SessionUser, id?: number): Promise<CompanyIdentifiers> {
      return identity.companies.find(await companyFor(viewer, id))
    },

    /** The fields given are checked (a wrong one: 400 naming it), written; a NIF of another company: 409. */
    async change(viewer: SessionUser, input: Record<string, unknown>, id?: number): Promise<CompanyIdentifiers> {
      const companyId = await companyFor(viewer, id)
      const checked = checkCompanyIdentifiers(input)
      if (!checked.ok) throw refuse.form(checked)
      const saved = await transaction(db, async (trx) => {
        if ((await identity.companies.change(trx, companyId, checked.value, clock.now())) === 'taken') throw refuse('conflict', 'nifTaken').under('nif')
        return identity.companies.find(companyId, trx)
      })
      watcher.identifiersChanged(companyId)
      return saved
    },
  }
}
export type CompanyIdentifiersService = ReturnType<typeof companyIdentifiers>
