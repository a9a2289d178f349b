import type { AccessTokenView, ClientRequests as ClientRequestsData, DeviceSession, FirmSent, Profile } from '../../../src/modules/clients/types.js'
import type { CompanySection, FirmPerson } from '../../../src/modules/clients/views.js'
import { ClientStaffForm } from '../../components/team/ClientStaffForm.js'
import { OWN_DELETE_PAGES } from '../../../src/modules/documents/validation.js'
import { pageTexts as requestTexts } from '../../../src/modules/requests/texts.js'
import { page } from '../../../src/render/page.js'
import type { FormState } from '../../../src/shared/form-state.js'
import { searchOf } from '../../../src/shared/list-search.js'
import type { ListState } from '../../components/admin-lists/query.js'
import { Pager } from '../../components/Pager.js'
import { Island } from '../../runtime/Island.js'
import type { JournalRow } from '../../../src/modules/journal/index.js'
import { useFormats } from '../../components/When.js'
import { ActivitySection } from './ActivitySection.js'
import { FirmSentSection } from './FirmSentSection.js'
import { PersonalDataSection } from './PersonalDataSection.js'
import { ProfileHeader } from './ProfileHeader.js'
import { messageWords } from '../../../src/modules/messages/index.js'
import { useWords } from '../../runtime/words.js'
import { profileWords } from '../../../src/modules/clients/profile-words.js'
import { wordsOf } from '../../../src/shared/words.js'

export interface ProfilePageProps {
  profile: Profile
  /** The logged-in user is this profile's owner (spec §2: photo upload, password, account deletion). */
  isOwner: boolean
  /** The owner is a company's member (contract §9): the owner removes them, they delete no account. */
  isMember?: boolean | undefined
  /** Who serves the client (contract §9 « Suivi par »), for the firm's people on a client's page. */
  staff?: Array<{ id: number; username: string }> | undefined
  /** For an administrator: the firm's people to tick, the « Suivi par » form (posted to the team module's page). */
  staffChoices?: FirmPerson[] | undefined
  /** Which page of the profile's documents is shown. */
  documents: ListState
  /** The owner's activity (journal entries about their account and documents): shown to the owner only. */
  activity?: { items: JournalRow[]; total: number } | undefined
  /** The owner's sessions (contract §6); absent for an administrator looking at a client. */
  sessions?: DeviceSession[] | undefined
  /** The owner's personal access tokens (issue 17); absent for an administrator looking at a client. */
  accessTokens?: AccessTokenView[] | undefined
  /** For an administrator on a client's profile: whether the client's two-factor is on (its reset). */
  twoFactor?: { enabled: boolean } | undefined
  /** What the firm sent this client, for an administrator (contract §7); absent otherwise. */
  firmSent?: FirmSent | undefined
  /** The company's identifiers (contract §11): its owner on their profile, the firm on a client's page. */
  company?: CompanySection | undefined
  /** Their form posted without JavaScript and answered again. */
  companyForm?: FormState | undefined
  /** An administrator on a client's page: the client's requests and « Demander un document ». */
  requests?: ClientRequestsData | undefined
  /** The owner's photo form posted without JavaScript and answered again (contract §8). */
  photoForm?: FormState | undefined
  /** The owner's token form posted without JavaScript and answered again (contract §8). */
  tokenForm?: FormState | undefined
  /** The token just made by that form: shown this once (the page is answered no-store). */
  createdToken?: { id: number; name: string; token: string; expiresAt: Date } | undefined
}

