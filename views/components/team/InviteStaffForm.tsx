import { useId, useState } from 'react'
import { checkInvitation } from '../../../src/modules/identity/validation.js'
import type { StaffPerson } from '../../../src/modules/team/staff-schemas.js'
import { checkStaffInvitation, staffLabelWords, staffWords, STAFF_ROLES, SUB_ADMINS_PAGE } from '../../../src/modules/team/staff-validation.js'
import { staffPageWords } from '../../../src/modules/team/staff-page-words.js'
import { useLanguage } from '../../runtime/words.js'
import { wordsOf } from '../../../src/shared/words.js'
import { errorOf, type FormState } from '../../../src/shared/form-state.js'
import { api } from '../../client/api.js'
import { showToast } from '../../client/toast.js'
import { Field } from '../Field.js'
import { describedBy, ErrorSummary, FieldError } from '../FormErrors.js'
import { refused, useCheckedSubmit } from '../useCheckedSubmit.js'
import { useHydrated } from '../useHydrated.js'

/**
 * « Inviter une personne » in the firm's team (contract §9): the shared checks, then POST /api/staff.
 * Without JavaScript (or before hydration) a plain post to the sub-admins page, answered by a 303
 * with a flash or by the page again with `form` (contract §8).
 */
export function InviteStaffForm({ form: answered, onInvited }: { form?: FormState | undefined; onInvited: (person: StaffPerson) => void }) {
  const language = useLanguage()
  const inviteTexts = wordsOf(staffPageWords, language).invite
  const said = wordsOf(staffWords, language)
  const { roles } = wordsOf(staffLabelWords, language)
  const hydrated = useHydrated()
  const id = useId()
  const [version, setVersion] = useState(0)
  const { busy, submit, ...errors } = useCheckedSubmit(answered, (values) => checkStaffInvitation(values, checkInvitation), async (checked) => {
    const result = await api<StaffPerson>('/api/staff', { body: checked })
    if (!result.ok) return refused(result)
    showToast('success', result.status === 200 ? said.reinvited(checked.email) : said.invited(checked.email))
    setVersion((n) => n + 1)
    onInvited(result.data)
  })
  const kept = (name: string) => (version === 0 ? answered?.values[name] : undefined)
  const roleError = errorOf(errors.form, 'role')
  const roleAria = describedBy(`${id}-role`, true, roleError)

  return (
    <section className="staff-invite" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="request-form-title">
        {inviteTexts.title}
      </h2>
      <p className="field-hint">{inviteTexts.lead}</p>
      <form key={version} className="request-form staff-invite-form" method="post" action={SUB_ADMINS_PAGE} noValidate onSubmit={hydrated ? (event) => void submit(event) : undefined} aria-busy={busy} data-hydrated={hydrated || undefined}>
        <ErrorSummary form={errors.form} attempt={errors.attempt} toasted={errors.attempt > 0} />
        <Field label={inviteTexts.email} name="email" type="email" autoComplete="off" maxLength={254} defaultValue={kept('email')} error={errorOf(errors.form, 'email')} />
        <Field label={inviteTexts.username} name="username" hint={inviteTexts.usernameHint} autoComplete="off" maxLength={100} defaultValue={kept('username')} error={errorOf(errors.form, 'username')} />
        <div className="field">
          <label htmlFor={`${id}-role`}>{inviteTexts.role}</label>
          <select id={`${id}-role`} name="role" defaultValue={kept('role') ?? 'staff'} aria-invalid={roleError ? true : undefined} aria-describedby={roleAria.describedBy}>
            {[...STAFF_ROLES].reverse().map((role) => (
              <option key={role} value={role}>
                {roles[role]}
              </option>
            ))}
          </select>
          <p id={`${id}-role-hint`} className="field-hint">
            {inviteTexts.roleHint}
          </p>
          <FieldError id={roleAria.errorId} message={roleError} />
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? inviteTexts.sending : inviteTexts.submit}
        </button>
      </form>
    </section>
  )
}
