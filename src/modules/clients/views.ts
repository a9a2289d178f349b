import type { ListState } from '../../http/list-pages.js'
import type { Page } from '../../render/page.js'
import type { MailCounts } from '../../jobs/outbox.js'
import type { FormState } from '../../shared/form-state.js'
import type { JournalRow } from '../journal/index.js'
import type { AccountRow, Counts, Profile } from './schemas.js'
import type { AccessTokenView, CompanyIdentifiers, PersonName, ProfileConfirmation, ProfileShown } from '../identity/index.js'
import type { ClientRequests, DeviceSession, FirmSent } from './types.js'

/** One of the firm's people, as a client's « Suivi par » form offers them. */
export interface FirmPerson extends PersonName {
  role: 'admin' | 'staff'
  status: 'invited' | 'active'
}

/** A select of a list's toolbar, as views' ListChoice (src/ never imports views/). */
export interface ListChoice {
  name: string
  label: string
  options: Array<{ value: string; label: string }>
}

/** The pages clients renders, handed to it by app.ts (src/ never imports views/). */
export interface ClientsViews {
  /** `mails`: the outbox's mails waiting and failed (an administrator's); `administrator`: the cards of what only they open. */
  DashboardPage: Page<{ counts: Counts; mails?: MailCounts | undefined; overdueRequests: number; administrator: boolean }>
  /** `assigned-clients`: a staff member's clients, without the administrators' actions; `choices`: the « Suivi par » select. */
  AdminListPage: Page<{ kind: 'new-users' | 'clients' | 'assigned-clients'; items: AccountRow[]; total: number; query: ListState; choices?: ListChoice[] }>
  /** A row action's confirmation dialog as a page, without JavaScript (contract §8). */
  ConfirmActionPage: Page<{ kind: 'new-users' | 'clients'; action: 'accept' | 'delete'; row: AccountRow; query: ListState; form?: FormState }>
  /** « Envoyer un document au client » on a page of its own, where the form posts without JavaScript (contract §8). */
  SendDocumentPage: Page<SendDocumentPageProps>
  /** `documents` is the page of the profile's documents shown (`page`, `pageSize`). */
  /** `photoForm`: the owner's photo form posted without JavaScript and answered again (contract §8). */
  /**
   * `staff`: who serves the client (« Suivi par »), for the firm's people on a client's page;
   * `staffChoices`: the firm's people an administrator may tick (the form of the team module's address).
   */
  ProfilePage: Page<{ profile: Profile; isOwner: boolean; staff?: PersonName[] | undefined; staffChoices?: FirmPerson[] | undefined; documents: ListState; activity?: { items: JournalRow[]; total: number } | undefined; sessions?: DeviceSession[] | undefined; accessTokens?: AccessTokenView[] | undefined; twoFactor?: { enabled: boolean } | undefined; firmSent?: FirmSent | undefined; requests?: ClientRequests | undefined; photoForm?: FormState | undefined; company?: CompanySection | undefined; companyForm?: FormState | undefined } & ProfileShown>
  /** A profile action's confirmation dialog as a page, without JavaScript (contract §8): revoking a token, deleting one's account. */
  ConfirmProfilePage: Page<ProfileConfirmation & { profileUrl: string }>
}

/** The client's send page: who receives, what was sent, and the form posted without JavaScript and refused. */
export interface SendDocumentPageProps {
  client: { id: number; username: string; entreprise: string }
  sent: FirmSent
  form?: FormState | undefined
}

/** The company's identifiers on its profile (contract §11): its owner's, or the firm's on a client's page. */
export interface CompanySection {
  identifiers: CompanyIdentifiers
  apiUrl: string
  action: string
}
