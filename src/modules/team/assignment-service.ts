import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import { transaction } from '../../db/transaction.js'
import { refusals } from '../../shared/domain-error.js'
import type { RequestOrigin } from '../../shared/request-origin.js'
import { reaches, scopeOf, type SessionUser } from '../identity/index.js'
import type { Journal, JournalActor } from '../journal/index.js'
import * as repo from './assignment-repository.js'
import type { AssignedClient, AssignmentForm } from './assignment-types.js'
import { firmChoices } from './staff-repository.js'
import { assignmentWords } from './words.js'

const refuse = refusals(assignmentWords)

export interface AssignmentDeps {
  db: Db
  journal: Pick<Journal, 'record'>
  clock: Clock
}

/**
 * Who serves which client (contract §9). Only an accepted client (not a company's member, not a
 * person of the firm) is assigned: one not accepted yet → 409, anything else → 404. Every person
 * named must be of the firm, invited or active (400).
 */
export function createAssignments({ db, journal, clock }: AssignmentDeps) {
  async function client(id: number, trx: Db = db, lock = false): Promise<AssignedClient> {
    const found = await repo.findAssignableClient(trx, id, { lock })
    if (found.kind === 'none') throw refuse('not_found', 'clientNotFound')
    if (found.kind === 'unaccepted') throw refuse('conflict', 'clientNotAccepted')
    return { id: found.id, username: found.username, entreprise: found.entreprise }
  }

  return {
    /**
     * Who serves the client: for an administrator, and for a staff member who serves it (it is theirs
     * to know who they share it with); any other client is a 404 to staff, as everything about it.
     */
    async list(viewer: SessionUser, clientId: number): Promise<Array<{ id: number; username: string }>> {
      if (!(await reaches(db, scopeOf(viewer), clientId))) throw refuse('not_found', 'clientNotFound')
      const found = await repo.findAssignableClient(db, clientId)
      if (found.kind === 'none') throw refuse('not_found', 'clientNotFound')
      return repo.findAssigned(db, clientId)
    },

    /** The client is served by exactly these people from now on; `client.assigned` is journaled when it changed. */
    async assign(clientId: number, staffIds: number[], by: JournalActor, from: RequestOrigin | null): Promise<Array<{ id: number; username: string }>> {
      const ids = [...new Set(staffIds)]
      return transaction(db, async (trx) => {
        const served = await client(clientId, trx, true)
        const allowed = await repo.assignableIds(trx, ids)
        if (ids.some((id) => !allowed.has(id))) throw refuse('validation', 'staffUnknown').under('staffIds')
        if (await repo.replaceAssigned(trx, served.id, ids, clock.now())) {
          await journal.record(trx, { action: 'client.assigned', actor: by, subject: { type: 'user', id: served.id, label: served.username }, from })
        }
        return repo.findAssigned(trx, served.id)
      })
    },

    /** The « Suivi par » form of an accepted client (its page without JavaScript, or the profile's section). */
    async form(clientId: number): Promise<AssignmentForm> {
      const [served, people, assigned] = await Promise.all([client(clientId), firmChoices(db), repo.findAssigned(db, clientId)])
      return { client: served, people, assigned: assigned.map((person) => person.id) }
    },
  }
}
export type Assignments = ReturnType<typeof createAssignments>
