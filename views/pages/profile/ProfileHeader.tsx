import type { Profile } from '../../../src/modules/clients/types.js'
import { When } from '../../components/When.js'
import { DEFAULT_AVATAR } from '../../../src/shared/avatar.js'
import type { FormState } from '../../../src/shared/form-state.js'
import { Island } from '../../runtime/Island.js'
import { useWords } from '../../runtime/words.js'
import { profileWords } from '../../../src/modules/clients/profile-words.js'

/** Spec §2: the phone with its leading 0 (older records lost it when kept as a number). */
export function phoneWithZero(telephone: string): string {
  const digits = telephone.trim()
  return digits.startsWith('0') ? digits : `0${digits}`
}

/** Avatar, name with the verified badge and the company beneath, phone and join date; the owner changes the photo here. */
export function ProfileHeader({ profile, isOwner, photoForm, staff }: { profile: Profile; isOwner: boolean; photoForm?: FormState | undefined; staff?: Array<{ id: number; username: string }> | undefined }) {
  const words = useWords(profileWords)
  const phone = phoneWithZero(profile.telephone)
  const photoUrl = profile.profilePhoto?.url ?? null
  return (
    <div className="profile-card">
      {isOwner ? (
        <Island name="ProfilePhotoForm" props={{ userId: profile.id, photoUrl, defaultPhotoUrl: DEFAULT_AVATAR, username: profile.username, ...(photoForm ? { form: photoForm } : {}) }} />
      ) : (
        <div className="profile-photo">
          <img className="profile-avatar" src={photoUrl ?? DEFAULT_AVATAR} alt={words.photoOf(profile.username)} width={144} height={144} />
        </div>
      )}
      <div className="profile-summary">
        <h1 className="profile-name">
          <span>{profile.username}</span>
          {profile.isAccepted && <VerifiedBadge title={words.acceptedTitle} label={words.verified} />}
        </h1>
        {/* Beside the name, as in the lists: two clients of one name are told apart by their company. */}
        <p className="profile-company">
          <span className="visually-hidden">{words.company}</span>
          {profile.entreprise}
        </p>
        <dl className="profile-facts">
          <div>
            <dt>{words.phone}</dt>
            <dd>
              <a href={`tel:${phone}`}>{phone}</a>
            </dd>
          </div>
          <div>
            <dt>{words.email}</dt>
            <dd>{profile.email}</dd>
          </div>
          <div>
            <dt>{words.memberSince}</dt>
            <dd>
              <When at={profile.createdAt} />
            </dd>
          </div>
          {/* The firm's people on a client's page: who serves them (contract §9). */}
          {staff && (
            <div className="profile-staff">
              <dt>{words.servedBy}</dt>
              <dd>{staff.length > 0 ? staff.map((person) => person.username).join(', ') : words.nobodyYet}</dd>
            </div>
          )}
        </dl>
        {isOwner && (
          <div className="profile-actions">
            <Island name="ChangePasswordDialog" props={{ userId: profile.id }} />
          </div>
        )}
      </div>
    </div>
  )
}

/** Shown when the firm has accepted the client (isAccepted). */
function VerifiedBadge({ title, label }: { title: string; label: string }) {
  return (
    <span className="profile-verified" title={title}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="10" fill="currentColor" />
        <path d="m5.5 10.2 3 3 6-6.2" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </span>
  )
}
