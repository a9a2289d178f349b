import type { Clock } from '../../clock/clock.js'
import type { Db } from '../../db/database.js'
import type { Outbox } from '../../jobs/outbox.js'
import type { Identity } from '../identity/index.js'
import type { Journal } from '../journal/index.js'
import type { Requests } from '../requests/index.js'
import { createAssignments } from './assignment-service.js'
import { createMembers } from './member-service.js'
import { createStaff } from './staff-service.js'

export interface TeamDeps {
  db: Db
  identity: Identity
  journal: Pick<Journal, 'record'>
  outbox: Pick<Outbox, 'enqueue'>
  /** A member removed leaves the company's reminders (their waiting mails discarded in the removal's transaction). */
  requests: Pick<Requests, 'forgetPerson'>
  clock: Clock
  settings: { publicUrl: string; adminEmail?: string | undefined }
}

/** The firm's team and the companies' teams (contract §9). */
export function createTeam(deps: TeamDeps) {
  return {
    deps,
    /** The firm's people: the list, invitations, role changes, removals (`/api/staff`, the sub-admins screen). */
    staff: createStaff(deps),
    /** Who serves which client (`/api/users/:id/staff`, a client's « Suivi par »). */
    assignments: createAssignments(deps),
    /** A company's people: its list, the owner's invitations and removals (`/api/company/members`, `/team`). */
    members: createMembers(deps),
  }
}
export type Team = ReturnType<typeof createTeam>
