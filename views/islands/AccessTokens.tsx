import { useId, useState } from 'react'
import { accessTokenWords, checkNewAccessToken, TOKEN_DAYS_MAX, TOKEN_DAYS_MIN, TOKEN_NAME_MAX } from '../../src/modules/identity/access-token-validation.js'
import { When } from '../components/When.js'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.js'
import { CardTable } from '../components/CardTable.js'
import { Field } from '../components/Field.js'
import { useHydrated } from '../components/useHydrated.js'
import { useRowDeletion } from '../components/useRowDeletion.js'
import { ErrorSummary } from '../components/FormErrors.js'
import { refused, useCheckedSubmit } from '../components/useCheckedSubmit.js'
import { errorOf, type FormState } from '../../src/shared/form-state.js'
import { tokenWords } from '../../src/modules/identity/profile-words.js'
import { useWords } from '../runtime/words.js'

/** A token as the profile lists it (never its secret). */
export interface AccessTokenRow {
  id: number
  name: string
  createdAt: Date | string
  lastUsedAt: Date | string | null
  expiresAt: Date | string
}

interface CreatedToken {
  id: number
  name: string
  token: string
  expiresAt: Date | string
}

const DEFAULT_DAYS = 90


const when = (date: Date | string) => <When at={date} />

/**
 * The owner's personal access tokens (issue 17): create one (shown once, with a copy button), list,
 * revoke. Without JavaScript (contract §8) the form posts to /users/profile/tokens, whose answer is
 * this page with the new token (`created`) or the form's errors (`form`), and « Révoquer » is a link
 * to its confirmation page; once hydrated (`data-hydrated`), the API and the dialog.
 */
export default function AccessTokens({ rows: initial, form: answered, created: shownOnce }: { rows: AccessTokenRow[]; form?: FormState | undefined; created?: CreatedToken | undefined }) {
  const texts = useWords(tokenWords)
  const said = useWords(accessTokenWords)
  const hydrated = useHydrated()
  const [rows, setRows] = useState(initial)
  const [created, setCreated] = useState<CreatedToken | null>(shownOnce ?? null)
  const { asking: revoking, asked: setRevoking, busyRow, remove: revoke } = useRowDeletion<AccessTokenRow>(
    (row) => `/api/auth/tokens/${row.id}`,
    () => said.revoked,
    (row) => {
      setRows((all) => all.filter((r) => r.id !== row.id))
      setCreated((shown) => (shown?.id === row.id ? null : shown))
    },
  )
  const { busy: creating, submit: create, ...errors } = useCheckedSubmit(answered, checkNewAccessToken, async (checked, _values, form) => {
    const result = await api<CreatedToken>('/api/auth/tokens', { body: checked })
    if (!result.ok) return refused(result)
    const { token: _secret, ...row } = result.data
    setCreated(result.data)
    setRows((all) => [{ ...row, createdAt: new Date(), lastUsedAt: null }, ...all])
    form.reset()
  })
  const busy = creating || busyRow !== null

  const confirm: ConfirmRequest | null = revoking && {
    title: texts.revokeTitle(revoking.name),
    text: said.revokeWarning,
    confirmLabel: texts.revoke,
    tone: 'danger',
  }

  return (
    <div className="profile-sessions profile-tokens" data-hydrated={hydrated || undefined}>
      <p className="profile-sessions-lead">{texts.lead}</p>
      {created && <CreatedTokenPanel created={created} hydrated={hydrated} onDone={() => setCreated(null)} />}
      <form className="profile-token-form" method="post" action="/users/profile/tokens" noValidate onSubmit={hydrated ? (event) => void create(event) : undefined} aria-busy={creating}>
        <ErrorSummary form={errors.form} attempt={errors.attempt} toasted={errors.attempt > 0} />
        <Field label={texts.name} name="name" hint={texts.nameHint} maxLength={TOKEN_NAME_MAX} autoComplete="off" required defaultValue={answered?.values.name} error={errorOf(errors.form, 'name')} />
        <Field label={texts.days} name="expiresInDays" hint={texts.daysHint(TOKEN_DAYS_MIN, TOKEN_DAYS_MAX)} type="number" min={TOKEN_DAYS_MIN} max={TOKEN_DAYS_MAX} step={1} defaultValue={answered?.values.expiresInDays ?? DEFAULT_DAYS} inputMode="numeric" required error={errorOf(errors.form, 'expiresInDays')} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {creating ? texts.creating : texts.create}
        </button>
      </form>
      <CardTable
        look="profile"
        empty={texts.empty}
        rows={rows}
        rowProps={(row) => ({ 'aria-busy': busyRow === row.id, 'data-token': row.id })}
        columns={[
          { label: texts.name, wide: true, cell: (row) => row.name },
          { label: texts.createdAt, cell: (row) => when(row.createdAt) },
          { label: texts.lastUsed, cell: (row) => (row.lastUsedAt ? when(row.lastUsedAt) : texts.never) },
          { label: texts.expires, cell: (row) => when(row.expiresAt) },
          {
            label: texts.action,
            unseen: true,
            cell: (row) =>
              hydrated ? (
                <button type="button" className="profile-action-danger" disabled={busy} onClick={() => setRevoking(row)} aria-label={`${texts.revoke} : ${row.name}`}>
                  {busyRow === row.id ? texts.revoking : texts.revoke}
                </button>
              ) : (
                // Without JavaScript, the dialog is a page asking the same (contract §8).
                <a className="profile-action-danger" href={`/users/profile/tokens/${row.id}/revoke`} aria-label={`${texts.revoke} : ${row.name}`}>
                  {texts.revoke}
                </a>
              ),
          },
        ]}
      />
      <ConfirmDialog request={confirm} onConfirm={() => revoking && void revoke(revoking)} onCancel={() => setRevoking(null)} />
    </div>
  )
}

/** The token, this once: selectable, with a copy button and the warning that it will not be shown again. */
function CreatedTokenPanel({ created, hydrated, onDone }: { created: CreatedToken; hydrated: boolean; onDone: () => void }) {
  const texts = useWords(tokenWords)
  const id = useId()
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token)
      showToast('success', texts.copied)
    } catch {
      showToast('error', texts.copyFailed)
    }
  }
  return (
    <div className="profile-token-created" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="profile-token-created-title">
        {texts.createdTitle} : « {created.name} »
      </h3>
      <p className="profile-token-warning">{texts.createdWarning}</p>
      <label htmlFor={`${id}-token`} className="sr-only">
        {texts.createdTitle}
      </label>
      <input id={`${id}-token`} className="profile-token-value" value={created.token} readOnly spellCheck={false} onFocus={(event) => event.currentTarget.select()} data-token-value="" />
      <p className="profile-token-expiry">
        {texts.expires} {when(created.expiresAt)}
      </p>
      {/* Copying and closing need a script: without one, the token is selected and copied by hand, and leaving the page hides it. */}
      {hydrated && (
        <div className="profile-actions">
          <button type="button" className="button button-primary" onClick={() => void copy()}>
            {texts.copy}
          </button>
          <button type="button" className="button button-secondary" onClick={onDone}>
            {texts.done}
          </button>
        </div>
      )}
    </div>
  )
}
