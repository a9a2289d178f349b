import type { Page } from '../../render/page.js'
import type { ProfileConfirmation } from '../identity/index.js'
import type { TeamPageProps } from './member-views.js'

export type { TeamPageProps } from './member-views.js'

/** The pages the team module renders, handed to it by app.ts (src/ never imports views/). */
export interface TeamViews {
  /** /team: the company's people (contract §9). */
  TeamPage: Page<TeamPageProps>
  /** « Retirer »'s confirmation dialog as a page, without JavaScript (contract §8). */
  ConfirmMemberPage: Page<ProfileConfirmation & { profileUrl: string }>
}
