import type { ListState } from '../../http/list-pages.js'
import type { Page } from '../../render/page.js'
import type { MailCounts } from '../../jobs/outbox.js'
import type { FormState } from '../../shared/form-state.js'
import type { JournalRow } from '../journal/index.js'
import type { AccountRow, Counts, Profile } from './schemas.js'
import type { AccessTokenView, ProfileConfirmation, ProfileShown } from '../identity/index.js'
import type { ClientRequests, DeviceSession, FirmSent } from './types.js'

/** The pages clients renders, handed to it by app.ts (src/ never imports views/). */
export interface ClientsViews {
  /** `mails`: the outbox's mails waiting and failed. */
  DashboardPage: Page<{ counts: Counts; mails: MailCounts; overdueRequests: number }>
  AdminListPage: Page<{ kind: 'new-users' | 'clients'; title: string; lead: string; items: AccountRow[]; total: number; query: ListState }>
  /** A row action's confirmation dialog as a page, without JavaScript (contract §8). */
  ConfirmActionPage: Page<{ kind: 'new-users' | 'clients'; action: 'accept' | 'delete'; row: AccountRow; query: ListState; form?: FormState }>
  /** « Envoyer un document au client » on a page of its own, where the form posts without JavaScript (contract §8). */
  SendDocumentPage: Page<SendDocumentPageProps>
  /** `documents` is the page of the profile's documents shown (`page`, `pageSize`). */
  /** `photoForm`: the owner's photo form posted without JavaScript and answered again (contract §8). */
  ProfilePage: Page<{ profile: Profile; isOwner: boolean; documents: ListState; activity?: { items: JournalRow[]; total: number } | undefined; sessions?: DeviceSession[] | undefined; accessTokens?: AccessTokenView[] | undefined; twoFactor?: { enabled: boolean } | undefined; firmSent?: FirmSent | undefined; requests?: ClientRequests | undefined; photoForm?: FormState | undefined } & ProfileShown>
  /** A profile action's confirmation dialog as a page, without JavaScript (contract §8): revoking a token, deleting one's account. */
  ConfirmProfilePage: Page<ProfileConfirmation & { profileUrl: string }>
}

/** The client's send page: who receives, what was sent, and the form posted without JavaScript and refused. */
export interface SendDocumentPageProps {
  client: { id: number; username: string; entreprise: string }
  sent: FirmSent
  form?: FormState | undefined
}
