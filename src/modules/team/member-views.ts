import type { ListState } from '../../http/list-pages.js'
import type { FormState } from '../../shared/form-state.js'
import type { CompanyMember } from './member-schemas.js'

/** /team (contract §9): the company's people, and for its owner the invitation form and the removals. */
export interface TeamPageProps {
  members: CompanyMember[]
  total: number
  /** The list's search and page (contract §2). */
  query: ListState
  /** The logged-in person: their own row is marked; only the owner manages the team. */
  viewerId: number
  isOwner: boolean
  /** The firm accepted the company: only then may its owner invite. */
  canInvite: boolean
  /** The invitation form posted without JavaScript and answered again: what was typed and the errors (contract §8). */
  form?: FormState | undefined
}
