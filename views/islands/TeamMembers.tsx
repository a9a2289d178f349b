import { useState } from 'react'
import { checkInvitation } from '../../src/modules/identity/validation.js'
import type { CompanyMember } from '../../src/modules/team/member-schemas.js'
import { memberWords, TEAM_PAGE, teamPageWords } from '../../src/modules/team/member-texts.js'
import type { TeamPageProps } from '../../src/modules/team/member-views.js'
import { errorOf } from '../../src/shared/form-state.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.js'
import { CardTable } from '../components/CardTable.js'
import { Field } from '../components/Field.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { Pager } from '../components/Pager.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { useHydrated } from '../components/useHydrated.js'
import { useRowDeletion } from '../components/useRowDeletion.js'
import { When } from '../components/When.js'
import { useWords } from '../runtime/words.js'

/** A member as the island keeps them: dates are text once they come from the API. */
type MemberRow = Omit<CompanyMember, 'createdAt' | 'lastSeenAt'> & { createdAt: Date | string; lastSeenAt: Date | string | null }

/**
 * The company's people (contract §9) and, for its owner, « Inviter un collaborateur » and « Retirer ».
 * Without JavaScript (contract §8) the form posts to /team (answered by a 303 with the message, or
 * this page with the errors in place: `form`) and « Retirer » is a link to its confirmation page;
 * once hydrated (`data-hydrated`), the API and the dialog.
 */
export default function TeamMembers({ members: initial, total: initialTotal, query, viewerId, isOwner, canInvite, form: answered }: TeamPageProps) {
  const memberTexts = useWords(memberWords)
  const texts = useWords(teamPageWords)
  const hydrated = useHydrated()
  const [rows, setRows] = useState<MemberRow[]>(initial)
  const [total, setTotal] = useState(initialTotal)
  const { asking: removing, asked: setRemoving, busyRow, remove } = useRowDeletion<MemberRow>(
    (row) => `/api/company/members/${row.id}`,
    (row) => memberTexts.removed(row.username),
    (row) => {
      setRows((all) => all.filter((r) => r.id !== row.id))
      setTotal((count) => Math.max(0, count - 1))
    },
  )
  const searched = Boolean(query.q || query.from || query.to)
  const { busy: inviting, submit: invite, ...errors } = useCheckedSubmit(answered, checkInvitation, async (checked, _values, form) => {
    const result = await api<CompanyMember>('/api/company/members', { body: checked })
    if (!result.ok) return refused(result)
    const member = result.data
    const renewed = result.status === 200
    showToast('success', renewed ? memberTexts.reinvited(member.email) : memberTexts.invited(member.email))
    setRows((all) => [...all.filter((row) => row.companyRole === 'owner'), member, ...all.filter((row) => row.companyRole !== 'owner' && row.id !== member.id)])
    if (!renewed) setTotal((count) => count + 1)
    form.reset()
  })
  const busy = inviting || busyRow !== null

  const confirm: ConfirmRequest | null = removing && { title: texts.removeTitle(removing.username), text: texts.removeText, confirmLabel: texts.removeConfirm, tone: 'danger' }
  const manages = isOwner

  return (
    <div className="team-members" data-hydrated={hydrated || undefined}>
      {isOwner && canInvite && (
        <section className="profile-section team-invite" aria-labelledby="team-invite-title">
          <h2 id="team-invite-title" className="profile-section-title">
            {texts.inviteTitle}
          </h2>
          <p className="team-muted">{texts.inviteLead}</p>
          <form className="team-invite-form" method="post" action={TEAM_PAGE} noValidate onSubmit={hydrated ? (event) => void invite(event) : undefined} aria-busy={inviting}>
            <ErrorSummary form={errors.form} attempt={errors.attempt} toasted={errors.attempt > 0} />
            <Field label={texts.inviteEmail} name="email" type="email" autoComplete="off" maxLength={254} required defaultValue={answered?.values.email} error={errorOf(errors.form, 'email')} />
            <Field label={texts.inviteName} name="username" hint={texts.inviteNameHint} autoComplete="off" maxLength={100} required defaultValue={answered?.values.username} error={errorOf(errors.form, 'username')} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {inviting ? texts.inviting : texts.inviteSubmit}
            </button>
          </form>
        </section>
      )}
      {isOwner && !canInvite && <p className="team-notice">{memberTexts.notAccepted}</p>}
      {!isOwner && <p className="team-notice">{texts.readOnly}</p>}

      <section className="profile-section" aria-labelledby="team-list-title">
        <h2 id="team-list-title" className="profile-section-title">
          {texts.listTitle}
        </h2>
        <form className="team-search" method="get" action={TEAM_PAGE} role="search" aria-label={texts.search}>
          <label className="field team-search-field">
            <span>{texts.search}</span>
            <input type="search" name="q" defaultValue={query.q} maxLength={200} />
          </label>
          <button type="submit" className="button button-secondary">
            Rechercher
          </button>
          {searched && (
            <a className="team-search-reset" href={TEAM_PAGE}>
              Réinitialiser
            </a>
          )}
        </form>
        <CardTable
          look="profile"
          className="team-table"
          caption={texts.listTitle}
          empty={texts.empty}
          rows={rows}
          rowProps={(row) => ({ 'aria-busy': busyRow === row.id, 'data-member': row.id })}
          columns={[
            {
              label: texts.name,
              cell: (row) => (
                <>
                  {row.username}
                  {row.id === viewerId && <span className="team-you"> {texts.you}</span>}
                </>
              ),
            },
            { label: texts.email, className: 'team-email', wide: true, cell: (row) => row.email },
            { label: texts.role, cell: (row) => (row.companyRole === 'owner' ? texts.owner : texts.member) },
            {
              label: texts.status,
              cell: (row) => <span className={`profile-badge ${row.status === 'active' ? 'profile-badge-yes' : 'profile-badge-no'}`}>{row.status === 'active' ? texts.activeStatus : texts.invitedStatus}</span>,
            },
            { label: texts.lastSeen, cell: (row) => (row.lastSeenAt ? <When at={row.lastSeenAt} /> : texts.never) },
            {
              label: texts.actions,
              unseen: true,
              skip: !manages,
              cell: (row) =>
                row.companyRole === 'member' &&
                (hydrated ? (
                  <button type="button" className="profile-action-danger" disabled={busy} onClick={() => setRemoving(row)} aria-label={texts.removeLabel(row.username)}>
                    {busyRow === row.id ? texts.removing : texts.remove}
                  </button>
                ) : (
                  // Without JavaScript, the dialog is a page asking the same (contract §8).
                  <a className="profile-action-danger" href={`${TEAM_PAGE}/${row.id}/remove`} aria-label={texts.removeLabel(row.username)}>
                    {texts.remove}
                  </a>
                )),
            },
          ]}
        />
        {total > query.pageSize && <Pager path={TEAM_PAGE} state={query} total={total} />}
      </section>
      <ConfirmDialog request={confirm} onConfirm={() => removing && void remove(removing)} onCancel={() => setRemoving(null)} />
    </div>
  )
}
