import { useState, type FormEvent } from 'react'
import { checkInvitation } from '../../src/modules/identity/validation.js'
import type { CompanyMember } from '../../src/modules/team/member-schemas.js'
import { memberTexts, TEAM_PAGE, teamPageTexts as texts } from '../../src/modules/team/member-texts.js'
import type { TeamPageProps } from '../../src/modules/team/member-views.js'
import { errorOf } from '../../src/shared/form-state.js'
import { api, formErrorOf } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.js'
import { Field } from '../components/Field.js'
import { ErrorSummary, refusalOf, useToastedFormErrors } from '../components/FormErrors.js'
import { Pager } from '../components/Pager.js'
import { formValues, useHydrated } from '../components/useHydrated.js'
import { When } from '../components/When.js'

/** A member as the island keeps them: dates are text once they come from the API. */
type MemberRow = Omit<CompanyMember, 'createdAt' | 'lastSeenAt'> & { createdAt: Date | string; lastSeenAt: Date | string | null }

/**
 * The company's people (contract §9) and, for its owner, « Inviter un collaborateur » and « Retirer ».
 * Without JavaScript (contract §8) the form posts to /team (answered by a 303 with the message, or
 * this page with the errors in place: `form`) and « Retirer » is a link to its confirmation page;
 * once hydrated (`data-hydrated`), the API and the dialog.
 */
export default function TeamMembers({ members: initial, total: initialTotal, query, viewerId, isOwner, canInvite, form: answered }: TeamPageProps) {
  const hydrated = useHydrated()
  const [rows, setRows] = useState<MemberRow[]>(initial)
  const [total, setTotal] = useState(initialTotal)
  const [busy, setBusy] = useState<number | 'invite' | null>(null)
  const [removing, setRemoving] = useState<MemberRow | null>(null)
  const errors = useToastedFormErrors(answered)
  const searched = Boolean(query.q || query.from || query.to)

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const checked = checkInvitation(formValues(form))
    if (!checked.ok) return errors.fail(refusalOf(checked))
    errors.clear()
    setBusy('invite')
    const result = await api<CompanyMember>('/api/company/members', { body: checked.value })
    setBusy(null)
    if (!result.ok) return errors.fail([formErrorOf(result)])
    const member = result.data
    const renewed = result.status === 200
    showToast('success', renewed ? memberTexts.reinvited(member.email) : memberTexts.invited(member.email))
    setRows((all) => [...all.filter((row) => row.companyRole === 'owner'), member, ...all.filter((row) => row.companyRole !== 'owner' && row.id !== member.id)])
    if (!renewed) setTotal((count) => count + 1)
    form.reset()
  }

  async function remove(row: MemberRow) {
    setRemoving(null)
    setBusy(row.id)
    const result = await api(`/api/company/members/${row.id}`, { method: 'DELETE' })
    setBusy(null)
    if (!result.ok) return showToast('error', result.message)
    showToast('success', result.data.message ?? memberTexts.removed(row.username))
    setRows((all) => all.filter((r) => r.id !== row.id))
    setTotal((count) => Math.max(0, count - 1))
  }

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
          <form className="team-invite-form" method="post" action={TEAM_PAGE} noValidate onSubmit={hydrated ? (event) => void invite(event) : undefined} aria-busy={busy === 'invite'}>
            <ErrorSummary form={errors.form} attempt={errors.attempt} toasted={errors.attempt > 0} />
            <Field label={texts.inviteEmail} name="email" type="email" autoComplete="off" maxLength={254} required defaultValue={answered?.values.email} error={errorOf(errors.form, 'email')} />
            <Field label={texts.inviteName} name="username" hint={texts.inviteNameHint} autoComplete="off" maxLength={100} required defaultValue={answered?.values.username} error={errorOf(errors.form, 'username')} />
            <button type="submit" className="button button-primary" disabled={busy !== null}>
              {busy === 'invite' ? texts.inviting : texts.inviteSubmit}
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
        {rows.length === 0 ? (
          <p className="profile-empty">{texts.empty}</p>
        ) : (
          <div className="profile-table-wrap">
            <table className="profile-table team-table">
              <caption className="sr-only">{texts.listTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{texts.name}</th>
                  <th scope="col">{texts.email}</th>
                  <th scope="col">{texts.role}</th>
                  <th scope="col">{texts.status}</th>
                  <th scope="col">{texts.lastSeen}</th>
                  {manages && (
                    <th scope="col">
                      <span className="sr-only">{texts.actions}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} aria-busy={busy === row.id} data-member={row.id}>
                    <td data-label={texts.name}>
                      {row.username}
                      {row.id === viewerId && <span className="team-you"> {texts.you}</span>}
                    </td>
                    <td data-label={texts.email} className="team-email">
                      {row.email}
                    </td>
                    <td data-label={texts.role}>{row.companyRole === 'owner' ? texts.owner : texts.member}</td>
                    <td data-label={texts.status}>
                      <span className={`profile-badge ${row.status === 'active' ? 'profile-badge-yes' : 'profile-badge-no'}`}>{row.status === 'active' ? texts.activeStatus : texts.invitedStatus}</span>
                    </td>
                    <td data-label={texts.lastSeen}>{row.lastSeenAt ? <When at={row.lastSeenAt} /> : texts.never}</td>
                    {manages && (
                      <td>
                        {row.companyRole === 'member' &&
                          (hydrated ? (
                            <button type="button" className="profile-action-danger" disabled={busy !== null} onClick={() => setRemoving(row)} aria-label={texts.removeLabel(row.username)}>
                              {busy === row.id ? texts.removing : texts.remove}
                            </button>
                          ) : (
                            // Without JavaScript, the dialog is a page asking the same (contract §8).
                            <a className="profile-action-danger" href={`${TEAM_PAGE}/${row.id}/remove`} aria-label={texts.removeLabel(row.username)}>
                              {texts.remove}
                            </a>
                          ))}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {total > query.pageSize && <Pager path={TEAM_PAGE} state={query} total={total} />}
      </section>
      <ConfirmDialog request={confirm} onConfirm={() => removing && void remove(removing)} onCancel={() => setRemoving(null)} />
    </div>
  )
}
