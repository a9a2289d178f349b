import type { ListState } from '../../http/list-pages.js'
import type { FormState } from '../../shared/form-state.js'
import type { AssignmentForm } from './assignment-types.js'
import type { StaffPerson } from './staff-schemas.js'

/** /admin-dashboard/sub-admins (contract §9): the firm's people in the shared list, and the invitation form. */
export interface SubAdminsPageProps {
  items: StaffPerson[]
  total: number
  query: ListState
  /** The invitation form posted without JavaScript and answered again: what was typed and the errors (contract §8). */
  form?: FormState | undefined
}

/** A row action of the firm's list (its confirmation page without JavaScript). */
export type StaffAction = 'make-admin' | 'make-staff' | 'remove'

/** /admin-dashboard/clients/:id/staff: a client's « Suivi par » form on a page of its own, where it posts without JavaScript. */
export interface ClientStaffPageProps extends AssignmentForm {
  /** Posted and refused: the errors in place (contract §8). */
  answered?: FormState | undefined
}
