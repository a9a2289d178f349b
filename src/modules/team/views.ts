import type { ListState } from '../../http/list-pages.js'
import type { FormState } from '../../shared/form-state.js'
import type { StaffPerson } from './staff-schemas.js'
import type { ClientStaffPageProps, StaffAction, SubAdminsPageProps } from './staff-views.js'
import type { Page } from '../../render/page.js'
import type { ProfileConfirmation } from '../identity/index.js'
import type { TeamPageProps } from './member-views.js'

export type { TeamPageProps } from './member-views.js'

export type { ClientStaffPageProps, StaffAction, SubAdminsPageProps } from './staff-views.js'

/** The pages the team module renders, handed to it by app.ts (src/ never imports views/). */
export interface TeamViews {
  /** /admin-dashboard/sub-admins: the firm's people and the invitation form (contract §9). */
  SubAdminsPage: Page<SubAdminsPageProps>
  /** A row action of the firm's list as a page, without JavaScript (contract §8). */
  ConfirmActionPage: Page<{ kind: 'sub-admins'; action: StaffAction; row: StaffPerson; query: ListState; form?: FormState }>
  /** A client's « Suivi par » form on a page of its own, without JavaScript. */
  ClientStaffPage: Page<ClientStaffPageProps>
  /** /team: the company's people (contract §9). */
  TeamPage: Page<TeamPageProps>
  /** « Retirer »'s confirmation dialog as a page, without JavaScript (contract §8). */
  ConfirmMemberPage: Page<ProfileConfirmation & { profileUrl: string }>
}
