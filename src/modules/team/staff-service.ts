import type { Db } from '../../db/database.js'
import type { ListFilter, Page } from '../../db/lists.js'
import { transaction } from '../../db/transaction.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import type { Identity } from '../identity/index.js'
import type { Journal, JournalActor } from '../journal/index.js'
import { dropAssignmentsOf } from './assignment-repository.js'
import * as repo from './staff-repository.js'
import type { StaffPerson, StaffRole } from './staff-schemas.js'
import { staffWords } from './words.js'

const refuse = refusals(staffWords)

/** The team an invitation to the firm names, in its mail and on its page (identity's word for the firm). */
export const FIRM_TEAM = 'l’équipe du cabinet'

export interface StaffDeps {
  db: Db
  identity: Pick<Identity, 'invitations' | 'retireAccess'>
  journal: Pick<Journal, 'record'>
  /** ADMIN_EMAIL: start-up makes sure that administrator exists (contract §1), so the team cannot demote or remove them. */
  settings?: { adminEmail?: string | undefined }
}

/** Who acts: the journal's actor, with the address an invitation's mail and entry name. */
export type TeamActor = JournalActor & { email: string }

/**
 * The firm's people (contract §9): the list, invitations, role changes and removals. The last active
 * administrator can be neither demoted nor removed (409), checked on locked rows so that two
 * administrators acting at once cannot leave the firm without one. Ending a person's sessions and
 * tokens is identity's (`retireAccess`), in the change's transaction.
 */
export function createStaff({ db, identity, journal, settings }: StaffDeps) {
  async function find(id: number): Promise<StaffPerson> {
    const person = await repo.findFirmPerson(db, id)
    if (!person) throw refuse('not_found', 'notFound')
    return person
  }

  /**
   * The person about to change, after the active administrators (locked first, in one order for every
   * change, so that two at once wait for each other instead of deadlocking); 404 when there is none,
   * 409 when they are the last active administrator.
   */
  async function lockForChange(trx: Db, id: number, narrowing: boolean) {
    const admins = await repo.lockActiveAdmins(trx)
    const person = await repo.lockFirmPerson(trx, id)
    if (!person) throw refuse('not_found', 'notFound')
    if (narrowing && admins.length <= 1 && admins.includes(id)) throw refuse('conflict', 'lastAdmin')
    // The next start would make them an active administrator again, with ADMIN_PASSWORD (security review).
    if (narrowing && settings?.adminEmail !== undefined && person.email === settings.adminEmail.trim().toLowerCase()) throw refuse('conflict', 'configuredAdmin')
    return person
  }

  return {
    list: (filter: ListFilter): Promise<Page<StaffPerson>> => repo.findFirmPeoplePage(db, filter),

    /** One person of the firm as listed; 404 for a client, a removed person or an unknown id. */
    find,

    /**
     * Invites a person to the firm (identity's invitations: the account, the 7-day link, the mail and
     * the journal's `staff.invited`, in one transaction). An address still invited gets a fresh link
     * (`renewed`); a removed person's address opens their row again; any other account's → 409.
     */
    async invite(input: { email: string; username: string; role: StaffRole }, by: TeamActor, from: RequestOrigin | null): Promise<{ person: StaffPerson; renewed: boolean }> {
      const reopened = await repo.reopenRemoved(db, input.email, input.role)
      const { id, renewed } = await identity.invitations.invite({ email: input.email, username: input.username, side: { role: input.role }, team: FIRM_TEAM, invitedBy: by, action: 'staff.invited', from })
      return { person: await find(id), renewed: renewed && !reopened }
    },

    /** `admin` ↔ `staff`. Narrowing an active administrator to staff ends their sessions and tokens: they come back with their new rights. */
    async changeRole(id: number, role: StaffRole, by: JournalActor, from: RequestOrigin | null): Promise<{ person: StaffPerson; changed: boolean }> {
      const changed = await transaction(db, async (trx) => {
        const person = await lockForChange(trx, id, role === 'staff')
        if (person.role === role) return false
        await repo.setRole(trx, id, role)
        // An invited person holds no session yet, and their link must keep working.
        if (role === 'staff' && person.status === 'active') await identity.retireAccess(trx, id)
        await journal.record(trx, { action: 'staff.role_changed', actor: by, subject: { type: 'user', id, label: person.username }, from })
        return true
      })
      return { person: await find(id), changed }
    },

    /**
     * The person leaves the firm: status `removed` (the row stays, with their name in the journal
     * and the threads), their sessions, tokens and links end, and they serve no client any more.
     */
    async remove(id: number, by: JournalActor, from: RequestOrigin | null): Promise<{ username: string }> {
      return transaction(db, async (trx) => {
        const person = await lockForChange(trx, id, true)
        await repo.markRemoved(trx, id)
        await dropAssignmentsOf(trx, id)
        await identity.retireAccess(trx, id)
        await journal.record(trx, { action: 'staff.removed', actor: by, subject: { type: 'user', id, label: person.username }, from })
        return { username: person.username }
      })
    },
  }
}
export type Staff = ReturnType<typeof createStaff>