/** /users/profile/:id (spec §2 Profile page): the owner or an administrator. */
export const ProfilePage = page<ProfilePageProps>(
  ({ profile }, language) => ({ title: wordsOf(profileWords, language).title(profile.username), description: wordsOf(profileWords, language).description }),
  function ProfilePage({ profile, isOwner, isMember, staff, staffChoices, documents, activity, sessions, accessTokens, twoFactor, firmSent, requests, photoForm, tokenForm, createdToken, company, companyForm }) {
    const messageTexts = useWords(messageWords)
    const words = useWords(profileWords)
    // An administrator's account is not deleted from its profile (the server refuses it too).
    const canDeleteAccount = isOwner && !profile.isAdmin && !isMember
    const formats = useFormats()
    return (
      <div className="profile-page">
        <div className="profile-banner" aria-hidden="true" />
        <div className="container profile-body">
          <ProfileHeader profile={profile} isOwner={isOwner} photoForm={photoForm} staff={staff} />
          {/* Only the firm's people see another's profile: the client's thread with the firm. */}
          {!isOwner && !profile.isAdmin && profile.isAccepted && (
            <p className="profile-messages">
              <a href={`/admin-dashboard/clients/${profile.id}/messages`}>{messageTexts.profileMessagesLink}</a>
            </p>
          )}
          <section className="profile-section" aria-labelledby="profile-documents-title">
            <h2 id="profile-documents-title" className="profile-section-title">
              {words.documents}
            </h2>
            <p className="profile-storage">
              {words.storageUsed}
              <strong>{formats.megabytes(profile.storage.usedBytes)}</strong>
              {words.storageOf}
              {formats.megabytes(profile.storage.quotaBytes)}
              <meter className="profile-storage-meter" min={0} max={profile.storage.quotaBytes} value={Math.min(profile.storage.usedBytes, profile.storage.quotaBytes)} aria-label={words.storageLabel} />
            </p>
            <Island
              name="OwnedDocuments"
              hydrate={isOwner ? 'load' : 'with-page'}
              props={isOwner ? { rows: profile.documents, canDelete: true, deletePages: OWN_DELETE_PAGES.profile, listSearch: searchOf(documents) } : { rows: profile.documents, canDelete: false }}
            />
            {profile.documentsTotal > documents.pageSize && <Pager path={`/users/profile/${profile.id}`} state={documents} total={profile.documentsTotal} />}
          </section>
          {company && (
            <section className="profile-section" aria-labelledby="profile-company-title">
              <h2 id="profile-company-title" className="profile-section-title">
                {words.companyTitle}
              </h2>
              <Island name="CompanyIdentifiersForm" props={{ ...company, form: companyForm }} />
            </section>
          )}
          {requests && (
            <section className="profile-section" aria-labelledby="profile-requests-title">
              <h2 id="profile-requests-title" className="profile-section-title">
                {requestTexts.clientRequestsTitle}
              </h2>
              <Island name="ClientRequests" props={{ userId: profile.id, ...requests }} />
            </section>
          )}
          {firmSent && <FirmSentSection userId={profile.id} sent={firmSent} />}
          {staff && staffChoices && (
            <section className="profile-section" aria-labelledby="profile-staff-title">
              <h2 id="profile-staff-title" className="profile-section-title">
                {words.staffTitle}
              </h2>
              <ClientStaffForm clientId={profile.id} people={staffChoices} assigned={staff.map((person) => person.id)} />
            </section>
          )}
          {isOwner && (
            <section className="profile-section" aria-labelledby="profile-security-title">
              <h2 id="profile-security-title" className="profile-section-title">
                {words.securityTitle}
              </h2>
              <p>
                <a href="/users/profile/two-factor">{words.twoFactorLink}</a>
                {words.twoFactorLead}
              </p>
            </section>
          )}
          {twoFactor && (
            <section className="profile-section" aria-labelledby="profile-twofactor-title">
              <h2 id="profile-twofactor-title" className="profile-section-title">
                {words.twoFactorTitle}
              </h2>
              <Island name="TwoFactorReset" props={{ userId: profile.id, username: profile.username, enabled: twoFactor.enabled }} />
            </section>
          )}
          {isOwner && activity && <ActivitySection entries={activity.items} total={activity.total} />}
          {isOwner && sessions && (
            <section className="profile-section" aria-labelledby="profile-sessions-title">
              <h2 id="profile-sessions-title" className="profile-section-title">
                {words.sessionsTitle}
              </h2>
              <Island name="DeviceSessions" props={{ rows: sessions }} />
            </section>
          )}
          {isOwner && accessTokens && (
            <section className="profile-section" aria-labelledby="profile-tokens-title">
              <h2 id="profile-tokens-title" className="profile-section-title">
                {words.tokensTitle}
              </h2>
              <Island name="AccessTokens" props={{ rows: accessTokens, form: tokenForm, created: createdToken }} />
            </section>
          )}
          {isOwner && <PersonalDataSection />}
          {canDeleteAccount && (
            <section className="profile-section profile-danger" aria-labelledby="profile-delete-title">
              <h2 id="profile-delete-title" className="profile-section-title">
                {words.deleteTitle}
              </h2>
              <Island name="DeleteAccount" props={{ userId: profile.id }} />
            </section>
          )}
        </div>
      </div>
    )
  },
)
