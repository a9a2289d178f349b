import { useState } from 'react'
import { api } from '../client/api.js'
import { showToast } from '../client/toast.js'
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.js'
import { useHydrated } from '../components/useHydrated.js'
import { twoFactorResetPage } from '../../src/modules/identity/two-factor-validation.js'
import { twoFactorResetWords } from '../../src/modules/identity/two-factor-words.js'
import { useWords } from '../runtime/words.js'

interface TwoFactorResetProps {
  userId: number
  username: string
  /** Two-factor is on for this client (the button shows only then). */
  enabled: boolean
}

/**
 * An administrator on a client's profile: turns the client's two-factor off after a confirmation
 * (POST /api/users/2fa/reset/:id); the client is told by mail and signed out everywhere. Without
 * JavaScript (contract §8) the button is a link to a page asking the same, posting to itself.
 */
export default function TwoFactorReset({ userId, username, enabled }: TwoFactorResetProps) {
  const words = useWords(twoFactorResetWords)
  const hydrated = useHydrated()
  const [on, setOn] = useState(enabled)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirmRequest: ConfirmRequest = { title: words.title, text: words.text(username), confirmLabel: words.confirmLabel, tone: 'danger' }

  async function confirm() {
    setAsking(false)
    setBusy(true)
    const result = await api(`/api/users/2fa/reset/${userId}`, { method: 'POST' })
    setBusy(false)
    if (!result.ok) return showToast('error', result.message)
    setOn(false)
    showToast('success', result.data.message ?? words.disabled)
  }

  return (
    <div className="profile-twofactor" aria-busy={busy} data-hydrated={hydrated || undefined}>
      <p role="status">{on ? words.on : words.off}</p>
      {on &&
        (hydrated ? (
          <button type="button" className="button button-danger" disabled={busy} onClick={() => setAsking(true)}>
            {busy ? words.disabling : words.disable}
          </button>
        ) : (
          <a className="button button-danger" href={twoFactorResetPage(userId)}>
            {words.disable}
          </a>
        ))}
      <ConfirmDialog request={asking ? confirmRequest : null} onConfirm={() => void confirm()} onCancel={() => setAsking(false)} />
    </div>
  )
}
